import { it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { EmbeddedSearch } from '../../src/client/search/engine.ts';
it('q', () => {
  const cache = new Map<string, EmbeddedSearch>();
  for (const [version, query] of (process.env.Q ?? '').split(';').map((x) => x.split(':'))) {
    const f = readdirSync('out/search').find((n) => n.startsWith(version + '-'))!;
    if (!cache.has(f)) cache.set(f, new EmbeddedSearch(JSON.parse(readFileSync('out/search/' + f, 'utf8'))));
    const r = cache.get(f)!.search({ query, hitsPerPage: 4 });
    console.log(`== ${version} "${query}"\n` + r.hits.map((h) => `  ${h.type} ${h.url} | ${h.hierarchy.lvl1} > ${h.hierarchy.lvl2 ?? ''}`).join('\n'));
  }
});
