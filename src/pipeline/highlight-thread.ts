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
  private readonly jobs: HighlightOptions[] = [];
  private readonly answers: string[] = [];
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
    return this.jobs.length;
  }

  get answered(): number {
    return this.answers.length;
  }

  /** The compile step's highlighter: queues the job and returns where its HTML goes. */
  readonly highlight = (options: HighlightOptions): string => {
    this.jobs.push(options);
    return `\u0000docsgen-highlight-${this.jobs.length - 1}\u0000`;
  };

  /** Sends the jobs queued since the last flush. */
  flush(): void {
    if (this.sent === this.jobs.length || this.failed) return;
    this.port.postMessage(this.jobs.slice(this.sent));
    this.sent = this.jobs.length;
  }

  /** Takes in the answers that have arrived, without waiting. */
  poll(): void {
    for (let msg = receiveMessageOnPort(this.port); msg; msg = receiveMessageOnPort(this.port)) {
      this.answers.push(...(msg.message as string[]));
    }
  }

  /** Waits until every queued job is answered; if the thread died, highlights the rest here. */
  async settle(): Promise<void> {
    this.flush();
    this.poll();
    while (this.answers.length < this.jobs.length && !this.failed) {
      let onMessage!: (answer: string[]) => void;
      const answered = new Promise<void>((resolve) => {
        onMessage = (answer) => {
          this.answers.push(...answer);
          resolve();
        };
        this.port.once('message', onMessage);
      });
      await Promise.race([answered, this.died]);
      this.port.off('message', onMessage);
    }
    this.poll(); // what it answered before it died
    if (this.answers.length < this.jobs.length) this.answers.push(...(await highlightAll(this.jobs.slice(this.answers.length))));
  }

  /** `html` with each placeholder replaced by its answer (every job in it must be answered). */
  fill(html: string): string {
    return html.includes('\u0000docsgen-highlight-') ? html.replace(PLACEHOLDER, (_, id: string) => this.answers[Number(id)]!) : html;
  }

  close(): void {
    this.port.close();
  }
}
