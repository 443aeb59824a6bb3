// A second `docsgen build` with unchanged inputs reuses the last site (the build manifest in the
// cache dir); any change to content, config or out/ itself makes it render again and, with
// --verbose, say why.
import { describe, expect, it } from 'vitest';
import { cpSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyFixture, docsgen } from '../helpers/cli.ts';

/** Every file under `dir` with its bytes, by relative path. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out.set(path.relative(dir, path.join(e.parentPath, e.name)), readFileSync(path.join(e.parentPath, e.name), 'latin1'));
  }
  return out;
}

/** out/ of the same site built from nothing (no compiled pages, no manifest, no out/). */
function builtFromScratch(root: string): Map<string, string> {
  const copy = `${root}-scratch`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(root, copy, { recursive: true });
  rmSync(path.join(copy, 'out'), { recursive: true, force: true });
  rmSync(path.join(copy, 'node_modules/.cache/docsgen'), { recursive: true, force: true });
  const r = docsgen(['build', '--quiet', '--root', copy]);
  expect(r.code, r.stderr).toBe(0);
  return tree(path.join(copy, 'out'));
}

describe('warm docsgen build', () => {
  it('reuses an unchanged site, and rebuilds with a reason when content, config or out/ changed', () => {
    const root = copyFixture('watch');
    const build = () => docsgen(['build', '--verbose', '--root', root]);
    const first = build();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('rendering every page: no earlier build recorded');
    const page = path.join(root, 'out/docs/manual/v1.0.0/pipe.html');
    const mtime = statSync(page).mtimeMs;

    const warm = build();
    expect(warm.code, warm.stderr).toBe(0);
    expect(warm.stderr).toMatch(/✓ 9 pages in .* \(unchanged since the last build\)/);
    expect(statSync(page).mtimeMs).toBe(mtime);

    const file = path.join(root, 'content/docs/manual/v1.0.0/pipe.mdx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('passes the value', 'gives the value'));
    const edited = build();
    expect(edited.stderr).toContain('rendering the pages the change reaches: 1 content file changed (docs/manual/v1.0.0/pipe.mdx)');
    expect(readFileSync(page, 'utf8')).toContain('gives the value');

    const site = path.join(root, 'config/site.json');
    writeFileSync(site, readFileSync(site, 'utf8').replace('"Watch Fixture"', '"Watch"'));
    expect(build().stderr).toContain('rendering every page: config changed');

    // A page removed from out/ by hand: nothing of out/ is trusted, every page is rendered again.
    rmSync(path.join(root, 'out/about.html'));
    const repaired = build();
    expect(repaired.stderr).toContain('rendering every page: out/ changed since the last build (about.html)');
    expect(statSync(path.join(root, 'out/about.html')).isFile()).toBe(true);
    expect(build().stderr).toContain('(unchanged since the last build)');
  });

  it('renders only the routes an edit reaches, keeps the other files, and writes what a build from scratch writes', () => {
    const root = copyFixture('watch');
    const build = () => docsgen(['build', '--verbose', '--root', root]);
    expect(build().code).toBe(0);
    const out = (f: string) => path.join(root, 'out', f);
    const inode = (f: string) => statSync(out(f)).ino;
    const before = { pipe: inode('docs/manual/v1.0.0/pipe.html'), intro: inode('docs/manual/v1.0.0/intro.html'), about: inode('about.html'), v2: inode('docs/manual/v2.0.0/intro.html') };

    // A body edit reaches its own page only: the others are the same files, left as they were.
    const file = path.join(root, 'content/docs/manual/v1.0.0/pipe.mdx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('passes the value', 'gives the value'));
    const body = build();
    expect(body.code, body.stderr).toBe(0);
    expect(body.stderr).toContain('rendering the pages the change reaches: 1 content file changed');
    // v2.0.0's search index and llms files are kept, not made again: only v1.0.0's pages changed.
    expect(body.stderr).toMatch(/index\s+\d+ groups of generated files kept/);
    expect(readFileSync(out('docs/manual/v1.0.0/llms-full.txt'), 'utf8')).toContain('gives the value');
    expect(readFileSync(out('docs/manual/v1.0.0/pipe.html'), 'utf8')).toContain('gives the value');
    expect(inode('docs/manual/v1.0.0/pipe.html')).not.toBe(before.pipe);
    expect(inode('docs/manual/v1.0.0/intro.html')).toBe(before.intro);
    expect(inode('about.html')).toBe(before.about);
    expect(tree(path.join(root, 'out'))).toEqual(builtFromScratch(root));

    // A title edit reaches every page whose sidebar or prev/next shows it, in that version only.
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: "Pipe"', 'title: "Pipe operator"'));
    const title = build();
    expect(title.code, title.stderr).toBe(0);
    expect(readFileSync(out('docs/manual/v1.0.0/intro.html'), 'utf8')).toContain('Pipe operator');
    expect(inode('docs/manual/v1.0.0/intro.html')).not.toBe(before.intro);
    expect(inode('docs/manual/v2.0.0/intro.html')).toBe(before.v2);
    expect(tree(path.join(root, 'out'))).toEqual(builtFromScratch(root));
    expect(build().stderr).toContain('(unchanged since the last build)');
  });

  it('renders the syntax lookup page again only when one of its entries changed', () => {
    const root = copyFixture('dialect');
    const build = () => docsgen(['build', '--verbose', '--root', root]);
    expect(build().code).toBe(0);
    const page = path.join(root, 'out', 'syntax-lookup.html');
    const inode = () => statSync(page).ino;
    const before = inode();

    // An edit elsewhere leaves the page as the last build wrote it: it is made from its entries.
    const docs = path.join(root, 'content/docs/manual/v1.0.0/intro.mdx');
    writeFileSync(docs, `${readFileSync(docs, 'utf8')}\nOne more sentence.\n`);
    const other = build();
    expect(other.code, other.stderr).toBe(0);
    expect(other.stderr).toContain('rendering the pages the change reaches: 1 content file changed');
    const rendered = (stderr: string) => /render\s+(\d+) of \d+ routes to render/.exec(stderr)?.[1];
    expect(rendered(other.stderr)).toBe('2'); // the page and its alias copy (latest), not the syntax lookup
    expect(inode()).toBe(before);

    // An edit of an entry renders it again, as a build from scratch would.
    const entry = path.join(root, 'content/syntax-lookup/pipe-first.mdx');
    writeFileSync(entry, readFileSync(entry, 'utf8').replace('becomes the first argument', 'is passed as the first argument'));
    const edited = build();
    expect(edited.code, edited.stderr).toBe(0);
    expect(rendered(edited.stderr)).toBe('1');
    expect(readFileSync(page, 'utf8')).toContain('is passed as the first argument');
    expect(inode()).not.toBe(before);
    expect(tree(path.join(root, 'out'))).toEqual(builtFromScratch(root));
  });

  it('renders a blog post again when a neighbour its footer links to is retitled, and only then', () => {
    const root = copyFixture('pages');
    const post = (slug: string, month: string, title: string) =>
      writeFileSync(path.join(root, 'content/blog', `2026-${month}-15-${slug}.mdx`), `---\ntitle: "${title}"\nauthor: "Grace"\ndate: "2026-${month}-15"\ndescription: "About ${slug}."\n---\n\nBody of ${slug}.\n`);
    post('first', '01', 'First');
    post('second', '02', 'Second');
    post('third', '03', 'Third');
    const build = () => docsgen(['build', '--verbose', '--root', root]);
    expect(build().code).toBe(0);
    const html = (slug: string) => readFileSync(path.join(root, 'out/blog', `${slug}.html`), 'utf8');
    expect(html('first')).toContain('Second</span></a>');
    post('second', '02', 'Second, Retitled');
    const r = build();
    expect(r.code, r.stderr).toBe(0);
    expect(html('first')).toContain('Second, Retitled</span></a>');
    expect(html('third')).toContain('Second, Retitled</span></a>');
    expect(tree(path.join(root, 'out'))).toEqual(builtFromScratch(root));
  });

  it('writes a one-edit build in place only once it has no errors, leaving out/ as it was when it has', () => {
    const root = copyFixture('watch');
    const build = () => docsgen(['build', '--verbose', '--root', root]);
    expect(build().code).toBe(0);
    const site = tree(path.join(root, 'out'));
    const file = path.join(root, 'content/docs/manual/v1.0.0/pipe.mdx');
    const good = readFileSync(file, 'utf8');

    writeFileSync(file, `${good}\nSee [the missing page](/docs/manual/v1.0.0/nowhere).\n`);
    const broken = build();
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('pipe.mdx');
    expect(broken.stderr).toContain('nothing written');
    expect(tree(path.join(root, 'out'))).toEqual(site);

    writeFileSync(file, good.replace('passes the value', 'hands over the value'));
    const fixed = build();
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.stderr).toContain('changed files written into out/ in place');
    expect(readFileSync(path.join(root, 'out/docs/manual/v1.0.0/pipe.html'), 'utf8')).toContain('hands over the value');
    expect(readdirSync(path.join(root, 'out/docs/manual/v1.0.0')).filter((f) => f.includes('.tmp-'))).toEqual([]);
    expect(tree(path.join(root, 'out'))).toEqual(builtFromScratch(root));
    expect(build().stderr).toContain('(unchanged since the last build)');
  });

  it('compiles only a page added and the pages that link to a page added or removed', () => {
    const root = copyFixture('watch');
    const build = () => docsgen(['build', '--verbose', '--root', root]);
    const first = build();
    expect(first.code, first.stderr).toBe(0);
    const pages = Number(/compile\s+✓ compile and render (\d+) pages/.exec(first.stderr)?.[1]);
    expect(pages).toBeGreaterThan(3);

    // A new page no page links to: it alone is compiled (the set of files changed, the others do not depend on it).
    const extra = path.join(root, 'content/docs/manual/v1.0.0/extra.mdx');
    writeFileSync(extra, '---\ntitle: "Extra"\n---\n\nSee [the intro](./intro).\n');
    const added = build();
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toMatch(new RegExp(`compile\\s+${pages} pages from cache`));
    expect(readFileSync(path.join(root, 'out/docs/manual/v1.0.0/extra.html'), 'utf8')).toContain('href="/docs/manual/v1.0.0/intro"');
    expect(tree(path.join(root, 'out'))).toEqual(builtFromScratch(root));

    // intro links to ./record: moving record.mdx away recompiles intro (and the sidebar reports the missing page).
    const record = path.join(root, 'content/docs/manual/v1.0.0/record.mdx');
    const text = readFileSync(record, 'utf8');
    rmSync(record);
    writeFileSync(path.join(root, 'content/docs/manual/v1.0.0/records.mdx'), text);
    const moved = build();
    expect(moved.stderr).toMatch(new RegExp(`compile\\s+${pages - 1} pages from cache`)); // all but intro and the new records
  });
});
