#!/usr/bin/env node
// node bench/real-corpus.mjs SCALE OUTDIR: a site root shaped like the real site, for npm run bench.
//
// 1× is the repo's own site: a copy of its content/, config/ and public/ (1,275 pages: five manual
// versions, each with its API reference, the `latest` alias rendering v11 a second time, React docs,
// blog, community, syntax lookup). SCALE k adds k−1 copies of every manual version under new version
// names (major + 20·i: v12.0.0 → v32.0.0, v52.0.0, …; v11.0.0 → v31.0.0, …), each with its sidebar,
// an entry in config/versions.json and an API reference authored in config/api/<version>/ from the
// generated v12.0.0 data (196 modules): ~1,270 pages per copy, so 2× ≈ 2.5k pages and 4× ≈ 5k.
//
// The API data the repo extracted from the ReScript compiler packages (node_modules/.cache/docsgen/
// api-*.json, ~60 s to extract) is copied into OUTDIR's cache, so a build there reads it instead of
// extracting: "cold" in the bench means no compiled pages, no site manifest, no out/, but API data
// present, as after a package download. If the repo has none yet, this runs one build of the repo
// first (and says so). The cache file names are keyed by config/api-sources.json's entries and the
// installed package versions: the same here, since the site root has no node_modules of its own and
// the packages resolve from docsgen's tools/api (bench/run.mjs checks no build extracts again).
//
// Prints the corpus shape (pages per kind, code blocks, API items, largest sidebar) and writes it to
// OUTDIR/.corpus.json.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '..');
const CACHE = path.join('node_modules', '.cache', 'docsgen');
/** The generated data the copies' API reference is authored from. */
const API_FROM = 'v12.0.0';

/** Fingerprint of the inputs (the repo's content, config, public, API cache names, this script): a corpus made from other inputs is stale. */
export function inputsKey(scale) {
  const h = crypto.createHash('sha1');
  h.update(`${scale}\n`);
  h.update(fs.readFileSync(fileURLToPath(import.meta.url)));
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const st = fs.statSync(p);
        h.update(`${path.relative(repo, p)} ${st.size} ${st.mtimeMs}\n`);
      }
    }
  };
  for (const d of ['content', 'config', 'public']) walk(path.join(repo, d));
  h.update(apiCacheFiles().join('\n'));
  return h.digest('hex').slice(0, 16);
}

function apiCacheFiles() {
  const dir = path.join(repo, CACHE);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^api-.+\.json$/.test(f)).sort() : [];
}

/** The repo's extracted API data files, extracting them with one build of the repo if there are none. */
function ensureApiCache() {
  let files = apiCacheFiles();
  if (files.length === 0) {
    console.error(`real-corpus: no extracted API data in ${path.join(repo, CACHE)}: running one build of the repo to extract it (~60 s, once)`);
    if (!fs.existsSync(path.join(repo, 'dist', 'cli.cjs'))) spawnSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: repo, stdio: 'inherit' });
    const r = spawnSync(process.execPath, ['bin/docsgen.js', 'build', '--quiet'], { cwd: repo, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the build of the repo (to extract the API data) failed');
    files = apiCacheFiles();
    if (files.length === 0) throw new Error('the build of the repo wrote no api-*.json');
  }
  return files;
}

/** The newest cache file of a version (older keys may linger after a package or format change). */
function newestApiFile(files, version) {
  const dir = path.join(repo, CACHE);
  const mine = files.filter((f) => f.startsWith(`api-${version}-`));
  if (mine.length === 0) throw new Error(`no extracted API data for ${version} in ${dir}`);
  return path.join(dir, mine.sort((a, b) => fs.statSync(path.join(dir, b)).mtimeMs - fs.statSync(path.join(dir, a)).mtimeMs)[0]);
}

const readJson = (p) => JSON.parse(fs.readFileSync(p, 'utf8'));
const writeJson = (p, data) => {
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, `${JSON.stringify(data, null, 1)}\n`);
};

/** `v12.0.0`, copy i → `v32.0.0` (major + 20·i). */
export function copyName(version, i) {
  const m = /^v(\d+)(.*)$/.exec(version);
  if (!m) throw new Error(`cannot copy version ${version}`);
  return `v${Number(m[1]) + 20 * i}${m[2]}`;
}

/** Authored API data (config/api/<version>/<lib>.json, api.schema.json): the generated modules, keeping only the keys the schema allows. */
function authoredLib(mods) {
  const MODULE = ['id', 'name', 'docstrings', 'deprecated', 'source', 'items'];
  const ITEM = ['id', 'kind', 'name', 'docstrings', 'signature', 'deprecated', 'detail', 'source'];
  const pick = (o, keys) => Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
  const out = { $schema: '../../schemas/api.schema.json' };
  for (const [key, mod] of Object.entries(mods)) out[key] = { ...pick(mod, MODULE), ...(mod.items ? { items: mod.items.map((i) => pick(i, ITEM)) } : {}) };
  return out;
}

/**
 * A manual version's pages under a new version name. Pages link to each other relatively; the few
 * absolute links to their own version (the canonical front matter, the API index) are moved to the
 * copy, so each copy is a self-contained version like the real ones.
 */
function copyVersionDir(from, to, version, newVersion) {
  const own = new RegExp(`/docs/manual/${version.replace(/\./g, '\\.')}(?=[/"')#\\s]|$)`, 'gm');
  for (const rel of fs.readdirSync(from, { recursive: true })) {
    const src = path.join(from, rel);
    const dst = path.join(to, rel);
    if (fs.statSync(src).isDirectory()) fs.mkdirSync(dst, { recursive: true });
    else {
      fs.mkdirSync(path.dirname(dst), { recursive: true });
      if (/\.mdx?$/.test(rel)) fs.writeFileSync(dst, fs.readFileSync(src, 'utf8').replace(own, `/docs/manual/${newVersion}`));
      else fs.copyFileSync(src, dst);
    }
  }
}

export function makeCorpus(scale, outDir) {
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`SCALE must be a whole number ≥ 1, not ${scale}`);
  const apiFiles = ensureApiCache();
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  for (const d of ['content', 'config', 'public']) fs.cpSync(path.join(repo, d), path.join(outDir, d), { recursive: true });
  const cacheOut = path.join(outDir, CACHE);
  fs.mkdirSync(cacheOut, { recursive: true });
  for (const f of apiFiles) fs.copyFileSync(path.join(repo, CACHE, f), path.join(cacheOut, f));

  const versionsFile = path.join(outDir, 'config', 'versions.json');
  const versions = readJson(versionsFile);
  const originals = [...versions.manual.versions];
  if (scale > 1) {
    const gen = readJson(newestApiFile(apiFiles, API_FROM));
    const libs = Object.fromEntries(Object.entries(gen.libs).map(([lib, mods]) => [lib, authoredLib(mods)]));
    const toc = { $schema: '../../schemas/api-toc_tree.schema.json', ...gen.toc };
    for (let i = 1; i < scale; i++) {
      for (const v of originals) {
        const nv = copyName(v, i);
        copyVersionDir(path.join(repo, 'content', 'docs', 'manual', v), path.join(outDir, 'content', 'docs', 'manual', nv), v, nv);
        fs.copyFileSync(path.join(repo, 'config', 'sidebars', `manual-${v}.json`), path.join(outDir, 'config', 'sidebars', `manual-${nv}.json`));
        versions.manual.versions.push(nv);
        versions.manual.labels[nv] = `${versions.manual.labels[v] ?? v} (copy ${i})`;
        for (const [lib, data] of Object.entries(libs)) writeJson(path.join(outDir, 'config', 'api', nv, `${lib}.json`), data);
        writeJson(path.join(outDir, 'config', 'api', nv, 'toc_tree.json'), toc);
      }
    }
    fs.writeFileSync(versionsFile, `${JSON.stringify(versions, null, 2)}\n`);
  }
  const shape = corpusShape(outDir);
  shape.scale = scale;
  shape.inputs = inputsKey(scale);
  shape.apiCache = apiFiles;
  writeJson(path.join(outDir, '.corpus.json'), shape);
  return shape;
}

/** Fenced code blocks in Markdown (``` or ~~~, any length, nested longer fences respected). */
function countFences(md) {
  let n = 0;
  let open;
  for (const line of md.split('\n')) {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (!m) continue;
    if (!open) {
      open = m[1];
      n++;
    } else if (m[1][0] === open[0] && m[1].length >= open.length && line.trim() === m[1]) open = undefined;
  }
  return n;
}

function filesUnder(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true }).map((f) => path.join(dir, f)).filter((f) => /\.mdx?$/.test(f) && fs.statSync(f).isFile());
}

/** What a site root holds, from its sources: pages per kind, code blocks, API modules and items, sidebar sizes. */
export function corpusShape(root) {
  const content = path.join(root, 'content');
  const versions = readJson(path.join(root, 'config', 'versions.json'));
  const apiSources = fs.existsSync(path.join(root, 'config', 'api-sources.json')) ? readJson(path.join(root, 'config', 'api-sources.json')).versions : {};
  const cacheDir = path.join(root, CACHE);
  const cached = fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir).filter((f) => /^api-.+\.json$/.test(f)) : [];
  const pages = {};
  const blocks = {};
  const add = (kind, n, b) => {
    pages[kind] = (pages[kind] ?? 0) + n;
    blocks[kind] = (blocks[kind] ?? 0) + b;
  };
  const manualDocs = new Map(); // version → { pages, blocks }
  for (const f of filesUnder(content)) {
    const rel = path.relative(content, f).split(path.sep);
    const b = countFences(fs.readFileSync(f, 'utf8'));
    if (rel[0] === 'docs' && rel[1] === 'manual' && rel.length > 3) {
      const e = manualDocs.get(rel[2]) ?? { pages: 0, blocks: 0 };
      e.pages++;
      e.blocks += b;
      manualDocs.set(rel[2], e);
      add('manual docs', 1, b);
    } else if (rel[0] === 'docs' && rel.length > 3) add(`${rel[1]} docs`, 1, b);
    else if (rel[0] === 'syntax-lookup') add('syntax lookup entries (one page)', 0, b);
    else if (rel[0] === 'blog') add('blog', 1, b);
    else if (rel[0] === 'community') add('community', 1, b);
    else add('other content pages', 1, b);
  }
  // API data per version: generated (the cache file of each api-sources.json version), authored over it.
  const api = new Map(); // version → { lib → { key → module } , toc }
  for (const v of Object.keys(apiSources)) {
    const f = cached.filter((c) => c.startsWith(`api-${v}-`)).sort((a, b) => fs.statSync(path.join(cacheDir, b)).mtimeMs - fs.statSync(path.join(cacheDir, a)).mtimeMs)[0];
    if (!f) continue;
    const g = readJson(path.join(cacheDir, f));
    api.set(v, { layout: g.layout, libs: g.libs, toc: g.toc });
  }
  const apiDir = path.join(root, 'config', 'api');
  if (fs.existsSync(apiDir)) {
    for (const v of fs.readdirSync(apiDir)) {
      const e = api.get(v) ?? { layout: 'new', libs: {}, toc: {} };
      for (const f of fs.readdirSync(path.join(apiDir, v)).filter((x) => x.endsWith('.json'))) {
        const { $schema, ...data } = readJson(path.join(apiDir, v, f));
        void $schema;
        if (f === 'toc_tree.json') Object.assign(e.toc, data);
        else e.libs[f.replace(/\.json$/, '')] = { ...(e.libs[f.replace(/\.json$/, '')] ?? {}), ...data };
      }
      api.set(v, e);
    }
  }
  const apiPerVersion = new Map();
  let apiItems = 0;
  let largestModule = { name: '', items: 0 };
  for (const [v, e] of api) {
    let mods = 0;
    let items = 0;
    let b = 0;
    for (const lib of Object.values(e.libs)) {
      for (const mod of Object.values(lib)) {
        mods++;
        if ((mod.items ?? []).length > largestModule.items) largestModule = { name: `${mod.id ?? mod.name} (${v})`, items: mod.items.length };
        b += countFences((mod.docstrings ?? []).join('\n\n'));
        for (const it of mod.items ?? []) {
          items++;
          if (it.signature) b++;
          b += countFences((it.docstrings ?? []).join('\n\n'));
        }
      }
    }
    apiItems += items;
    apiPerVersion.set(v, { modules: mods, items, blocks: b, layout: e.layout, toc: e.toc });
    add('API reference', mods, b);
  }
  // Routed aliases (`latest` → v11.0.0) render their target's docs and API pages a second time.
  for (const alias of versions.manual.routed ?? []) {
    const target = versions.manual.aliases?.[alias];
    const d = manualDocs.get(target) ?? { pages: 0, blocks: 0 };
    const a = apiPerVersion.get(target) ?? { modules: 0, blocks: 0 };
    add(`manual "${alias}" alias (${target} again)`, d.pages + a.modules, d.blocks + a.blocks);
  }
  // Sidebars: the manual's (config/sidebars), and each new-layout API sidebar (≈ its toc tree's modules + overview links).
  let largest = { name: '', links: 0 };
  const sidebarsDir = path.join(root, 'config', 'sidebars');
  for (const f of fs.readdirSync(sidebarsDir).filter((x) => x.endsWith('.json'))) {
    const { $schema, ...cats } = readJson(path.join(sidebarsDir, f));
    void $schema;
    const links = Object.values(cats).reduce((n, x) => n + (Array.isArray(x) ? x.length : 0), 0);
    if (links > largest.links) largest = { name: `sidebars/${f}`, links };
  }
  // On an API page the sidebar also lists the page's own items: the largest module adds the most.
  const countToc = (node) => (node.children ?? []).reduce((n, c) => n + 1 + countToc(c), 0);
  for (const [v, e] of apiPerVersion) {
    if (e.layout !== 'new') continue;
    // Module links of the toc tree, then Overview (Introduction, the primary library) and Additional Libraries (Belt, Dom).
    const links = Object.values(e.toc ?? {}).reduce((n, t) => n + countToc(t), 0) + 1 + Object.keys(e.toc ?? {}).filter((l) => ['stdlib', 'core', 'belt', 'dom'].includes(l)).length;
    if (links > largest.links) largest = { name: `API sidebar of ${v}`, links };
  }
  const totalPages = Object.values(pages).reduce((a, b) => a + b, 0);
  const totalBlocks = Object.values(blocks).reduce((a, b) => a + b, 0);
  return {
    manualVersions: versions.manual.versions.length,
    pages,
    blocks,
    totalPages,
    totalBlocks,
    apiVersions: apiPerVersion.size,
    apiModules: [...apiPerVersion.values()].reduce((n, e) => n + e.modules, 0),
    apiItems,
    largestModule,
    largestSidebar: largest,
  };
}

/** The shape of one corpus, or of several (one pages and one code-blocks column per scale). */
export function printShape(shapes, out = console.log) {
  const list = Array.isArray(shapes) ? shapes : [shapes];
  const tag = (sh) => (list.length > 1 ? ` ×${sh.scale}` : '');
  const kinds = [...new Set(list.flatMap((sh) => Object.keys(sh.pages)))];
  out(`| kind | ${list.map((sh) => `pages${tag(sh)} | code blocks${tag(sh)}`).join(' | ')} |`);
  out(`|---|${list.map(() => '---:|---:').join('|')}|`);
  for (const k of kinds) out(`| ${k} | ${list.map((sh) => `${sh.pages[k] ?? 0} | ${sh.blocks[k] ?? 0}`).join(' | ')} |`);
  out(`| **total** (from sources; the build adds its own pages: landing, blog index, syntax lookup, packages, 404, …) | ${list.map((sh) => `${sh.totalPages} | ${sh.totalBlocks}`).join(' | ')} |`);
  out('');
  for (const sh of list) {
    out(
      `${list.length > 1 ? `×${sh.scale}: ` : ''}manual versions: ${sh.manualVersions}; API reference: ${sh.apiVersions} versions, ${sh.apiModules} modules (pages), ${sh.apiItems} items ` +
        `(largest module: ${sh.largestModule.name}, ${sh.largestModule.items} items); largest sidebar: ${sh.largestSidebar.name}, ${sh.largestSidebar.links} page links ` +
        `(an API page's sidebar adds the page's own items)`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [scaleArg, outArg] = process.argv.slice(2);
  if (!scaleArg || !outArg) {
    console.error('usage: node bench/real-corpus.mjs SCALE OUTDIR');
    process.exit(2);
  }
  const shape = makeCorpus(Number(scaleArg), path.resolve(outArg));
  console.log(`real-shaped corpus ×${shape.scale} at ${path.resolve(outArg)} (API data copied from the repo's cache: ${shape.apiCache.join(', ')})\n`);
  printShape(shape);
}
