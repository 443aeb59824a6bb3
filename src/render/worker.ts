// Render worker: a warm highlighter and processor per thread. It either compiles batches of pages
// (the worker pool of large builds) or highlights code blocks sent over a port (the highlight
// thread of smaller builds, see src/pipeline/highlight-thread.ts).
import { parentPort, type MessagePort } from 'node:worker_threads';
import { compilePage, type CompileContext, type CompileInput } from './compile.ts';
import { ensureLanguages, getHighlighter, highlightToHtml, languagesIn, type HighlightOptions } from './highlight.ts';

export type WorkerRequest =
  | { type: 'init'; ctx: CompileContext }
  | { type: 'compile'; batch: number; inputs: CompileInput[] }
  | { type: 'highlight'; port: MessagePort }
  | { type: 'exit' };

/** Set by bin/load.cjs: writes this thread's code cache if it still owes one. */
const saveCodeCaches = (globalThis as { [k: symbol]: (() => void) | undefined })[Symbol.for('docsgen.saveCodeCaches')];

let ctx: CompileContext | undefined;
let highlightPort: MessagePort | undefined;
const port = parentPort;
// Warm up while the main thread is still reading content.
void getHighlighter();

/** Highlights each batch of jobs that arrives on `jobs`, in order, and answers with their HTML. */
function serveHighlights(jobs: MessagePort): void {
  let queue = Promise.resolve();
  jobs.on('message', (batch: HighlightOptions[]) => {
    queue = queue.then(async () => {
      const highlighter = await getHighlighter();
      await ensureLanguages(highlighter, new Set(batch.map((job) => job.lang)));
      jobs.postMessage(batch.map((job) => highlightToHtml(highlighter, job)));
    });
  });
}

if (port) {
  port.on('message', async (msg: WorkerRequest) => {
    if (msg.type === 'exit') {
      saveCodeCaches?.();
      highlightPort?.close();
      port.close();
      return;
    }
    if (msg.type === 'highlight') {
      highlightPort = msg.port;
      serveHighlights(msg.port);
      return;
    }
    if (msg.type === 'init') {
      ctx = msg.ctx;
      await getHighlighter();
      port.postMessage({ type: 'ready' });
      return;
    }
    const highlighter = await getHighlighter();
    await ensureLanguages(highlighter, new Set(msg.inputs.flatMap((i) => [...languagesIn(i.raw)])));
    const results = msg.inputs.map((input) => compilePage(input, ctx!, highlighter));
    port.postMessage({ type: 'done', batch: msg.batch, results });
  });
}
