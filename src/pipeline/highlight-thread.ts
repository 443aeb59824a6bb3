import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { highlightAll, type HighlightOptions } from '../render/highlight.ts';

const PLACEHOLDER = /\u0000docsgen-highlight-(\d+)\u0000/g;

/**
 * Code highlighting on a thread of its own (compile-pages.ts says when: from 50 pages, and at every
 * size on two cores).
 *
 * Highlighting is a third of compiling a page, and much of a cold build's time is V8 warming up
 * (compiling the grammars' regexes, optimising the tokenizer and the parser). One thread that only
 * highlights warms up only the highlighter, while the main thread warms up only the rest: the
 * work splits without either thread repeating the other's warm-up, which a second full page
 * compiler must do.
 *
 * The main thread's compile puts a placeholder where each block's HTML goes (`highlight`), sends
 * the jobs after each page (`flush`), and fills the placeholders in once the answers are back
 * (`fill`). Answers come back in order, so job N is answered once N answers have arrived.
 */
export class HighlightThread {
  private readonly port: MessagePort;
  /** Jobs not sent yet. */
  private pending: HighlightOptions[] = [];
  /** Jobs sent and not answered yet, one batch per message (each message is answered by one). */
  private readonly inflight: HighlightOptions[][] = [];
  /**
   * Answers by job number, each dropped once its page is filled in: holding every block's HTML
   * until the end of the build made peak memory grow with the site.
   */
  private readonly answers: (string | undefined)[] = [];
  private sent = 0;
  private failed = false;
  private readonly died: Promise<void>;

  constructor(worker: Worker) {
    const { port1, port2 } = new MessageChannel();
    worker.postMessage({ type: 'highlight', port: port2 }, [port2]);
    this.port = port1;
    this.port.unref();
    this.died = new Promise((resolve) => {
      const die = () => ((this.failed = true), resolve());
      worker.once('error', die).once('exit', die);
    });
  }

  /** Jobs queued so far: a page compiled now is complete once `answered` reaches this. */
  get queued(): number {
    return this.sent + this.pending.length;
  }

  get answered(): number {
    return this.answers.length;
  }

  /** The compile step's highlighter: queues the job and returns where its HTML goes. */
  readonly highlight = (options: HighlightOptions): string => {
    this.pending.push(options);
    return `\u0000docsgen-highlight-${this.queued - 1}\u0000`;
  };

  /** Sends the jobs queued since the last flush. */
  flush(): void {
    if (this.pending.length === 0 || this.failed) return;
    this.port.postMessage(this.pending);
    this.inflight.push(this.pending);
    this.sent += this.pending.length;
    this.pending = [];
  }

  private take(answer: string[]): void {
    this.answers.push(...answer);
    this.inflight.shift();
  }

  /** Takes in the answers that have arrived, without waiting. */
  poll(): void {
    for (let msg = receiveMessageOnPort(this.port); msg; msg = receiveMessageOnPort(this.port)) this.take(msg.message as string[]);
  }

  /** Waits until every queued job is answered; if the thread died, highlights the rest here. */
  async settle(): Promise<void> {
    this.flush();
    this.poll();
    while (this.answers.length < this.queued && !this.failed) {
      let onMessage!: (answer: string[]) => void;
      const answered = new Promise<void>((resolve) => {
        onMessage = (answer) => {
          this.take(answer);
          resolve();
        };
        this.port.once('message', onMessage);
      });
      await Promise.race([answered, this.died]);
      this.port.off('message', onMessage);
    }
    this.poll(); // what it answered before it died
    const rest = [...this.inflight.flat(), ...this.pending];
    if (rest.length > 0) this.answers.push(...(await highlightAll(rest)));
    this.inflight.length = 0;
    this.pending = [];
  }

  /** `html` with each placeholder replaced by its answer (every job in it must be answered), which is then let go. */
  fill(html: string): string {
    if (!html.includes('\u0000docsgen-highlight-')) return html;
    const used: number[] = [];
    const filled = html.replace(PLACEHOLDER, (_, id: string) => {
      used.push(Number(id));
      return this.answers[Number(id)]!;
    });
    for (const id of used) this.answers[id] = undefined;
    return filled;
  }

  close(): void {
    this.port.close();
  }
}
