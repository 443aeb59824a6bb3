// Highlight thread (src/pipeline/highlight-thread.ts): highlights the code blocks sent over a port.
// A bundle of its own: it needs shiki and the grammars, none of the Markdown or React stack.
import { parentPort, type MessagePort } from 'node:worker_threads';
import { getHighlighter, highlightAll, type HighlightOptions } from './highlight.ts';
import type { HighlightMessage } from '../pipeline/highlight-thread.ts';

export type HighlightWorkerRequest = { type: 'highlight'; port: MessagePort } | { type: 'exit' };

/** Set by bin/load.cjs: writes this thread's code cache if it still owes one. */
const saveCodeCaches = (globalThis as { [k: symbol]: (() => void) | undefined })[Symbol.for('docsgen.saveCodeCaches')];

// Warm up while the main thread is still reading content: the highlighter, then the regexes of the
// languages nearly every page uses (V8 compiles a grammar's regexes on their first use). A build
// that compiles one edited page would otherwise wait ~40 ms for exactly that, on its critical path.
// Shell, JSON and TypeScript are loaded too: their grammar modules (TypeScript's takes ~44 ms) then
// load while this thread would wait for its first jobs, not later beside the main thread's compile
// (cold build of 200 pages: 0.980 of the time, 16 alternated pairs; one edit of the repo site 1.00).
const WARM_UP: HighlightOptions[] = [
  { lang: 'rescript', code: 'module M = {\n  type t = {name: string}\n  let greet = (p: t) => `Hello ${p.name}` // hi\n}\nlet _ = [1, 2]->Array.map(x => x * 2)\n' },
  { lang: 'js', code: 'import * as M from "./M.res.js";\nfunction greet(p) {\n  return "Hello " + p.name; // hi\n}\nexport { greet };\n' },
  { lang: 'sh', code: 'npm install rescript\n' },
  { lang: 'json', code: '{ "name": "app", "sources": ["src"] }\n' },
  { lang: 'ts', code: 'export interface T { name: string }\n' },
];
void highlightAll(WARM_UP).catch(() => undefined);

/** Blocks highlighted ahead per turn of the event loop: a batch that arrives waits for at most these. */
const PREFETCH_SLICE = 4;
/** Blocks to highlight ahead kept at most. */
const PREFETCH_KEEP = 2000;

/**
 * Highlights each batch of jobs that arrives on `jobs`, in order, and answers with their HTML. In
 * between, while no batch waits, it highlights the blocks the main thread expects to ask for
 * (`prefetch` messages) a few at a time; their HTML stays in highlight.ts's memo for the batch
 * that asks for them.
 */
function serveHighlights(jobs: MessagePort): void {
  let queue = Promise.resolve();
  let batches = 0;
  const ahead: HighlightOptions[] = [];
  let next = 0;
  let pumping = false;
  const pump = (): void => {
    if (batches > 0 || next >= ahead.length) {
      pumping = false;
      if (next >= ahead.length) ahead.length = next = 0;
      return;
    }
    pumping = true;
    const slice = ahead.slice(next, next + PREFETCH_SLICE);
    next += slice.length;
    highlightAll(slice).then(
      () => setImmediate(pump),
      () => setImmediate(pump),
    );
  };
  jobs.on('message', (message: HighlightMessage) => {
    if (!Array.isArray(message)) {
      // Done ones let go; when this thread lags, the oldest guesses go unhighlighted (the
      // compile has asked for them by now) rather than piling up.
      ahead.splice(0, Math.max(next, ahead.length - PREFETCH_KEEP));
      next = 0;
      ahead.push(...message.prefetch);
      if (!pumping) setImmediate(pump);
      return;
    }
    batches++;
    queue = queue.then(async () => {
      jobs.postMessage(await highlightAll(message));
      if (--batches === 0 && !pumping) setImmediate(pump);
    });
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
