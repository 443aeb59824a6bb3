import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { markApiDataUsed, pruneApiData } from '../../src/api/cache-files.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A cache with data files of these names, each written `ageS` seconds ago, with an outline each. */
function cache(files: Record<string, number>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docsgen-api-cache-'));
  dirs.push(root);
  mkdirSync(path.join(root, 'outlines'));
  for (const [name, ageS] of Object.entries(files)) {
    for (const file of [path.join(root, name), path.join(root, 'outlines', name)]) {
      writeFileSync(file, '{}');
      const t = new Date(Date.now() - ageS * 1000);
      utimesSync(file, t, t);
    }
  }
  return root;
}

describe('extracted API data in the cache', () => {
  it('keeps the two last used files of a version, with their outlines, and removes the older ones', () => {
    const root = cache({
      'api-v11.0.0-aaaaaaaaaaaaaaaa.json': 300,
      'api-v11.0.0-bbbbbbbbbbbbbbbb.json': 200,
      'api-v11.0.0-cccccccccccccccc.json': 0,
      'api-v12.0.0-dddddddddddddddd.json': 900,
      'api-v1.0.0-eeeeeeeeeeeeeeee.json': 900,
      'compiled.v8': 900,
    });
    expect(pruneApiData(root, 'v11.0.0')).toEqual(['api-v11.0.0-aaaaaaaaaaaaaaaa.json']);
    expect(readdirSync(root).sort()).toEqual([
      'api-v1.0.0-eeeeeeeeeeeeeeee.json',
      'api-v11.0.0-bbbbbbbbbbbbbbbb.json',
      'api-v11.0.0-cccccccccccccccc.json',
      'api-v12.0.0-dddddddddddddddd.json',
      'compiled.v8',
      'outlines',
    ]);
    expect(readdirSync(path.join(root, 'outlines'))).not.toContain('api-v11.0.0-aaaaaaaaaaaaaaaa.json');
    // Other versions (v1.0.0's name is a prefix of none, v11's a prefix of no other) are untouched.
    expect(pruneApiData(root, 'v1.0.0')).toEqual([]);
  });

  it('goes by when a file was last used: switching back to an older checkout keeps its data', () => {
    const root = cache({ 'api-v9.0.0-aaaaaaaaaaaaaaaa.json': 300, 'api-v9.0.0-bbbbbbbbbbbbbbbb.json': 200, 'api-v9.0.0-cccccccccccccccc.json': 0 });
    markApiDataUsed(path.join(root, 'api-v9.0.0-aaaaaaaaaaaaaaaa.json'));
    expect(pruneApiData(root, 'v9.0.0')).toEqual(['api-v9.0.0-bbbbbbbbbbbbbbbb.json']);
  });

  it('does nothing where there is no cache yet', () => {
    expect(pruneApiData(path.join(tmpdir(), 'docsgen-no-such-cache'), 'v11.0.0')).toEqual([]);
  });
});
