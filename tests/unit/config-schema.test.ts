import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { checkSite } from '../helpers/config-site.ts';
import { repo } from '../helpers/cli.ts';
import { resolveConfig } from '../../src/pipeline/config.ts';
import { loadContent } from '../../src/pipeline/load.ts';
import { fieldLabel, suggestKey, versionProblem } from '../../src/pipeline/config-schema.ts';
import { resolveSiteConfig } from '../../src/pipeline/site-config.ts';
import { FRONT_MATTER_SCHEMAS } from '../../src/pipeline/validate.ts';
import { PRECOMPILED } from '../../src/pipeline/config-validators.generated.ts';
// @ts-expect-error: a plain ES module script
import { GEN_OPTIONS, generate } from '../../scripts/gen-config-validators.mjs';
import { AJV_OPTIONS } from '../../src/pipeline/schema-validators.ts';

/** A one-page site with these config files (path under config/ → text). */
function site(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docsgen-cfg-'));
  mkdirSync(path.join(root, 'content'), { recursive: true });
  writeFileSync(path.join(root, 'content/index.md'), '---\ntitle: Home\n---\n\n# Home\n');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, 'config', rel)), { recursive: true });
    writeFileSync(path.join(root, 'config', rel), text);
  }
  return root;
}

async function messagesOf(files: Record<string, string>) {
  const result = await checkSite(site(files));
  return { ...result, shown: result.messages.map((m) => `${m.file}:${m.line}:${m.column}  ${m.reason}  ${m.ruleId}${m.note ? `  (${m.note})` : ''}`) };
}

const CONFIG_SCHEMAS = readdirSync(path.join(repo, 'config/schemas'))
  .map((f) => f.replace(/\.schema\.json$/, ''))
  .filter((n) => !FRONT_MATTER_SCHEMAS.has(n));

describe('the issue table: each row a positioned error, exit 1', () => {
  it.each([
    ['site.json', '{"title": 5}', 'config/site.json:1:11  "title" must be a string (found number)  config-schema'],
    ['site.json', '{"nav": "x"}', 'config/site.json:1:9  "nav" must be an array (found string)  config-schema'],
    ['site.json', '{"docsNav": [{"name": 1}]}', 'config/site.json:1:23  "docsNav[0].name" must be a string (found number)  config-schema'],
    ['site.json', '{"docsNav": [{"name": 1}]}', 'config/site.json:1:14  Missing required key "href" in "docsNav[0]"  config-schema'],
    ['site.json', '{"url": 7}', 'config/site.json:1:9  "url" must be a string (found number)  config-schema'],
    ['site.json', '{"sidebars": []}', 'config/site.json:1:14  "sidebars" must be an object (found array)  config-schema'],
    ['versions.json', '[1, 2]', 'config/versions.json:1:1  The file must be an object (found array)  config-schema'],
  ])('config/%s %s', async (file, text, expected) => {
    const r = await messagesOf({ [file]: text });
    expect(r.shown).toContain(expected);
    expect(r.ok).toBe(false); // exit 1
  });

  it('an unknown key is an error with a "did you mean", else the allowed keys', async () => {
    const r = await messagesOf({ 'site.json': '{\n  "siteUrl": "https://example.org",\n  "nav": [{ "name": "A", "href": "/", "target": "_blank" }]\n}' });
    expect(r.shown).toEqual([
      'config/site.json:2:3  Unknown key "siteUrl"  config-schema  (Did you mean "url"?)',
      'config/site.json:3:39  Unknown key "target" in "nav[0]"  config-schema  (Allowed keys: "name", "href")',
    ]);
  });

  it('a value outside an enum lists the allowed values', async () => {
    const r = await messagesOf({ 'site.json': '{"links": "warning"}' });
    expect(r.shown).toEqual(['config/site.json:1:11  "links" must be one of "error", "warn", "off" (found "warning")  config-schema  (Did you mean "warn"?)']);
  });
});

describe('what a schema cannot say', () => {
  it('url and editBase must be absolute http(s) addresses', async () => {
    const r = await messagesOf({ 'site.json': '{"url": "example.org", "editBase": "ftp://x.org/c"}' });
    expect(r.shown).toEqual([
      'config/site.json:1:9  "url" must be an absolute http(s) address (found "example.org")  config-url  (Write it in full: "https://example.org")',
      'config/site.json:1:36  "editBase" must be an absolute http(s) address (found "ftp://x.org/c")  config-url',
    ]);
    expect((await messagesOf({ 'site.json': '{"url": "https://example.org", "editBase": "http://localhost:8080/c"}' })).shown).toEqual([]);
  });

  it('a version SPEC §5 does not parse is an error; latest and next are accepted as version names', async () => {
    const r = await messagesOf({
      'versions.json': JSON.stringify({ manual: { versions: ['v12', 'v1.0.0', 'v1.2.3-rc.1', 'v1.2.3-gamma.1', 'v2147483648.0.0', 'v2147483647.0.0'] } }),
    });
    expect(r.shown.map((s) => s.replace(/:.*? {2}/, ' '))).toEqual([
      'config/versions.json "v12" is not a version: expected vMAJOR.MINOR.PATCH with an optional -alpha.N, -beta.N, -dev.N or -rc.N (v12.0.0, v12.0.0-rc.1)  config-version',
      'config/versions.json "v1.2.3-gamma.1" is not a version: expected vMAJOR.MINOR.PATCH with an optional -alpha.N, -beta.N, -dev.N or -rc.N (v12.0.0, v12.0.0-rc.1)  config-version',
      'config/versions.json "v2147483648.0.0" is not a version: its numbers must be at most 2147483647 (32 bits)  config-version',
    ]);
    expect(versionProblem('v12.0.0-alpha.3')).toBeUndefined();
    expect(versionProblem('12.0.0')).toBeDefined();
    // The React docs' newest version is a directory named latest, with next as its alias.
    expect((await messagesOf({ 'versions.json': '{"react": {"versions": ["latest", "v0.11.0"], "aliases": {"next": "latest"}}}' })).shown).toEqual([]);
  });

  it('aliases must name a version; routed aliases must be aliases; labels and banners must name versions', async () => {
    const text = JSON.stringify(
      { manual: { versions: ['v2.0.0', 'v1.0.0'], aliases: { latest: 'v1.0.1', next: 'v2.0.0' }, routed: ['lates'], labels: { 'v3.0.0': 'x' }, banners: { 'v1.0.0': [] } } },
      null,
      2,
    );
    const r = await messagesOf({ 'versions.json': text });
    expect(r.shown).toEqual([
      'config/versions.json:8:17  Alias "latest" names "v1.0.1", which is not a version of "manual"  config-alias  (Did you mean "v1.0.0"?)',
      'config/versions.json:12:7  Routed alias "lates" is not an alias of "manual"  config-alias  (Did you mean "latest"?)',
      'config/versions.json:15:7  "labels" names "v3.0.0", which is not a version of "manual"  config-version  (Did you mean "v2.0.0"?)',
    ]);
    expect(r.ok).toBe(false);
  });

  it('an alias that is also a version is ambiguous', async () => {
    const r = await messagesOf({ 'versions.json': '{"react": {"versions": ["latest"], "aliases": {"latest": "latest"}}}' });
    expect(r.shown).toEqual(['config/versions.json:1:48  Alias "latest" of "react" is also one of its versions: links to it would be ambiguous  config-alias']);
  });

  it('a sidebar mapping needs a route prefix starting with / and a sidebar file', async () => {
    const r = await messagesOf({
      'site.json': '{"sidebars": {"community": "community", "guide": "/guide"}}',
      'sidebars/community.json': '{"Community": []}',
    });
    expect(r.shown).toEqual([
      // The mapping is not used, so the sidebar applies to no route.
      'config/sidebars/community.json:1:1  Sidebar "community" applies to no route: name it {section}-{version} or map it in site.json "sidebars"  sidebar-unmapped',
      'config/site.json:1:28  Sidebar "community" is mapped to "community": a route prefix starts with /  config-route  (Did you mean "/community"?)',
      'config/site.json:1:41  "sidebars" maps "guide", but there is no config/sidebars/guide.json  config-route',
    ]);
  });
});

describe('which schema a config file meets', () => {
  it('config/<name>.json meets config/schemas/<name>.schema.json, a project schema included, with no code change', async () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      additionalProperties: false,
      properties: { $schema: { type: 'string' }, hitsPerPage: { title: 'Hits', description: 'Results per page.', type: 'integer' } },
    };
    const r = await messagesOf({ 'search.json': '{"hitsPerPage": "20", "hitsPerPag": 1}', 'schemas/search.schema.json': JSON.stringify(schema) });
    expect(r.shown).toEqual([
      'config/search.json:1:17  "hitsPerPage" must be an integer (found string)  config-schema',
      'config/search.json:1:23  Unknown key "hitsPerPag"  config-schema  (Did you mean "hitsPerPage"?)',
    ]);
    // No schema: only checked to be JSON.
    expect((await messagesOf({ 'other.json': '{"anything": 1}' })).shown).toEqual([]);
    expect((await messagesOf({ 'other.json': '{"anything": 1,}' })).shown[0]).toMatch(/^config\/other\.json:1:16 {2}Invalid JSON: .*config-json$/);
  });

  it('"$schema" names the schema; a front-matter schema is never picked by a file name', async () => {
    // docs.schema.json is the docs pages' front matter, not a schema for a config/docs.json.
    expect((await messagesOf({ 'docs.json': '{"links": []}' })).shown).toEqual([]);
    const r = await messagesOf({ 'community.json': '{"$schema": "./schemas/sit.schema.json", "title": 1}' });
    expect(r.shown).toEqual(['config/community.json:1:13  "$schema" names no schema of config/schemas (sit.schema.json)  config-schema  (Did you mean "./schemas/site.schema.json"?)']);
    const named = await messagesOf({ 'community.json': '{"$schema": "./schemas/site.schema.json", "title": 1}' });
    expect(named.shown).toEqual(['config/community.json:1:52  "title" must be a string (found number)  config-schema']);
  });

  it('"$schema" is allowed in every config file and taken out of the data consumers see', async () => {
    const root = site({
      'site.json': '{"$schema": "./schemas/site.schema.json", "title": "T"}',
      'sidebars/manual-v1.0.0.json': '{"$schema": "../schemas/sidebar.schema.json", "Intro": ["index"]}',
    });
    const { config, messages } = await loadContent(resolveConfig({ root }));
    expect(messages).toEqual([]);
    expect(config.sidebars.get('manual-v1.0.0')?.data).toEqual({ Intro: ['index'] });
    expect(config.site?.data).toEqual({ title: 'T' });
  });

  it('a file that breaks its schema is reported and not handed to its consumers', async () => {
    const root = site({
      'sidebars/manual-v1.0.0.json': '{"Intro": ["index", 3]}',
      'api/v1.0.0/core.json': '{"core": {"name": "Core", "items": [{"kind": "value", "name": 5}]}}',
      'api/v1.0.0/belt.json': '{"belt": {"name": "Belt"}}',
    });
    const { config, messages } = await loadContent(resolveConfig({ root }));
    expect(messages.map((m) => `${m.file}:${m.line}:${m.column} ${m.reason}`)).toEqual([
      'config/api/v1.0.0/core.json:1:63 "core.items[0].name" must be a string (found number)',
      'config/sidebars/manual-v1.0.0.json:1:21 "Intro[1]" must be a string (found number)',
    ]);
    expect(config.sidebars.has('manual-v1.0.0')).toBe(false);
    expect([...config.api.get('v1.0.0')!.keys()]).toEqual(['belt']);
  });
});

describe('site config is read key by key', () => {
  it('a value of the wrong shape takes the default; a route cannot reach Object.prototype', async () => {
    const root = site({
      'site.json': '{"title": 5, "nav": [{"name": "A", "href": "/a"}, {"name": 1}, null], "links": "sometimes", "sidebars": {"x": "/x", "y": 3}}',
      'versions.json': '{"manual": {"versions": ["v1.0.0", 2], "aliases": {"latest": "v1.0.0", "bad": 1}, "routed": ["latest", "nope"], "banners": {"v1.0.0": [{"kind": "info", "text": "t"}, {"kind": "x"}]}}}',
    });
    const { config } = await loadContent(resolveConfig({ root }));
    const resolved = resolveSiteConfig(config);
    expect(resolved.site.title).toBe('Documentation');
    expect(resolved.site.nav).toEqual([{ name: 'A', href: '/a' }]);
    expect(resolved.site.links).toBeUndefined();
    expect({ ...resolved.site.sidebars }).toEqual({ x: '/x' });
    const manual = resolved.sections['manual']!;
    expect(manual.versions).toEqual(['v1.0.0']);
    expect({ ...manual.aliases }).toEqual({ latest: 'v1.0.0' });
    expect(manual.routed).toEqual(['latest']);
    expect(manual.banners['v1.0.0']).toEqual([{ kind: 'info', text: 't' }]);
    expect(manual.aliases['constructor']).toBeUndefined();
    expect(resolved.sections['constructor']).toBeUndefined();
  });

  it('no config at all keeps the defaults working', async () => {
    const r = await messagesOf({});
    expect(r.messages).toEqual([]);
    expect(r.ok).toBe(true);
  });
});

describe('the schemas', () => {
  it("the repo's own config meets its schemas", async () => {
    const { messages } = await loadContent(resolveConfig({ root: repo }));
    expect(messages.filter((m) => m.file.startsWith('config/'))).toEqual([]);
  });

  it('are valid draft-07 with a title and a description on every property', () => {
    const ajv = new Ajv({ strict: false });
    const missing: string[] = [];
    for (const name of CONFIG_SCHEMAS) {
      const schema = JSON.parse(readFileSync(path.join(repo, 'config/schemas', `${name}.schema.json`), 'utf8')) as Record<string, unknown>;
      expect(ajv.validateSchema(schema), `${name}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
      const described = (s: Record<string, unknown>): Record<string, unknown> => {
        const ref = s['$ref'];
        return typeof ref === 'string' ? described(ref.slice(2).split('/').reduce<any>((o, k) => o[k], schema)) : s;
      };
      const walk = (s: unknown, at: string): void => {
        if (!s || typeof s !== 'object') return;
        const o = s as Record<string, unknown>;
        const props = { ...(o['properties'] as object | undefined) } as Record<string, unknown>;
        if (o['additionalProperties'] && typeof o['additionalProperties'] === 'object') props['*'] = o['additionalProperties'];
        if (o['items'] && typeof o['items'] === 'object') props['[]'] = o['items'];
        for (const [k, v] of Object.entries(props)) {
          const d = described(v as Record<string, unknown>);
          if (typeof d['title'] !== 'string' || typeof d['description'] !== 'string') missing.push(`${name}: ${at}/${k}`);
          walk(v, `${at}/${k}`);
        }
        for (const def of Object.values((o['definitions'] as object | undefined) ?? {})) walk(def, `${at}/definitions`);
      };
      expect(typeof schema['title'], name).toBe('string');
      expect(typeof schema['description'], name).toBe('string');
      walk(schema, '');
    }
    expect(missing).toEqual([]);
  });

  it('are compiled ahead of time, up to date, reporting as the run-time compile does', async () => {
    expect(readFileSync(path.join(repo, 'src/pipeline/config-validators.generated.ts'), 'utf8')).toBe(generate());
    expect(GEN_OPTIONS).toEqual(AJV_OPTIONS);
    // Every schema docsgen ships, front matter ones included: none is compiled at run time.
    const shipped = readdirSync(path.join(repo, 'config/schemas')).filter((f) => f.endsWith('.schema.json')).map((f) => f.replace('.schema.json', ''));
    expect(Object.keys(PRECOMPILED).sort()).toEqual(shipped.sort());
    const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
    const runtime = ajv.compile(JSON.parse(readFileSync(path.join(repo, 'config/schemas/site.schema.json'), 'utf8')));
    const bad = { title: 5, nav: [{ name: 1 }, 'x'], siteUrl: 1, links: 'x', sidebars: [] };
    const pre = PRECOMPILED.site.validate as ((d: unknown) => boolean) & { errors: { instancePath: string; keyword: string; params: unknown }[] };
    expect(pre(bad)).toBe(false);
    expect(runtime(bad)).toBe(false);
    const brief = (es: { instancePath: string; keyword: string; params: unknown }[]) => es.map((e) => [e.instancePath, e.keyword, e.params]);
    expect(brief(pre.errors)).toEqual(brief(runtime.errors!));
  });

  it('labels and suggestions', () => {
    expect(fieldLabel('/nav/0/name')).toBe('nav[0].name');
    expect(fieldLabel('/manual/banners/v1.0.0/0')).toBe('manual.banners["v1.0.0"][0]');
    expect(suggestKey('siteUrl', ['title', 'url'])).toBe('url');
    expect(suggestKey('Title', ['title', 'url'])).toBe('title');
    expect(suggestKey('nothing', ['title', 'links'])).toBeUndefined();
  });
});

describe("a project's own config schema", () => {
  it('is checked against the meta-schema, the error at the offending node', async () => {
    const r = await messagesOf({
      'search.json': '{"a": 1}',
      'schemas/search.schema.json': '{\n  "type": "object",\n  "properties": { "a": { "type": "strin" } }\n}',
    });
    expect(r.shown).toEqual(['config/schemas/search.schema.json:3:34  Invalid JSON Schema: schema/properties/a/type must be equal to one of the allowed values  config-schema']);
    expect((await messagesOf({ 'search.json': '{"a": 1}', 'schemas/search.schema.json': '[]' })).ok).toBe(false);
  });
});
