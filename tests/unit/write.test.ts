// The write stage (src/pipeline/write.ts): files go through a writer thread into a staging
// directory that replaces out/ only on commit.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sharedUtf8 } from '../../src/util/bytes.ts';
import { OutputWriter } from '../../src/pipeline/write.ts';
import { DocsgenError } from '../../src/pipeline/errors.ts';
import { Worker } from 'node:worker_threads';
import { serveWrites } from '../../src/util/write-files.ts';

/**
 * A thread that hosts writes as the highlight thread does: it answers the same `write` request
 * (`startAfterMs` later), and lives on after (it listens for more work), until it is stopped.
 */
function hostThread(startAfterMs = 0): { thread: Worker; exited: () => boolean } {
  const serve = `(${serveWrites.toString()})(m, require('node:fs'), require('node:path'))`;
  const thread = new Worker(`require('node:worker_threads').parentPort.on('message', (m) => setTimeout(() => ${serve}, ${startAfterMs}));`, { eval: true });
  let gone = false;
  thread.once('exit', () => (gone = true));
  return { thread, exited: () => gone };
}

/** Runs `use` with a host thread (hostThread), stopped after. */
async function withHost(use: (host: ReturnType<typeof hostThread>) => Promise<void>, startAfterMs = 0): Promise<void> {
  const host = hostThread(startAfterMs);
  try {
    await use(host);
  } finally {
    await host.thread.terminate();
  }
}

/** A writer on `out`, opened and lent to `thread` (constructor arguments after `out` as given). */
async function lentWriter(thread: Worker, ...args: ConstructorParameters<typeof OutputWriter>): Promise<{ writer: OutputWriter; takeBack: () => Promise<void> }> {
  const writer = new OutputWriter(...args);
  await writer.open();
  return { writer, takeBack: writer.hostOn(thread) };
}

function site(): { root: string; out: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'docsgen-write-'));
  const out = path.join(root, 'out');
  mkdirSync(out);
  writeFileSync(path.join(out, 'old.html'), 'previous build');
  return { root, out };
}

const leftovers = (root: string) => readdirSync(root).filter((f) => f !== 'out');

describe('OutputWriter', () => {
  it('replaces out/ with exactly what was written, strings, bytes and chunks alike', async () => {
    const { root, out } = site();
    const writer = new OutputWriter(out);
    await writer.open();
    writer.write({ path: 'index.html', contents: '<p>Grüße</p>' });
    writer.write({ path: 'docs/a/b.html', contents: new TextEncoder().encode('bytes') });
    writer.write({ path: 'docs/c.html', contents: [new TextEncoder().encode('one '), new TextEncoder().encode('two')] });
    await writer.commit();
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('<p>Grüße</p>');
    expect(readFileSync(path.join(out, 'docs/a/b.html'), 'utf8')).toBe('bytes');
    expect(readFileSync(path.join(out, 'docs/c.html'), 'utf8')).toBe('one two');
    expect(existsSync(path.join(out, 'old.html'))).toBe(false);
    expect(leftovers(root)).toEqual([]);
  });

  it('keeps the files a build did not render again, as they were, and drops the rest of the old site', async () => {
    const { root, out } = site();
    mkdirSync(path.join(out, 'docs'));
    writeFileSync(path.join(out, 'docs/kept.html'), 'kept page');
    const writer = new OutputWriter(out);
    await writer.open();
    writer.reuse('docs/kept.html');
    writer.write({ path: 'index.html', contents: 'new' });
    await writer.commit();
    expect(readFileSync(path.join(out, 'docs/kept.html'), 'utf8')).toBe('kept page');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('new');
    expect(existsSync(path.join(out, 'old.html'))).toBe(false);
    expect(leftovers(root)).toEqual([]);
  });

  it('keeps the last of two writes to one path, and the caller\'s buffers intact for their next use', async () => {
    const { out } = site();
    const shared = new TextEncoder().encode('<nav>shared sidebar</nav>');
    const asset = new TextEncoder().encode('body{}');
    const writer = new OutputWriter(out);
    await writer.open();
    writer.write({ path: 'x.html', contents: 'first' });
    writer.write({ path: 'x.html', contents: [shared] });
    writer.write({ path: 'y.html', contents: [shared, new TextEncoder().encode('!')] });
    writer.write({ path: 'style.css', contents: asset });
    expect(new TextDecoder().decode(shared)).toBe('<nav>shared sidebar</nav>');
    expect(new TextDecoder().decode(asset)).toBe('body{}');
    await writer.commit();
    expect(readFileSync(path.join(out, 'style.css'), 'utf8')).toBe('body{}');
    expect(readFileSync(path.join(out, 'x.html'), 'utf8')).toBe('<nav>shared sidebar</nav>');
    expect(readFileSync(path.join(out, 'y.html'), 'utf8')).toBe('<nav>shared sidebar</nav>!');
  });

  it('writes pieces in shared memory where they are, between copied ones, and leaves them usable', async () => {
    const { out } = site();
    const sidebar = sharedUtf8('<nav>→ sidebar</nav>');
    const writer = new OutputWriter(out);
    await writer.open();
    for (let i = 0; i < 3; i++) writer.write({ path: `p${i}.html`, contents: [Buffer.from(`<p>${i}</p>`), sidebar.subarray(0, 5), sharedUtf8(`body ${i}`), sidebar.subarray(5)] });
    await writer.commit();
    for (let i = 0; i < 3; i++) expect(readFileSync(path.join(out, `p${i}.html`), 'utf8')).toBe(`<p>${i}</p><nav>body ${i}→ sidebar</nav>`);
    expect(sidebar.toString()).toBe('<nav>→ sidebar</nav>');
  });

  it('writes everything when far more than its pending limit is queued (the compile waits instead)', async () => {
    const { out } = site();
    const writer = new OutputWriter(out, 256 * 1024);
    await writer.open();
    for (let i = 0; i < 200; i++) writer.write({ path: `p/${i % 7}/${i}.html`, contents: `${i}:`.padEnd(64 * 1024, String(i % 10)) });
    await writer.commit();
    for (let i = 0; i < 200; i++) {
      const text = readFileSync(path.join(out, `p/${i % 7}/${i}.html`), 'utf8');
      expect(text.length).toBe(64 * 1024);
      expect(text.startsWith(`${i}:`)).toBe(true);
    }
  });

  it('leaves the previous out/ as it was on abort', async () => {
    const { root, out } = site();
    const writer = new OutputWriter(out);
    await writer.open();
    for (let i = 0; i < 50; i++) writer.write({ path: `${i}.html`, contents: 'new' });
    await writer.abort();
    expect(readdirSync(out)).toEqual(['old.html']);
    expect(readFileSync(path.join(out, 'old.html'), 'utf8')).toBe('previous build');
    expect(leftovers(root)).toEqual([]);
  });

  it('fails the commit with WriteFailed, naming the output path, when the system refuses a file', async () => {
    const { out } = site();
    const writer = new OutputWriter(out);
    await writer.open();
    writer.write({ path: 'fine.html', contents: 'ok' });
    writer.write({ path: `${'n'.repeat(300)}.html`, contents: 'too long a name' });
    const err = await writer.commit().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DocsgenError);
    expect((err as DocsgenError).code).toBe('WriteFailed');
    expect((err as DocsgenError).message).toContain(path.join(out, 'nnn'));
    expect((err as DocsgenError).message).not.toContain('.tmp-');
    await writer.abort();
    expect(readFileSync(path.join(out, 'old.html'), 'utf8')).toBe('previous build');
  });
});

describe('OutputWriter ring', () => {
  it('writes every byte exactly when the files come to many times the ring, text, bytes and shared pieces mixed', async () => {
    const { out } = site();
    const writer = new OutputWriter(out, 32 * 1024 * 1024, 4096); // a 4 KB ring: it wraps round every few files
    await writer.open();
    const shared = sharedUtf8('<nav>shared · sidebar</nav>');
    const expected = new Map<string, string>();
    for (let i = 0; i < 300; i++) {
      const text = `<p>Seite ${i}: ${'Grüße → '.repeat(i % 37)}</p>`;
      const tail = new TextEncoder().encode(`<!-- ${i} -->`.repeat(1 + (i % 11)));
      const big = i % 50 === 7 ? 'x'.repeat(3000) : ''; // a run past a quarter of the ring: a buffer of its own
      writer.write({ path: `p/${i}.html`, contents: [text, shared, tail, big] });
      expected.set(`p/${i}.html`, text + shared.toString() + new TextDecoder().decode(tail) + big);
    }
    await writer.commit();
    for (const [file, text] of expected) expect(readFileSync(path.join(out, file), 'utf8')).toBe(text);
  });
});

describe('OutputWriter on a lent thread', () => {
  it('writes through the lent thread until it is taken back, then on the calling thread, and leaves the thread running', async () => {
    const { root, out } = site();
    await withHost(async (host) => {
      // A tiny pending limit: the writer also waits on the lent thread's progress.
      const { writer, takeBack } = await lentWriter(host.thread, out, 64);
      for (let i = 0; i < 20; i++) writer.write({ path: `docs/p${i}.html`, contents: `<p>page ${i}</p>` });
      await takeBack();
      // Taken back: what it was sent is on disk (in staging) before it may be stopped.
      await host.thread.terminate();
      writer.write({ path: 'docs/p3.html', contents: ['<p>page 3, ', new TextEncoder().encode('again</p>')] });
      writer.write({ path: 'search/index.json', contents: '{"a":1}' });
      await writer.commit();
      for (let i = 0; i < 20; i++) if (i !== 3) expect(readFileSync(path.join(out, `docs/p${i}.html`), 'utf8')).toBe(`<p>page ${i}</p>`);
      expect(readFileSync(path.join(out, 'docs/p3.html'), 'utf8')).toBe('<p>page 3, again</p>');
      expect(readFileSync(path.join(out, 'search/index.json'), 'utf8')).toBe('{"a":1}');
      expect(leftovers(root)).toEqual([]);
    });
  });

  it('does not stop a lent thread: it runs on after the writes', async () => {
    const { out } = site();
    await withHost(async (host) => {
      const { writer, takeBack } = await lentWriter(host.thread, out);
      writer.write({ path: 'a.html', contents: 'a' });
      await takeBack();
      await writer.commit();
      await new Promise((r) => setTimeout(r, 50));
      expect(host.exited()).toBe(false);
    });
  });

  it('writes here what a lent thread that stopped did not write (a crash of the highlight thread does not fail the build)', async () => {
    const { root, out } = site();
    const host = hostThread();
    const { writer } = await lentWriter(host.thread, out, 32 * 1024 * 1024, 64 * 1024);
    const page = (i: number) => `<p>${i}</p>`.padEnd(40_000 + i, '·');
    for (let i = 0; i < 6; i++) writer.write({ path: `p${i}.html`, contents: page(i) }); // past a batch: sent now
    await host.thread.terminate();
    for (let i = 6; i < 12; i++) writer.write({ path: `p${i}.html`, contents: [page(i)] });
    await writer.commit();
    for (let i = 0; i < 12; i++) expect(readFileSync(path.join(out, `p${i}.html`), 'utf8')).toBe(page(i));
    expect(existsSync(path.join(out, 'old.html'))).toBe(false);
    expect(leftovers(root)).toEqual([]);
  });

  it('holds the files back while the thread stalls, and writes every one exactly once it answers', async () => {
    const { out } = site();
    // A thread that takes 1.5 s to start writing; the writer stops waiting for it after 1 s.
    await withHost(async (slow) => {
      const { writer } = await lentWriter(slow.thread, out, 32 * 1024 * 1024, 4096, 1);
      const expected = new Map<string, string>();
      for (let i = 0; i < 40; i++) {
        const text = `<p>${i} ${'Grüße '.repeat(i)}</p>`;
        writer.write({ path: `s/${i}.html`, contents: [text, new TextEncoder().encode('.')] });
        expected.set(`s/${i}.html`, `${text}.`);
      }
      await writer.commit();
      for (const [file, text] of expected) expect(readFileSync(path.join(out, file), 'utf8')).toBe(text);
    }, 1500);
  });

  it('fails the commit, naming the output path, when a file written on the calling thread is refused', async () => {
    const { out } = site();
    await withHost(async (host) => {
      const { writer, takeBack } = await lentWriter(host.thread, out);
      await takeBack();
      writer.write({ path: 'blocked', contents: 'a file where a directory must go' });
      writer.write({ path: 'blocked/page.html', contents: 'x' });
      const err = await writer.commit().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DocsgenError);
      expect((err as DocsgenError).code).toBe('WriteFailed');
      expect((err as DocsgenError).message).toContain(path.join(out, 'blocked'));
      expect(readFileSync(path.join(out, 'old.html'), 'utf8')).toBe('previous build');
      await writer.abort();
    });
  });
});

describe('OutputWriter after a killed build', () => {
  /** The id of a process that has exited. */
  function deadPid(): number {
    const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    return Number(child.stdout.trim());
  }

  it('removes what processes that are gone left beside out/, and only that', async () => {
    const { root, out } = site();
    const dead = deadPid();
    mkdirSync(path.join(root, `out.tmp-${dead}-mwq6g6tb`, 'docs'), { recursive: true });
    writeFileSync(path.join(root, `out.tmp-${dead}-mwq6g6tb`, 'docs', 'half.html'), '<p>half');
    mkdirSync(path.join(root, `out.tmp-${process.ppid}-mwq6g7l7`)); // a build still running
    mkdirSync(path.join(root, `out.old-${dead}`)); // a site moved aside, with out/ present
    mkdirSync(path.join(root, 'out.tmp-notes')); // not ours
    const writer = new OutputWriter(out);
    await writer.open();
    writer.write({ path: 'index.html', contents: 'new' });
    await writer.commit();
    expect(leftovers(root).sort()).toEqual([`out.tmp-${process.ppid}-mwq6g7l7`, 'out.tmp-notes']);
  });

  it('puts back the previous site a build killed within its commit had moved aside', async () => {
    const { root, out } = site();
    const dead = deadPid();
    renameSync(out, path.join(root, `out.old-${dead}`));
    const writer = new OutputWriter(out);
    await writer.open();
    writer.write({ path: 'index.html', contents: 'new' });
    await writer.abort(); // this build fails too: the previous site is what stays
    expect(readFileSync(path.join(out, 'old.html'), 'utf8')).toBe('previous build');
    expect(leftovers(root)).toEqual([]);
  });
});
