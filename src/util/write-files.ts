// The loop that writes a site's files off the main thread (pipeline/write.ts's OutputWriter). It
// runs on a thread of its own (WRITER_THREAD), or on a thread docsgen already runs for other work:
// while the pages compile, the highlight thread (render/highlight-worker.ts) hosts it, which saves
// booting one more Node environment (~40 ms of CPU, taken from the two busy threads on two cores).
import type * as Fs from 'node:fs';
import type * as Path from 'node:path';
import type { MessagePort } from 'node:worker_threads';

/** A piece of a file: bytes in shared memory, or `[at, length]`, bytes of the writer's ring (`HostWrites.ring`). */
export type WritePiece = Uint8Array | [at: number, length: number];

/** One file: its absolute path and its bytes, in pieces written one after another. */
export interface WriteJob {
  path: string;
  pieces: WritePiece[];
  bytes: number;
}

/** What the writes' port carries to the thread: a batch of files, or the end of the writes. */
export type WriteMessage = WriteJob[] | { type: 'done' };
/** What the thread answers: `done` once every file sent before the end is on disk; `error` on the first failure. */
export type WriteReply = { type: 'done' } | { type: 'error'; message: string };
/**
 * How a thread is asked to host the writes: the port they arrive on, the counter of files written,
 * and the ring, shared memory most files' bytes are copied into (pipeline/write.ts).
 */
export interface HostWrites {
  type: 'write';
  port: MessagePort;
  progress: Int32Array;
  ring: SharedArrayBuffer;
}

/**
 * Writes each batch of files that arrives on `port`, in order; counts each file in `progress[0]`
 * (waking a main thread that waits for room) and reports the first failure (later files are then
 * only counted). Self-contained, its modules given as parameters: WRITER_THREAD runs its source.
 */
export function serveWrites({ port, progress, ring }: HostWrites, fs: typeof Fs, path: typeof Path): void {
  const ringBytes = new Uint8Array(ring);
  const made = new Set<string>();
  let failed = false;
  port.on('message', (m: WriteMessage) => {
    if (!Array.isArray(m)) return port.postMessage({ type: 'done' } satisfies WriteReply);
    for (const file of m) {
      try {
        if (!failed) {
          const dir = path.dirname(file.path);
          if (!made.has(dir)) {
            fs.mkdirSync(dir, { recursive: true });
            made.add(dir);
          }
          const fd = fs.openSync(file.path, 'w');
          try {
            let at = 0;
            for (const piece of file.pieces) {
              const bytes = Array.isArray(piece) ? ringBytes.subarray(piece[0], piece[0] + piece[1]) : piece;
              for (let done = 0; done < bytes.byteLength; ) done += fs.writeSync(fd, bytes, done, bytes.byteLength - done, at + done);
              at += bytes.byteLength;
            }
          } finally {
            fs.closeSync(fd);
          }
        }
      } catch (err) {
        failed = true;
        port.postMessage({ type: 'error', message: String((err as Error | undefined)?.message ?? err) } satisfies WriteReply);
      }
      Atomics.add(progress, 0, 1);
      Atomics.notify(progress, 0);
    }
  });
}

/** A thread of its own for the writes: it hosts them as the highlight thread would (`HostWrites`). */
export const WRITER_THREAD = `
const { parentPort } = require('node:worker_threads');
parentPort.once('message', (m) => (${serveWrites.toString()})(m, require('node:fs'), require('node:path')));
`;
