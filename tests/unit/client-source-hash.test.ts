// The client bundle's source identity (src/pipeline/bundle.ts): which prebuilt assets a build uses.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deserialize } from 'node:v8';
import { clientSourceHash, storeAssets } from '../../src/pipeline/bundle.ts';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

function tool(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-client-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, 'src', 'client', 'styles'), { recursive: true });
  fs.mkdirSync(path.join(root, 'src', 'components'), { recursive: true });
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
  fs.writeFileSync(path.join(root, 'src', 'client', 'entry.ts'), 'export const a = 1;\n');
  fs.writeFileSync(path.join(root, 'src', 'client', 'styles', 'base.css'), 'body { margin: 0 }\n');
  fs.writeFileSync(path.join(root, 'src', 'components', 'Tabs.tsx'), 'export function Tabs() { return null; }\n');
  return root;
}

const memo = (root: string) => path.join(root, 'dist', 'client', 'sources.json');

describe('client source hash', () => {
  it('changes when a source changes, and is the same for the same contents', () => {
    const root = tool();
    const first = clientSourceHash(root);
    expect(first).toMatch(/^[0-9a-f]{40}$/);
    const file = path.join(root, 'src', 'client', 'styles', 'base.css');
    fs.writeFileSync(file, 'body { margin: 1px }\n');
    const edited = clientSourceHash(root);
    expect(edited).not.toBe(first);
    fs.writeFileSync(file, 'body { margin: 0 }\n');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(clientSourceHash(root), 'same contents, new modification time').toBe(first);
  });

  it('is the same for the same sources in another folder: a checkout that moves keeps its prebuilt assets', () => {
    const here = tool();
    const there = tool();
    expect(clientSourceHash(there)).toBe(clientSourceHash(here));
    // A file of the same contents under another name is another source tree.
    fs.renameSync(path.join(there, 'src', 'components', 'Tabs.tsx'), path.join(there, 'src', 'components', 'Tabs2.tsx'));
    expect(clientSourceHash(there)).not.toBe(clientSourceHash(here));
  });

  it('does not read the sources again while their sizes and modification times are unchanged', () => {
    const root = tool();
    const real = clientSourceHash(root);
    const stamps = (JSON.parse(fs.readFileSync(memo(root), 'utf8')) as { stamps: string }).stamps;
    // A memo naming another hash for the same stamps is believed: the contents were not read.
    fs.writeFileSync(memo(root), JSON.stringify({ stamps, hash: 'f'.repeat(40) }));
    expect(clientSourceHash(root)).toBe('f'.repeat(40));
    // Once a file's stamp differs, the contents are hashed again.
    fs.appendFileSync(path.join(root, 'src', 'components', 'Tabs.tsx'), '// more\n');
    const after = clientSourceHash(root);
    expect(after).not.toBe('f'.repeat(40));
    expect(after).not.toBe(real);
  });

  it('works without a writable dist/ (hashes every time)', () => {
    const root = tool();
    fs.mkdirSync(path.join(root, 'dist'));
    fs.writeFileSync(path.join(root, 'dist', 'client'), 'a file where the directory would go');
    const a = clientSourceHash(root);
    expect(clientSourceHash(root)).toBe(a);
    expect(fs.existsSync(memo(root))).toBe(false);
  });
});

describe('stored client bundles', () => {
  it('keep only the bundle just stored: an older one, for sources that changed since, is removed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-assets-'));
    roots.push(dir);
    const old = `assets-${'a'.repeat(40)}.v8`;
    fs.writeFileSync(path.join(dir, old), 'an old bundle');
    fs.writeFileSync(path.join(dir, 'compiled.v8'), 'the page cache, not a bundle');
    const file = path.join(dir, `assets-${'b'.repeat(40)}.v8`);
    const result = { files: [], css: '/assets/style-x.css', entry: '/assets/islands-x.js', jsBytes: 1 };
    await storeAssets(file, result);
    expect(fs.readdirSync(dir).sort()).toEqual([`assets-${'b'.repeat(40)}.v8`, 'compiled.v8']);
    expect(deserialize(fs.readFileSync(file))).toEqual(result);
  });
});
