import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, existsSync, statSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InPlaceWriter, type CommitResult } from '../../src/pipeline/write-in-place.ts';

function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-inplace-'));
  const out = path.join(dir, 'out');
  mkdirSync(path.join(out, 'old'), { recursive: true });
  writeFileSync(path.join(out, 'same.html'), 'same');
  writeFileSync(path.join(out, 'old', 'stale.html'), 'stale');
  const past = new Date(Date.now() - 60_000);
  utimesSync(path.join(out, 'same.html'), past, past);
  const writer = new InPlaceWriter(out);
  const commits: CommitResult[] = [];
  writer.onCommit = (r) => commits.push(r);
  return { out, writer, commits };
}

describe('InPlaceWriter', () => {
  it('writes only files whose bytes changed and removes what the build no longer produces', async () => {
    const { out, writer, commits } = setup();
    const mtime = statSync(path.join(out, 'same.html')).mtimeMs;
    await writer.open();
    writer.write({ path: 'same.html', contents: 'same' });
    writer.write({ path: 'new/page.html', contents: [Buffer.from('a'), Buffer.from('b')] });
    await writer.commit();
    expect(commits[0]).toEqual({ written: ['new/page.html'], removed: ['old/stale.html'] });
    expect(statSync(path.join(out, 'same.html')).mtimeMs).toBe(mtime);
    expect(readFileSync(path.join(out, 'new/page.html'), 'utf8')).toBe('ab');
    expect(existsSync(path.join(out, 'old'))).toBe(false); // emptied directories go too
  });

  it('keeps retained outputs that were not rendered again, and writes nothing on abort', async () => {
    const { out, writer, commits } = setup();
    await writer.open();
    writer.retain(['old/stale.html']);
    writer.write({ path: 'same.html', contents: 'changed' });
    await writer.abort();
    expect(readFileSync(path.join(out, 'same.html'), 'utf8')).toBe('same');
    await writer.open();
    writer.retain(['old/stale.html']);
    writer.write({ path: 'same.html', contents: 'same' });
    await writer.commit();
    expect(commits.at(-1)).toEqual({ written: [], removed: [] });
    expect(existsSync(path.join(out, 'old/stale.html'))).toBe(true);
  });
});

describe('InPlaceWriter and text outputs', () => {
  it('after an aborted build, writes a text whose previous write was dropped', async () => {
    const { out, writer } = setup();
    await writer.open();
    writer.write({ path: 'llms.txt', contents: 'one' });
    await writer.commit();
    await writer.open();
    writer.write({ path: 'llms.txt', contents: 'two' });
    await writer.abort();
    await writer.open();
    writer.write({ path: 'llms.txt', contents: 'two' });
    await writer.commit();
    expect(readFileSync(path.join(out, 'llms.txt'), 'utf8')).toBe('two');
  });
});

describe('InPlaceWriter told what out/ holds (a one-edit docsgen build)', () => {
  it('takes the listed files as out/, keeps public files without reading them, and reports the new sizes', async () => {
    const { out } = setup();
    const pub = path.join(path.dirname(out), 'public');
    mkdirSync(pub, { recursive: true });
    writeFileSync(path.join(pub, 'logo.svg'), '<svg/>');
    writeFileSync(path.join(out, 'logo.svg'), '<svg/>');
    const writer = new InPlaceWriter(out, { known: { 'same.html': 4, 'old/stale.html': 5, 'logo.svg': 6 } });
    const commits: CommitResult[] = [];
    writer.onCommit = (r) => commits.push(r);
    await writer.open();
    writer.write({ path: 'same.html', contents: 'same' });
    writer.write({ path: 'grown.html', contents: 'a new page' });
    await writer.copyDir(pub);
    await writer.commit();
    expect(commits[0]).toEqual({ written: ['grown.html'], removed: ['old/stale.html'] });
    expect(writer.outputs()).toEqual({ 'grown.html': 10, 'logo.svg': 6, 'same.html': 4 });
    expect(readdirSync(out).sort()).toEqual(['grown.html', 'logo.svg', 'same.html']);
  });
});
