// A small site carrying the repo's own config files, for checking config in-process: `docsgen
// check` is `runBuild(…, { write: false })`, called here directly (a spawned CLI per variant would
// cost a process start each).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { repo } from './cli.ts';
import { resolveConfig } from '../../src/pipeline/config.ts';
import { Logger } from '../../src/pipeline/logger.ts';
import { runBuild, type BuildResult } from '../../src/pipeline/run.ts';

/**
 * A temp site: every top-level JSON file of the repo's config/ (site, versions, warnings, and
 * whatever config files arrive later; not api-sources.json), the repo's public/, one sidebar and one page per manual and React version it
 * names, and (unless `api: false`: its pages are most of a check's time) the dialect fixture's API
 * data. Its check is clean.
 */
export function configSite(opts: { api?: boolean } = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docsgen-config-'));
  const config = path.join(root, 'config');
  mkdirSync(path.join(config, 'sidebars'), { recursive: true });
  for (const f of readdirSync(path.join(repo, 'config'))) {
    // api-sources.json names installed compiler packages whose extraction takes minutes (and a check
    // here runs without caches): its schema is exercised by config-schema.test.ts instead.
    if (f.endsWith('.json') && f !== 'api-sources.json') cpSync(path.join(repo, 'config', f), path.join(config, f));
  }
  // The files the config names (the site icon) are served from public/.
  cpSync(path.join(repo, 'public'), path.join(root, 'public'), { recursive: true });
  if (opts.api ?? true) cpSync(path.join(repo, 'tests/fixtures/dialect/config/api'), path.join(config, 'api'), { recursive: true });
  const page = (rel: string, title: string) => {
    mkdirSync(path.dirname(path.join(root, 'content', rel)), { recursive: true });
    writeFileSync(path.join(root, 'content', rel), `---\ntitle: ${title}\n---\n\n# ${title}\n\nText.\n`);
  };
  page('index.mdx', 'Home');
  for (const [section, version] of [['manual', 'v11.0.0'], ['manual', 'v12.0.0'], ['react', 'latest']] as const) {
    page(`docs/${section}/${version}/introduction.mdx`, 'Introduction');
    writeFileSync(
      path.join(config, 'sidebars', `${section}-${version}.json`),
      JSON.stringify({ $schema: '../schemas/sidebar.schema.json', Overview: ['introduction'] }, null, 2),
    );
  }
  // A sidebar site.json maps to a route prefix (community): one page in it.
  const mapped = (JSON.parse(readFileSync(path.join(config, 'site.json'), 'utf8')) as { sidebars?: Record<string, string> }).sidebars ?? {};
  for (const [name, prefix] of Object.entries(mapped)) {
    page(`${prefix.replace(/^\/|\/$/g, '')}/overview.mdx`, 'Overview');
    writeFileSync(path.join(config, 'sidebars', `${name}.json`), JSON.stringify({ $schema: '../schemas/sidebar.schema.json', Overview: ['overview'] }, null, 2));
  }
  // The pages site.json's own links lead to (the link check follows them too).
  const site = JSON.parse(readFileSync(path.join(config, 'site.json'), 'utf8')) as Record<string, { href: string }[] | undefined>;
  for (const key of ['nav', 'docsNav', 'footer', 'social']) {
    for (const { href } of site[key] ?? []) {
      const rel = href.replace(/^\//, '');
      if (!href.startsWith('/') || href.startsWith('//') || href.includes('{version}') || rel === '' || rel.startsWith('docs/') || existsSync(path.join(root, 'content', `${rel}.mdx`)) || existsSync(path.join(root, 'content', rel, 'overview.mdx')) || rel.endsWith('overview')) continue;
      page(`${rel}.mdx`, 'Linked');
    }
  }
  // The API data is for v1.0.0: its pages link to /docs/manual/v1.0.0/intro.
  page('docs/manual/v1.0.0/intro.mdx', 'Intro');
  return root;
}

/**
 * `docsgen check` in-process (`{ build: true }`: `docsgen build`, pages rendered with the config),
 * quiet, on the main thread, without the compiled-page cache.
 */
export async function checkSite(root: string, opts: { build?: boolean } = {}): Promise<BuildResult> {
  const sink = new Writable({ write: (_c, _e, done) => done() });
  const log = new Logger({ quiet: true, stream: sink as unknown as NodeJS.WriteStream });
  return runBuild(resolveConfig({ root, workers: 0, cache: false, quiet: true, now: new Date('2025-01-01') }), log, { write: opts.build ?? false });
}

/** Every config file of a site, as paths under config/ (schemas left out). */
export function configFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(root, 'config', dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory() && rel !== 'schemas') walk(rel);
      else if (e.isFile() && e.name.endsWith('.json')) out.push(rel);
    }
  };
  if (existsSync(path.join(root, 'config'))) walk('');
  return out.sort();
}
