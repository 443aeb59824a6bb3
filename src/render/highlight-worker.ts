// Highlight thread (src/pipeline/highlight-thread.ts): highlights the code blocks sent over a port.
// A bundle of its own: it needs shiki and the grammars, none of the Markdown or React stack.
import { parentPort, type MessagePort } from 'node:worker_threads';
import { getHighlighter, highlightAll, type HighlightOptions } from './highlight.ts';

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
