// The syntax lookup's ranking (src/components/syntax/fuzzy.ts), which runs in the browser.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { editDistance, matchEntry, nameForms, normalize, rankEntries, TIER, type Searchable } from '../../src/components/syntax/fuzzy.ts';

const entries: Searchable[] = [
  { name: '@as', keywords: ['as', 'rename', 'field name'], summary: 'Gives a field a different name in the output.' },
  { name: 'as (pattern alias)', keywords: ['alias', 'pattern alias'] },
  { name: 'switch', keywords: ['match', 'pattern matching'], summary: 'Compares a value against patterns.' },
  { name: '@react.component', keywords: ['component', 'jsx'] },
  { name: '-> (pipe)', keywords: ['pipe', '->', 'chain'] },
  { name: '|> (pipe last)', keywords: ['|>', 'pipe last'] },
  { name: 'Some(x) / None (option)', keywords: ['option', 'null'] },
  { name: 'let', keywords: ['binding', 'variable'] },
  { name: '@get', keywords: ['property', 'getter'], summary: 'Reads a property of an object, as in a class.' },
  { name: '@deprecated', keywords: ['deprecated', 'obsolete'], summary: 'Marks a value so that every use of it warns.' },
];
const names = (query: string, list: readonly Searchable[] = entries) => rankEntries(query, list).map((r) => r.entry.name);
const tier = (query: string, name: string) => matchEntry(query, entries.find((e) => e.name === name)!).tier;

/** The site's own entries, as the page gives them to the search box. */
const dir = path.join(import.meta.dirname, '../../content/syntax-lookup');
const site: (Searchable & { id: string })[] = readdirSync(dir)
  .filter((f) => f.endsWith('.mdx'))
  .map((f) => {
    const data = YAML.parse(/^---\n([\s\S]*?)\n---/.exec(readFileSync(path.join(dir, f), 'utf8'))![1]!) as Record<string, unknown>;
    return { id: String(data['id']), name: String(data['name']), keywords: data['keywords'] as string[], summary: String(data['summary']) };
  });
const siteIds = (query: string) => rankEntries(query, site).map((r) => r.entry.id);

describe('nameForms', () => {
  it('knows a name with and without its @, either side of a slash, and by its gloss', () => {
    expect(nameForms('-> (pipe)')).toEqual(['-> (pipe)', '->', 'pipe']);
    expect(nameForms('@@directive')).toEqual(['@@directive', 'directive']);
    expect(nameForms('Some(x) / None (option)')).toEqual(expect.arrayContaining(['Some(x)', 'None (option)', 'None', 'option']));
  });
});

describe('matchEntry', () => {
  it('ranks kinds of match: exact name or keyword, name prefix, keyword, then summary and typos', () => {
    expect(tier('as', '@as')).toBe(TIER.exact); // the name without its @
    expect(tier('pipe', '-> (pipe)')).toBe(TIER.exact); // its gloss
    expect(tier('null', 'Some(x) / None (option)')).toBe(TIER.exact); // a keyword
    expect(tier('swi', 'switch')).toBe(TIER.namePrefix);
    expect(tier('prop', '@get')).toBe(TIER.keyword);
    expect(tier('component', '@react.component')).toBe(TIER.exact);
    expect(tier('comp', '@react.component')).toBe(TIER.keyword); // a word inside the name
    expect(tier('patterns', 'switch')).toBe(TIER.loose); // a summary word
    expect(tier('swithc', 'switch')).toBe(TIER.loose); // a typo
    expect(tier('rct', '@react.component')).toBe(TIER.loose); // an abbreviation
    expect(tier('xyz', 'switch')).toBe(TIER.none);
  });

  it('keeps short queries strict: only the starts of names, keywords and their words match', () => {
    expect(tier('let', '@deprecated')).toBe(TIER.none); // inside "obsolete"
    expect(tier('as', '@get')).toBe(TIER.none); // inside "class" in the summary
    expect(tier('as', 'switch')).toBe(TIER.none); // "against": summary words need three letters
    expect(tier('le', 'let')).toBe(TIER.namePrefix);
  });

  it('tolerates one typo in words of four letters or more, two from seven, not more', () => {
    expect(tier('swich', 'switch')).toBe(TIER.loose);
    expect(tier('deprectaed', '@deprecated')).toBe(TIER.loose);
    expect(tier('qwxtch', 'switch')).toBe(TIER.none);
    expect(tier('lte', 'let')).toBe(TIER.none); // three letters: no typos
  });

  it('ignores case and surrounding whitespace; an empty query matches nothing', () => {
    expect(normalize('  Pipe   LAST ')).toBe('pipe last');
    expect(tier('  SWITCH ', 'switch')).toBe(TIER.exact);
    expect(names('   ')).toEqual([]);
  });
});

describe('rankEntries', () => {
  it('puts an exact match first, then name prefixes, then keyword and looser matches', () => {
    expect(names('pipe')).toEqual(['-> (pipe)', '|> (pipe last)']);
    expect(names('as').slice(0, 2)).toEqual(['@as', 'as (pattern alias)']);
    expect(names('swithc')[0]).toBe('switch');
    expect(names('rct')[0]).toBe('@react.component');
  });

  it('needs every word of a query to match, and ranks by the weakest', () => {
    expect(names('pipe last')).toEqual(['|> (pipe last)']);
    expect(names('pattern matching')).toEqual(['switch']);
    expect(names('pipe zebra')).toEqual([]);
  });

  it('treats the query as text: pattern characters have no special meaning', () => {
    expect(names('.*')).toEqual([]);
    expect(names('(x)')).toEqual(['Some(x) / None (option)']);
    expect(() => names('[(\\')).not.toThrow();
  });

  it('on the site\'s entries, lists first the entry a query names (the audit\'s let, option and as)', () => {
    expect(siteIds('let')[0]).toBe('let-binding');
    expect(siteIds('option')[0]).toBe('some-none');
    const as = rankEntries('as', site);
    expect(as[0]!.entry.id).toBe('as-decorator');
    expect(as.map((r) => r.entry.id)).toContain('pattern-alias');
    // Each result of "as" says "as" at the start of its name, a keyword or a word of them.
    for (const { entry, match } of as) expect(match.tier, entry.name).toBeGreaterThanOrEqual(TIER.keyword);
    expect(as.map((r) => r.entry.id)).not.toEqual(expect.arrayContaining(['set-decorator']));
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps, up to a limit', () => {
    expect(editDistance('switch', 'switch', 2)).toBe(0);
    expect(editDistance('swtch', 'switch', 2)).toBe(1);
    expect(editDistance('swithc', 'switch', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2); // gave up past the limit
  });
});
