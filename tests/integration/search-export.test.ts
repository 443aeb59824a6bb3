// `docsgen search export`: the dialect fixture's records as a hosted index would receive them;
// config/search.json checked against its schema.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, docsgen } from '../helpers/cli.ts';
import type { SearchRecord } from '../../src/client/search/types.ts';

describe('docsgen search export', () => {
  it('writes every record in DocSearch’s shape, with absolute URLs, API items named Library.Module.item', () => {
    const root = copyFixture('dialect');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'docsgen-export-')), 'records.json');
    const run = docsgen(['search', 'export', '--root', root, '--out', file]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/✓ \d+ search records from \d+ pages written to /);
    const records = JSON.parse(readFileSync(file, 'utf8')) as SearchRecord[];
    for (const r of records) {
      expect(Object.keys(r).filter((k) => k !== 'api').sort()).toEqual(['anchor', 'content', 'deprecated', 'hierarchy', 'objectID', 'type', 'url', 'url_without_anchor', 'version']);
      expect(typeof r.deprecated).toBe('boolean');
      expect(r.url).toBe(r.anchor ? `${r.url_without_anchor}#${r.anchor}` : r.url_without_anchor);
      expect(r.url.startsWith('https://example.org/')).toBe(true);
      expect(r.type).toMatch(/^lvl[1-6]$/);
    }
    expect(new Set(records.map((r) => r.objectID)).size).toBe(records.length);
    expect(records.find((r) => r.api === 'Core.Array.map')).toMatchObject({
      url: 'https://example.org/docs/manual/v1.0.0/api/core/array#value-map',
      type: 'lvl3',
      version: 'v1.0.0',
      hierarchy: { lvl0: 'API', lvl1: 'Core.Array', lvl2: 'Values', lvl3: 'map' },
    });
    // The same records on standard output when no file is named.
    const out = docsgen(['search', 'export', '--root', root]);
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual(records);
  });

  it('reports a bad config/search.json at its place and stops the build', () => {
    const root = copyFixture('search');
    writeFileSync(path.join(root, 'config', 'search.json'), '{\n  "provider": "algolia",\n  "indexName": "docs",\n  "hitsPerPage": 30\n}\n');
    const run = docsgen(['check', '--root', root]);
    expect(run.code).toBe(1);
    // Checked against config/schemas/search.schema.json at load, like every config file.
    expect(run.stderr).toContain('config/search.json:1:1  error  Missing required key "appId"  config-schema');
    expect(run.stderr).toContain('config/search.json:1:1  error  Missing required key "apiKey"  config-schema');
    expect(run.stderr).toContain('config/search.json:4:3  error  Unknown key "hitsPerPage"  config-schema');
    expect(run.stderr).not.toContain('"then"');
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('explains its options', () => {
    const help = docsgen(['search', 'export', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--out <file>');
  });
});
