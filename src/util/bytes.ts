/**
 * `text` as UTF-8 bytes in shared memory: the writer thread (src/pipeline/write.ts) writes such
 * bytes where they are, without a copy, and the caller's own reference stays valid.
 */
export function sharedUtf8(text: string): Buffer {
  const bytes = Buffer.from(new SharedArrayBuffer(Buffer.byteLength(text)));
  bytes.write(text);
  return bytes;
}

/**
 * `buffer` when it holds `size` bytes, else a new one of the next power of two: the growth of the
 * buffers reused from one read or record to the next (files.ts `readScratch`, cache.ts records).
 */
export function atLeast(buffer: Buffer<ArrayBuffer>, size: number): Buffer<ArrayBuffer> {
  return buffer.length >= size ? buffer : Buffer.allocUnsafeSlow(2 ** Math.ceil(Math.log2(size)));
}
