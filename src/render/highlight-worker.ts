// Highlight thread (src/pipeline/highlight-thread.ts): highlights the code blocks sent over a port.
// A bundle of its own: it needs shiki and the grammars, none of the Markdown or React stack.
import { parentPort, type MessagePort } from 'node:worker_threads';
import { highlightAll, WARM_UP, type HighlightOptions } from './highlight.ts';

export type HighlightWorkerRequest = { type: 'highlight'; port: MessagePort } | { type: 'exit' };

/** Set by bin/load.cjs: writes this thread's code cache if it still owes one. */
const saveCodeCaches = (globalThis as { [k: symbol]: (() => void) | undefined })[Symbol.for('docsgen.saveCodeCaches')];

// Warm up while the main thread is still reading content: the highlighter, then the grammars of
// the languages nearly every page uses (their modules load, and V8 compiles their regexes on first
// use), so neither is on the critical path once the first jobs arrive.
void highlightAll(WARM_UP).catch(() => undefined);

/** Highlights each batch of jobs that arrives on `jobs`, in order, and answers with their HTML. */
function serveHighlights(jobs: MessagePort): void {
  let queue = Promise.resolve();
  jobs.on('message', (batch: HighlightOptions[]) => {
    queue = queue.then(async () => jobs.postMessage(await highlightAll(batch)));
  });
}

const port = parentPort;
let jobs: MessagePort | undefined;
port?.on('message', (msg: HighlightWorkerRequest) => {
  if (msg.type === 'highlight') {
    jobs = msg.port;
    serveHighlights(msg.port);
    return;
  }
  saveCodeCaches?.();
  jobs?.close();
  port.close();
});
