import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { highlightAll, type HighlightOptions } from '../render/highlight.ts';
import { blockKey } from '../render/block-key.ts';
import type { HighlightPortMessage } from '../render/highlight-worker.ts';

/** What opens a block's placeholder; the job's number and a NUL close it. */
const MARK = '\u0000docsgen-highlight-';
/** Jobs sent in one message at least, while the thread is busy with the last one. */
const BATCH_JOBS = 64;
/** HTML kept of blocks answered lately, in characters (one byte each for most highlighted code). */
const RECENT_CHARS = 8_000_000;

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
 *
 * A block whose HTML is known already (`reuse`: the page's last compiled record had the same block)
 * is answered on the spot and never sent. `fill` says where each block's HTML ends up in the page
 * (`CompiledPage.blocks`), so the next compile of the page can reuse it in turn.
 */
export class HighlightThread {
  private readonly port: MessagePort;
  /** Jobs not sent yet, with their numbers. */
  private pending: HighlightOptions[] = [];
  private pendingIds: number[] = [];
  /** Jobs sent and not answered yet, one batch per message (each message is answered by one). */
  private readonly inflight: { jobs: HighlightOptions[]; ids: number[] }[] = [];
  /**
   * Answers and block keys by job number, each dropped once its page is filled in: holding every
   * block's HTML until the end of the build made peak memory grow with the site. Maps, not arrays
   * indexed by job: an array keeps a slot for every job of the build (4 MB at ×4 of the bench
   * corpus, holes and all).
   */
  private readonly answers = new Map<number, string>();
  private readonly keys = new Map<number, string>();
  /** Jobs numbered so far, and how many of the first are answered (`answered`). */
  private next = 0;
  private firstUnanswered = 0;
  /** Block key → HTML for the page being compiled (`reuseFor`). */
  private known: ReadonlyMap<string, string> | undefined;
  /**
   * Blocks answered lately, key → HTML, oldest first, at most RECENT_CHARS of HTML: the same block
   * recurs across a site's versions (25,585 jobs, 7,829 distinct blocks on the repo site), and
   * each repeat sent to the thread cost a copy of its code there and of its HTML back.
   */
  private readonly recent = new Map<string, string>();
  private recentChars = 0;
  /** Block key → the job sent for it and not answered yet, and the later jobs of the same block. */
  private readonly sentFor = new Map<string, { id: number; repeats: number[] }>();
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

  /** Jobs numbered so far: a page compiled now is complete once `answered` reaches this. */
  get queued(): number {
    return this.next;
  }

  /** How many of the first jobs are answered. */
  get answered(): number {
    return this.firstUnanswered;
  }

  /**
   * Tells the thread which grammars the coming jobs will want, so it loads and warms them up now,
   * while this thread parses, instead of when their first job arrives. Not answered.
   */
  prepare(grammars: Iterable<string>): void {
    const message: HighlightPortMessage = { warm: [...new Set(grammars)] };
    if (message.warm.length > 0 && !this.failed) this.port.postMessage(message);
  }

  /** Blocks of the page about to compile whose HTML is known (key → HTML), or undefined. */
  reuseFor(known: ReadonlyMap<string, string> | undefined): void {
    this.known = known;
  }

  /** The compile step's highlighter: queues the job (or answers it from `reuseFor`) and returns where its HTML goes. */
  readonly highlight = (options: HighlightOptions): string => {
    const id = this.next++;
    const key = blockKey(options);
    this.keys.set(id, key);
    const known = this.known?.get(key) ?? this.recent.get(key);
    const sent = known === undefined ? this.sentFor.get(key) : undefined;
    if (known !== undefined) this.answer(id, known);
    else if (sent) sent.repeats.push(id);
    else {
      this.sentFor.set(key, { id, repeats: [] });
      this.pending.push(options);
      this.pendingIds.push(id);
    }
    return `${MARK}${id}\u0000`;
  };

  /** A sent job's answer: for it, the repeats of its block asked for meanwhile, and later ones. */
  private answerSent(id: number, html: string): void {
    this.answer(id, html);
    const key = this.keys.get(id);
    if (key === undefined) return;
    const sent = this.sentFor.get(key);
    if (sent?.id === id) {
      this.sentFor.delete(key);
      for (const repeat of sent.repeats) this.answer(repeat, html);
    }
    if (!this.recent.has(key)) {
      this.recent.set(key, html);
      this.recentChars += html.length;
      for (const [old, oldHtml] of this.recent) {
        if (this.recentChars <= RECENT_CHARS) break;
        this.recent.delete(old);
        this.recentChars -= oldHtml.length;
      }
    }
  }

  private answer(id: number, html: string): void {
    this.answers.set(id, html);
    // An answer leaves `answers` only once its page is filled in, after every earlier one came.
    while (this.answers.has(this.firstUnanswered)) this.firstUnanswered++;
  }

  /**
   * Sends the jobs queued since the last flush when the thread is idle (it has every answer in), or
   * when they are many; `force` sends them anyway. Each message wakes the thread, and on two cores
   * a message per page (1,000 pages: 433 ms of the main thread's samples in postMessage) cost more
   * than the highlighting it asked for; jobs queued while the thread works go in one message.
   */
  flush(force = false): void {
    if (this.pending.length === 0 || this.failed) return;
    if (!force && this.inflight.length > 0 && this.pending.length < BATCH_JOBS) return;
    this.port.postMessage(this.pending);
    this.inflight.push({ jobs: this.pending, ids: this.pendingIds });
    this.pending = [];
    this.pendingIds = [];
  }

  private take(answer: string[]): void {
    const batch = this.inflight.shift();
    batch?.ids.forEach((id, i) => this.answerSent(id, answer[i]!));
  }

  /** Takes in the answers that have arrived, without waiting. */
  poll(): void {
    for (let msg = receiveMessageOnPort(this.port); msg; msg = receiveMessageOnPort(this.port)) this.take(msg.message as string[]);
  }

  /**
   * Waits until every queued job is answered; if the thread died, highlights the rest here.
   * `onAnswers` is called each time answers come in meanwhile.
   */
  async settle(onAnswers?: () => void): Promise<void> {
    this.flush(true);
    this.poll();
    while (this.firstUnanswered < this.next && !this.failed) {
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
      this.poll();
      onAnswers?.();
    }
    this.poll(); // what it answered before it died
    const rest = [...this.inflight, { jobs: this.pending, ids: this.pendingIds }];
    const jobs = rest.flatMap((b) => b.jobs);
    if (jobs.length > 0) {
      const html = await highlightAll(jobs);
      rest.flatMap((b) => b.ids).forEach((id, i) => this.answerSent(id, html[i]!));
    }
    this.inflight.length = 0;
    this.pending = [];
    this.pendingIds = [];
  }

  /**
   * `html` with each placeholder replaced by its answer (every job in it must be answered), which is
   * then let go; and each block's key and place in the result, for the next compile of the page.
   */
  fill(html: string): { html: string; blocks: [key: string, start: number, end: number][] } {
    const blocks: [string, number, number][] = [];
    let at = html.indexOf(MARK);
    if (at === -1) return { html, blocks };
    // The page is cut at its placeholders with indexOf and joined once: a global regex replace with
    // a callback, or a string grown piece by piece, cost more on pages with hundreds of blocks.
    const pieces: string[] = [];
    let length = 0;
    let from = 0;
    while (at !== -1) {
      const close = html.indexOf('\u0000', at + MARK.length);
      const n = Number(html.slice(at + MARK.length, close));
      const answer = this.answers.get(n)!;
      pieces.push(html.slice(from, at), answer);
      length += at - from;
      blocks.push([this.keys.get(n)!, length, length + answer.length]);
      length += answer.length;
      this.answers.delete(n);
      this.keys.delete(n);
      from = close + 1;
      at = html.indexOf(MARK, from);
    }
    pieces.push(html.slice(from));
    return { html: pieces.join(''), blocks };
  }

  close(): void {
    this.port.close();
  }
}
