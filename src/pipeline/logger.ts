import type { Message } from './types.ts';
import { addStageTime, type Stage } from './stage-times.ts';

const STAGE_STEPS = new Set<string>(['load', 'api', 'validate', 'index', 'bundle', 'links', 'write']);

/** Fixed labels, one per stage (STYLE rule 7). */
export type LogLabel = 'load' | 'api' | 'validate' | 'compile' | 'index' | 'links' | 'render' | 'bundle' | 'write' | 'watch' | 'serve';

export interface LoggerOptions {
  quiet?: boolean;
  verbose?: boolean;
  /** Colours; default: on for a TTY unless NO_COLOR is set. */
  color?: boolean;
  stream?: NodeJS.WriteStream;
}

export class Logger {
  readonly quiet: boolean;
  readonly verbose: boolean;
  readonly color: boolean;
  readonly tty: boolean;
  private readonly out: NodeJS.WriteStream;
  private progressShown = false;

  constructor(opts: LoggerOptions = {}) {
    this.out = opts.stream ?? process.stderr;
    this.quiet = opts.quiet ?? false;
    this.verbose = opts.verbose ?? false;
    this.tty = Boolean(this.out.isTTY);
    this.color = opts.color ?? (this.tty && !('NO_COLOR' in process.env) && process.env['TERM'] !== 'dumb');
  }

  paint(code: number, text: string): string {
    return this.color ? `\x1b[${code}m${text}\x1b[0m` : text;
  }

  private line(text: string): void {
    this.clearProgress();
    this.out.write(`${text}\n`);
  }

  info(label: LogLabel, text: string): void {
    if (!this.quiet) this.line(`${this.paint(2, label.padEnd(8))} ${text}`);
  }

  debug(label: LogLabel, text: string): void {
    if (this.verbose) this.line(`${this.paint(2, label.padEnd(8))} ${text}`);
  }

  /** Always printed (also with --quiet). */
  error(text: string): void {
    this.line(text);
  }

  /** A live counter on a TTY; nothing otherwise (plain logs stay readable). */
  progress(label: LogLabel, done: number, total: number): void {
    if (this.quiet || !this.tty || total < 50) return;
    if (done !== total && done % 10 !== 0) return;
    this.out.write(`\r${this.paint(2, label.padEnd(8))} ${done}/${total} pages`);
    this.progressShown = true;
  }

  clearProgress(): void {
    if (this.progressShown) {
      this.out.write('\r\x1b[K');
      this.progressShown = false;
    }
  }

  /** Runs a named step, printing ✓/✗ and its time. */
  async step<T>(label: LogLabel, name: string, fn: () => Promise<T> | T): Promise<T> {
    const start = performance.now();
    try {
      const result = await fn();
      // Steps that interleave with others (compile: render and write run inside it) time their own parts.
      if (STAGE_STEPS.has(label)) addStageTime(label as Stage, performance.now() - start);
      this.debug(label, `${this.paint(32, '✓')} ${name} ${this.paint(2, formatMs(performance.now() - start))}`);
      return result;
    } catch (err) {
      this.debug(label, `${this.paint(31, '✗')} ${name}`);
      throw err;
    }
  }

  /** `path  line:col  severity  reason  rule` (unified's reporter format), then a hint. */
  report(messages: readonly Message[]): void {
    for (const m of messages) {
      const sev = m.severity === 'error' ? this.paint(31, 'error') : m.severity === 'warning' ? this.paint(33, 'warning') : 'info';
      this.line(`${m.file}:${m.line}:${m.column}  ${sev}  ${m.reason}  ${this.paint(2, m.ruleId)}`);
      if (m.note) this.line(`  ${this.paint(2, m.note)}`);
    }
  }
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)}ms` : `${(ms / 1000).toFixed(1)}s`;
}
