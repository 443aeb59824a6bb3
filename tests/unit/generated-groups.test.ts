// Groups of generated files (src/pipeline/incremental/generated.ts): an incremental build keeps a
// version's search index and llms files when the pages they are made from are unchanged.
import { describe, expect, it } from 'vitest';
import { generatedKeys, keptGroups, keptSearchIndexes, recordGroups } from '../../src/pipeline/incremental/generated.ts';
import { classify } from '../../src/pipeline/load.ts';
import type { Page } from '../../src/pipeline/types.ts';
import { skippableVersions } from '../../src/search/companions.ts';

function page(id: string, hash: string): Page {
  const where = classify(id);
  return { source: { id, hash, ...where }, meta: { title: id } } as unknown as Page;
}

const site = (edits: Record<string, string> = {}) =>
  [
    'docs/manual/v11.0.0/pipe.mdx',
    'docs/manual/v11.0.0/record.mdx',
    'docs/manual/v12.0.0/pipe.mdx',
    'docs/react/latest/hooks.mdx',
    'blog/2025-01-01-release.mdx',
    'index.mdx',
  ].map((id) => page(id, edits[id] ?? 'h0'));

describe('generated file groups', () => {
  it('change the key of the edited page\'s version only', () => {
    const before = generatedKeys(site(), 'v11.0.0');
    const after = generatedKeys(site({ 'docs/manual/v12.0.0/pipe.mdx': 'h1' }), 'v11.0.0');
    const changed = [...after.keys()].filter((g) => before.get(g) !== after.get(g)).sort();
    expect(changed).toEqual(['llms:manual/v12.0.0', 'search:v12.0.0']);
  });

  it('change every search index when an unversioned page changes (its records are in all of them), and no llms file', () => {
    const before = generatedKeys(site(), 'v11.0.0');
    const after = generatedKeys(site({ 'blog/2025-01-01-release.mdx': 'h1' }), 'v11.0.0');
    const changed = [...after.keys()].filter((g) => before.get(g) !== after.get(g)).sort();
    expect(changed).toEqual(['search:latest', 'search:v11.0.0', 'search:v12.0.0']);
  });

  it('change the indexes that search a section as a companion when its page changes (search/companions.ts)', () => {
    const companions = new Map([['v12.0.0', ['latest']], ['v11.0.0', ['latest']], ['latest', ['v11.0.0']]]);
    const before = generatedKeys(site(), 'v11.0.0', companions);
    const react = generatedKeys(site({ 'docs/react/latest/hooks.mdx': 'h1' }), 'v11.0.0', companions);
    expect([...react.keys()].filter((g) => before.get(g) !== react.get(g)).sort()).toEqual(['llms:react/latest', 'search:latest', 'search:v11.0.0', 'search:v12.0.0']);
    // v12 is nobody's companion: an edit there remakes its own index only.
    const v12 = generatedKeys(site({ 'docs/manual/v12.0.0/pipe.mdx': 'h1' }), 'v11.0.0', companions);
    expect([...v12.keys()].filter((g) => before.get(g) !== v12.get(g)).sort()).toEqual(['llms:manual/v12.0.0', 'search:v12.0.0']);
  });

  it('leave out the records of a kept index only when no index made now takes them as a companion\'s', () => {
    const companions = new Map([['v12.0.0', ['latest']], ['v11.0.0', ['latest']], ['latest', ['v11.0.0']]]);
    // v12's index is made now and takes latest's guides: only v11's records may be left out.
    expect(skippableVersions(['latest', 'v11.0.0'], companions).sort()).toEqual(['v11.0.0']);
    expect(skippableVersions(['latest', 'v11.0.0', 'v12.0.0'], companions).sort()).toEqual(['latest', 'v11.0.0', 'v12.0.0']);
    expect(skippableVersions(['v11.0.0', 'v12.0.0'], companions).sort()).toEqual(['v12.0.0']);
  });

  it('notice a page added to a version', () => {
    const before = generatedKeys(site(), 'v11.0.0');
    const after = generatedKeys([...site(), page('docs/manual/v11.0.0/tuple.mdx', 'h0')], 'v11.0.0');
    expect(after.get('search:v11.0.0')).not.toBe(before.get('search:v11.0.0'));
    expect(after.get('search:v12.0.0')).toBe(before.get('search:v12.0.0'));
  });

  it('keep the files of unchanged groups and record the files made for the others', () => {
    const keys = generatedKeys(site(), 'v11.0.0');
    const last = recordGroups(keys, new Map(), [
      { path: 'search/v11.0.0-aaa.json', group: 'search:v11.0.0' },
      { path: 'search/v12.0.0-bbb.json', group: 'search:v12.0.0' },
      { path: 'docs/manual/v12.0.0/llms.txt', group: 'llms:manual/v12.0.0' },
      { path: 'sitemap.xml' },
    ]);
    const now = generatedKeys(site({ 'docs/manual/v12.0.0/pipe.mdx': 'h1' }), 'v11.0.0');
    const kept = keptGroups(last, now);
    expect(kept.get('search:v11.0.0')).toEqual(['search/v11.0.0-aaa.json']);
    expect(kept.has('search:v12.0.0')).toBe(false);
    expect(kept.has('llms:manual/v12.0.0')).toBe(false);
    expect(keptSearchIndexes(kept).get('v11.0.0')).toBe('search/v11.0.0-aaa.json');
    const next = recordGroups(now, kept, [{ path: 'search/v12.0.0-ccc.json', group: 'search:v12.0.0' }]);
    expect(next['search:v11.0.0']!.files).toEqual(['search/v11.0.0-aaa.json']);
    expect(next['search:v12.0.0']!.files).toEqual(['search/v12.0.0-ccc.json']);
    expect(keptGroups(undefined, now).size).toBe(0);
  });
});
