// A code block's identity for reusing its highlighted HTML (compile-pages.ts): language, marked
// lines and code. Cheap rather than cryptographic, since every block of a cold build is keyed (a
// SHA-1 per block cost ~50 ms of the repo site's build): two 32-bit FNV-1a hashes with different
// offset bases plus the length, so two different blocks of one page share a key with odds of
// about 2^-64.
import type { HighlightOptions } from './highlight.ts';

export function blockKey(options: HighlightOptions): string {
  const marked = options.highlight ? [...options.highlight].sort((a, b) => a - b).join(',') : '';
  const text = `${options.lang}\u0000${marked}\u0000${options.code}`;
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return `${text.length.toString(36)}.${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}`;
}
