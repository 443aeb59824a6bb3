import { readFileSync, readdirSync } from 'node:fs';
import { it } from 'vitest';
import { EmbeddedSearch } from '../../src/client/search/engine.ts';
it('scratch', () => {
  const f = readdirSync('out/search').find((n) => n.startsWith('v11'))!;
  const t0 = performance.now();
  const s = new EmbeddedSearch(JSON.parse(readFileSync(`out/search/${f}`, 'utf8')));
  console.log('index ms', performance.now() - t0);
  for (const q of ['promse', 'Array.map', '->', '@module', 'switch', 'pipe', 'Array.ma', 'async await', 'xyzzy']) {
    const t = performance.now();
    const r = s.search({ query: q, hitsPerPage: 20, attributesToSnippet: ['content:10'], highlightPreTag: '<mark>', highlightPostTag: '</mark>', facetFilters: [['version:v11.0.0', 'version:none']] });
    console.log(q, r.nbHits, (performance.now() - t).toFixed(1), r.hits.slice(0, 4).map((h) => `${h.type} ${h.url} | ${(h._snippetResult['content'] as { value: string } | undefined)?.value ?? ''}`.slice(0, 160)));
  }
});
