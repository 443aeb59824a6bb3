import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classify, extractFrontMatter, loadContent, loadSource, releaseText } from '../../src/pipeline/load.ts';
import { createValidator, usableMeta } from '../../src/pipeline/validate.ts';
import { resolveConfig } from '../../src/pipeline/config.ts';

/** A project root in a temporary directory with these files (path under the root → text). */
function tempRoot(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docsgen-load-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('routes follow files', () => {
  it.each([
    ['docs/manual/v11.0.0/pipe.mdx', 'docs', '/docs/manual/v11.0.0/pipe'],
    ['docs/manual/v9.0.0/api/belt/array.mdx', 'api-legacy', '/docs/manual/v9.0.0/api/belt/array'],
    ['docs/manual/v11.0.0/api.mdx', 'docs', '/docs/manual/v11.0.0/api'],
    ['docs/react/latest/hooks-state.mdx', 'docs', '/docs/react/latest/hooks-state'],
    ['blog/2024-01-15-release-11.mdx', 'blog', '/blog/release-11'],
    ['community/overview.mdx', 'community', '/community/overview'],
    ['syntax-lookup/pipe.mdx', 'syntax', null],
    ['guides/index.md', 'page', '/guides/'],
    ['index.md', 'page', '/'],
    ['guides/a/b.md', 'page', '/guides/a/b'],
  ])('%s is a %s page at %s', (id, kind, route) => {
    expect(classify(id)).toMatchObject({ kind, route });
  });
});

describe('front matter', () => {
  it('records the place of each value', () => {
    const fm = extractFrontMatter('---\ntitle: 42\ndescription: "x"\n---\n\n# Body\n', 'f.mdx')!;
    expect(fm.data).toEqual({ title: 42, description: 'x' });
    expect(fm.positions['/title']).toEqual({ line: 2, column: 8 });
    expect(fm.lineCount).toBe(4);
  });

  it('reports YAML syntax errors with a place', () => {
    const fm = extractFrontMatter('---\ntitle: [unclosed\n---\n', 'f.mdx')!;
    expect(fm.errors[0]).toMatchObject({ ruleId: 'frontmatter-yaml', severity: 'error' });
    expect(fm.errors[0]!.line).toBeGreaterThanOrEqual(2);
  });

  it('reports front matter that is never closed, but not a leading thematic break', () => {
    const fm = extractFrontMatter('---\ntitle: Pipe\ndescription: x\n\n# Pipe\n', 'f.mdx')!;
    expect(fm.data).toBeUndefined();
    expect(fm.errors).toEqual([expect.objectContaining({ line: 1, column: 1, ruleId: 'frontmatter-yaml', reason: 'Front matter is not closed: end it with a line of `---`' })]);
    expect(extractFrontMatter('---\n\n# A page that opens with a rule\n', 'f.md')).toBeUndefined();
  });

  it('treats front matter that is not an object, or whose title is not a string, as absent (SPEC §5)', () => {
    expect(usableMeta(['a'])).toEqual({});
    expect(usableMeta({ title: 3, description: 'x' })).toEqual({});
    expect(usableMeta({ title: 'T', description: null })).toEqual({ title: 'T', description: null });
  });
});

describe('optional front matter', () => {
  it('lets the manual API overview omit front matter, as the docs team writes it, but not other docs pages', async () => {
    const root = tempRoot({ 'content/docs/manual/v11.0.0/api.mdx': '# API\n\nOverview.\n', 'content/docs/manual/v11.0.0/pipe.mdx': '# Pipe\n' });
    const loaded = await loadContent(resolveConfig({ root }));
    const { validate } = createValidator(loaded.config);
    const byId = new Map(loaded.sources.map((s) => [s.id, validate(s).messages.map((m) => m.ruleId)]));
    expect(byId.get('docs/manual/v11.0.0/api.mdx')).toEqual([]);
    expect(byId.get('docs/manual/v11.0.0/pipe.mdx')).toEqual(['frontmatter-required']);
  });
});

describe('file encoding', () => {
  it('reports where a file stops being UTF-8, and not a U+FFFD the file really holds', async () => {
    const root = tempRoot({});
    const write = (rel: string, bytes: Buffer) => {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), bytes);
    };
    const utf8 = (text: string) => Buffer.from(text, 'utf8');
    const head = '---\ntitle: "Café"\n---\n\nA real \uFFFD, then ';
    // "café" saved as Latin-1: é is the single byte 0xE9.
    write('content/docs/manual/v11.0.0/latin.mdx', Buffer.concat([utf8(head), Buffer.from([0x63, 0x61, 0x66, 0xe9]), utf8(' in Latin-1.\n')]));
    write('content/docs/manual/v11.0.0/good.mdx', utf8(`${head}café in UTF-8.\n`));
    // On the first line after a byte order mark, which is no column.
    write('content/docs/manual/v11.0.0/bom.md', Buffer.concat([utf8('\uFEFFcaf'), Buffer.from([0xe9]), utf8('\n')]));
    const loaded = await loadContent(resolveConfig({ root }));
    const { validate } = createValidator(loaded.config);
    const messages = new Map(loaded.sources.map((s) => [s.id, validate(s).messages]));
    expect(messages.get('docs/manual/v11.0.0/good.mdx')).toEqual([]);
    expect(messages.get('docs/manual/v11.0.0/latin.mdx')).toEqual([
      expect.objectContaining({ line: 5, column: 19, severity: 'error', ruleId: 'encoding-utf8', file: 'content/docs/manual/v11.0.0/latin.mdx' }),
    ]);
    expect(messages.get('docs/manual/v11.0.0/bom.md')).toContainEqual(expect.objectContaining({ line: 1, column: 4, ruleId: 'encoding-utf8' }));
  });
});

describe('a source once its page is compiled', () => {
  it('lets its text go and reads it from the file when asked again; front matter stays as parsed', async () => {
    const root = tempRoot({ 'content/page.mdx': '\uFEFF---\ntitle: "A page with a long enough title"\n---\n\n# Body\n' });
    const file = path.join(root, 'content/page.mdx');
    const source = await loadSource(resolveConfig({ root }), file);
    expect(source.raw).toBe('---\ntitle: "A page with a long enough title"\n---\n\n# Body\n');
    releaseText(source);
    // Read from the file now (a watch rebuild compiling the page again sees what is on disk).
    writeFileSync(file, '---\ntitle: "A page with a long enough title"\n---\n\n# Edited\n');
    expect(source.raw).toContain('# Edited');
    expect(Object.keys(source)).toContain('raw');
    expect((source.frontMatter?.data as { title: string }).title).toBe('A page with a long enough title');
    expect(source.frontMatter?.positions['/title']).toEqual({ line: 2, column: 8 });
  });

  it('keeps the text of a source docsgen made (it has no file to read again)', () => {
    const raw = '# Generated\n';
    const source = { id: 'x.md', absPath: 'nowhere', displayPath: 'nowhere', kind: 'page' as const, route: '/x', slug: 'x', raw, hash: '', frontMatter: extractFrontMatter(raw, 'nowhere') };
    releaseText(source);
    expect(source.raw).toBe(raw);
  });
});

describe('built-in schemas', () => {
  it('are valid JSON Schemas (a build trusts them without checking them against the meta-schema)', async () => {
    const { Ajv } = await import('ajv');
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dir = path.join(import.meta.dirname, '../../config/schemas');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(3);
    const ajv = new Ajv({ allErrors: true, strict: false });
    for (const f of files) expect(ajv.validateSchema(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))), `${f}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
  });
});
