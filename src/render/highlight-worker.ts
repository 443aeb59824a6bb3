// Highlight thread (src/pipeline/highlight-thread.ts): highlights the code blocks sent over a port.
// A bundle of its own: it needs shiki and the grammars, none of the Markdown or React stack.
// It also hosts the build's file writes (util/write-files.ts), when the writer is lent it.
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, type MessagePort } from 'node:worker_threads';
import { highlightAll, warmUpJobs, type HighlightOptions } from './highlight.ts';
import { serveWrites, type HostWrites } from '../util/write-files.ts';

export type HighlightWorkerRequest = { type: 'highlight'; port: MessagePort } | HostWrites | { type: 'exit' };

/** Set by bin/load.cjs: writes this thread's code cache if it still owes one. */
const saveCodeCaches = (globalThis as { [k: symbol]: (() => void) | undefined })[Symbol.for('docsgen.saveCodeCaches')];

// Warm up at once on ReScript, which nearly every page of a ReScript site has: the grammar loaded
// and its regexes compiled while the main thread loads the CLI and reads content. The other
// grammars are warmed up when the main thread says which its pages use (`warm`, before their
// jobs): warming up every grammar here cost a one-edit build 8 % of its time, its CPU taken from
// the main thread's GC and JIT threads (1.055 of the time, 30 pairs).
void highlightAll(warmUpJobs(['rescript'])).catch(() => undefined);

/** A message on the jobs port: a batch of jobs, answered by their HTML, or grammars to warm up (not answered). */
export type HighlightPortMessage = HighlightOptions[] | { warm: string[] };

/** Highlights each batch of jobs that arrives on `jobs`, in order, and answers with their HTML. */
function serveHighlights(jobs: MessagePort): void {
  let queue = Promise.resolve();
  jobs.on('message', (msg: HighlightPortMessage) => {
    queue = queue.then(async () => {
      if (!Array.isArray(msg)) await highlightAll(warmUpJobs(msg.warm)).catch(() => undefined);
      else jobs.postMessage(await highlightAll(msg));
    });
  });
}

const port = parentPort;
let jobs: MessagePort | undefined;
/** Ports of the writes hosted here: the writer hands the thread back before it is stopped, else they are cut. */
const writes: MessagePort[] = [];
port?.on('message', (msg: HighlightWorkerRequest) => {
  if (msg.type === 'highlight') {
    jobs = msg.port;
    serveHighlights(msg.port);
    return;
  }
  if (msg.type === 'write') {
    writes.push(msg.port);
    serveWrites(msg, fs, path);
    return;
  }
  saveCodeCaches?.();
  jobs?.close();
  for (const w of writes) w.close();
  port.close();
});
