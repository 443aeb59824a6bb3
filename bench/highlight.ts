// Highlighting micro-benchmark: every fenced block of a content tree, highlighted in one thread,
// twice (cold: grammars loaded and regexes compiled on first use; warm: the same work again, with
// docsgen's memo caches cleared). Run with `npm run bench:highlight -- DIR`.
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { clearHighlightCaches, ensureLanguages, getHighlighter, highlightToHtml, resolveLanguage } from '../src/render/highlight.ts';

const dir = process.argv[2] ?? 'content';
const blocks: { lang: string; code: string }[] = [];
for (const file of fg.sync('**/*.{md,mdx}', { cwd: dir, absolute: true })) {
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```/gm)) blocks.push({ lang: resolveLanguage(m[1]), code: m[2]!.replace(/\n$/, '') });
}
const hl = await getHighlighter();
await ensureLanguages(hl, new Set(blocks.map((b) => b.lang)));
const byLang = new Map<string, number>();
function pass(): number {
  clearHighlightCaches();
  const t0 = performance.now();
  for (const b of blocks) {
    const s = performance.now();
    highlightToHtml(hl, b);
    byLang.set(b.lang, (byLang.get(b.lang) ?? 0) + performance.now() - s);
  }
  return performance.now() - t0;
}
const cold = pass();
console.log("cold by language:", [...byLang].map(([l, t]) => `${l} ${t.toFixed(0)} ms`).join("  "));
byLang.clear();
const warm = pass();
console.log(`${path.basename(path.resolve(dir))}: ${blocks.length} blocks  cold ${cold.toFixed(0)} ms  warm ${warm.toFixed(0)} ms`);
console.log([...byLang].map(([l, t]) => `${l} ${t.toFixed(0)} ms`).join('  '));
