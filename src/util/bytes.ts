/**
 * `text` as UTF-8 bytes in shared memory: the writer thread (src/pipeline/write.ts) writes such
 * bytes where they are, without a copy, and the caller's own reference stays valid.
 */
export function sharedUtf8(text: string): Buffer {
  const bytes = Buffer.from(new SharedArrayBuffer(Buffer.byteLength(text)));
  bytes.write(text);
  return bytes;
}

/** UTF-8 bytes made of a text, by the object holding the text (a compiled page and its HTML). */
const made = new WeakMap<object, { text: string; bytes: Uint8Array }>();

/**
 * Notes that `bytes` (in shared memory) are `text` as UTF-8, for `sharedUtf8Of(holder, text)` to
 * take: a page's HTML is encoded once per build, into its compiled-page cache record, and its
 * output file is written from the same bytes.
 */
export function rememberUtf8(holder: object, text: string, bytes: Uint8Array): void {
  made.set(holder, { text, bytes });
}

/** `text` as UTF-8 in shared memory: the bytes remembered for `holder` if they are of this text (then forgotten), else made now. */
export function sharedUtf8Of(holder: object, text: string): Uint8Array {
  const known = made.get(holder);
  if (known) {
    made.delete(holder);
    if (known.text === text) return known.bytes;
  }
  return sharedUtf8(text);
}
