// A code block's identity for reusing its highlighted HTML (compile-pages.ts): language, marked
// lines, links and code. Every block of a cold build is keyed (~31,600 on the repo site, ~10 MB of code),
// so the cost is in hashing many short strings: one `crypto.hash` call per block (SHA-1 in native
// code, no Hash object) takes half the time of the FNV-1a loop in JavaScript it replaced (~60 vs
// ~120 ms for 10 MB of code in a fresh process, where that loop ran unoptimised for a while), and
// its key does not collide by chance. Base64: 27 characters, kept in every page's cache record.
import { hash } from 'node:crypto';
import { codeLinksText } from './code-links.ts';
import type { HighlightOptions } from './highlight.ts';

export function blockKey(options: HighlightOptions): string {
  const marked = options.highlight ? [...options.highlight].sort((a, b) => a - b).join(',') : '';
  const links = options.links && options.links.length > 0 ? `\u0000${codeLinksText(options.links)}` : '';
  return hash('sha1', `${options.lang}\u0000${marked}${links}\u0000${options.code}`, 'base64').slice(0, 27);
}
