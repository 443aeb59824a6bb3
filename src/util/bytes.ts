/**
 * `text` as UTF-8 bytes in shared memory: the writer thread (src/pipeline/write.ts) writes such
 * bytes where they are, without a copy, and the caller's own reference stays valid.
 */
export function sharedUtf8(text: string): Buffer {
  const bytes = Buffer.from(new SharedArrayBuffer(Buffer.byteLength(text)));
  bytes.write(text);
  return bytes;
}
