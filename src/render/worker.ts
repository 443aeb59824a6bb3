// Render worker: a warm highlighter and processor per thread, fed batches of pages.
import { parentPort } from 'node:worker_threads';
import { compilePage, type CompileContext, type CompileInput } from './compile.ts';
import { ensureLanguages, getHighlighter, languagesIn } from './highlight.ts';

export type WorkerRequest = { type: 'init'; ctx: CompileContext } | { type: 'compile'; batch: number; inputs: CompileInput[] } | { type: 'exit' };

/** Set by bin/load.cjs: writes this thread's code cache if it still owes one. */
const saveCodeCaches = (globalThis as { [k: symbol]: (() => void) | undefined })[Symbol.for('docsgen.saveCodeCaches')];

let ctx: CompileContext | undefined;
const port = parentPort;
// Warm up while the main thread is still reading content.
void getHighlighter();
if (port) {
  port.on('message', async (msg: WorkerRequest) => {
    if (msg.type === 'exit') {
      saveCodeCaches?.();
      port.close();
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
