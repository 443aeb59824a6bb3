import { readFileSync, readdirSync } from 'node:fs';
import { EmbeddedSearch } from '/work/wt-search/src/client/search/engine.ts';
const dir = process.argv[2] ?? '/tmp/wt-search-out/search';
const files = readdirSync(dir);
const eng = (v: string) => new EmbeddedSearch(JSON.parse(readFileSync(`${dir}/${files.find((f) => f.startsWith(v + '-'))!}`, 'utf8')));
const cases: [string, string, RegExp][] = [
  ['v11.0.0', 'promise', /\/docs\/manual\/v11.0.0\/promise$/],
  ['v12.0.0', 'promise', /\/docs\/manual\/v12.0.0\/promise$/],
  ['v11.0.0', 'option', /null-undefined-option$/],
  ['v12.0.0', 'option', /null-undefined-option$/],
  ['v11.0.0', 'null', /null-undefined-option$/],
  ['v11.0.0', 'external', /\/external$/],
  ['v11.0.0', 'compiler warnings', /warning-numbers$/],
  ['v12.0.0', 'rescript.json', /build-configuration$/],
  ['v9.0.0', 'Js.Array', /api\/js\/array$/],
  ['v9.0.0', 'Js.Dict', /api\/js\/dict$/],
  ['v11.0.0', 'Js.Array', /api\/js\/array$/],
  ['v10.0.0', 'Belt.Array', /api\/belt\/array$/],
  ['v11.0.0', 'Belt.Set', /api\/belt\/set$/],
  ['v12.0.0', 'Belt.Set', /api\/belt\/set$/],
];
const engines = new Map<string, EmbeddedSearch>();
for (const [v, q, re] of cases) {
  if (!engines.has(v)) engines.set(v, eng(v));
  const r = engines.get(v)!.search({ query: q, hitsPerPage: 1000, facetFilters: [[`version:${v}`, 'version:none']] });
  const rank = r.hits.findIndex((h) => re.test(h.url)) + 1;
  console.log(`${v} ${JSON.stringify(q)} rank=${rank || 'none'} of ${r.nbHits}; top: ${r.hits.slice(0, 4).map((h) => h.url.replace(/^\/docs\/manual\/[^/]+\//, '') + '[' + (h.hierarchy.lvl1) + ']').join(', ')}`);
}
if (process.argv[3]) for (const q of process.argv.slice(3)) { const [v, query] = q.split(':'); const r = eng(v!).search({ query: query!, hitsPerPage: 8, facetFilters: [[`version:${v}`, 'version:none']] }); console.log(q, r.hits.map((h) => `${h.url} | ${h.hierarchy.lvl1} > ${h.hierarchy.lvl2 ?? ''} > ${h.hierarchy.lvl3 ?? ''}`)); }
