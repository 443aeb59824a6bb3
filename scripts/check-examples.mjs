#!/usr/bin/env node
// Compiles every ```res example``` fence of the docs with the real ReScript compiler of the version
// the page documents, and reports each compiler error at its place in the .mdx file. An example's
// JS Output tab (the ```js``` fence beside it in a <CodeTab>) must show lines the compiler printed:
// a tab written by hand, or left from an older compiler, is reported at its first wrong line.
//
//   node scripts/check-examples.mjs [--versions v11.0.0,latest] [--install] [--content <dir>] [--keep]
//
// Each docs version becomes one temporary ReScript project (one module per example, named after the
// page and the example's index, e.g. Ex_pipe_3.res) built with one `rescript build`. The page's
// ```res prelude``` blocks are prepended to each of its examples. Exit 0: all compiled; 1: content
// errors (compile errors, unparsable pages); 2: bad usage or a toolchain failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import { visit } from 'unist-util-visit';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const toolsRoot = join(repoRoot, 'tools', 'rescript');
const RULE = 'example-compile';
const JS_RULE = 'example-js-output';

/**
 * Which compiler checks which docs version. v9 ships @rescript/react 0.10 (JSX v3 only). `jsOutput`:
 * the JS Output tabs are this compiler's (a docs version checked by two compilers shows one's).
 */
const DOC_VERSIONS = [
  { section: 'manual', version: 'v8.0.0', compiler: 'v9', jsOutput: true },
  { section: 'manual', version: 'v9.0.0', compiler: 'v9', jsOutput: true },
  { section: 'manual', version: 'v10.0.0', compiler: 'v10', jsOutput: true },
  { section: 'manual', version: 'v11.0.0', compiler: 'v11', jsOutput: true },
  { section: 'manual', version: 'v12.0.0', compiler: 'v12', jsOutput: true },
  // React's latest docs cover @rescript/react 0.13 (ReScript 11, React 18) and 0.14 (ReScript 12,
  // React 19): each example is checked with both, unless marked for one (see compilerWords).
  { section: 'react', version: 'latest', compiler: 'v11', jsOutput: true },
  { section: 'react', version: 'latest', compiler: 'v12' },
  { section: 'react', version: 'v0.11.0', compiler: 'v10', jsOutput: true },
  { section: 'react', version: 'v0.10.0', compiler: 'v9', jsOutput: true },
  // Syntax lookup entries hold for both current compilers; an example marked `v12` (```res example
  // v12```) shows syntax that v11 does not have and is checked by v12 only.
  { section: 'syntax-lookup', version: 'v11', compiler: 'v11', dir: 'syntax-lookup' },
  { section: 'syntax-lookup', version: 'v12', compiler: 'v12', dir: 'syntax-lookup', jsOutput: true },
  // Blog posts are about one release each: their examples name its compiler (```res example v11```).
  { section: 'blog', version: 'v11', compiler: 'v11', dir: 'blog', jsOutput: true },
  { section: 'blog', version: 'v12', compiler: 'v12', dir: 'blog', jsOutput: true },
];

/** The project config file each compiler reads, as rescript.json / bsconfig.json content. */
const PROJECT_CONFIG = {
  v12: {
    file: 'rescript.json',
    config: {
      'package-specs': { module: 'esmodule', 'in-source': true },
      suffix: '.res.js',
      dependencies: ['@rescript/react'],
      jsx: { version: 4 },
    },
  },
  v11: {
    file: 'rescript.json',
    config: {
      'package-specs': { module: 'esmodule', 'in-source': true },
      suffix: '.res.js',
      'bs-dependencies': ['@rescript/core', '@rescript/react'],
      'bsc-flags': ['-open RescriptCore'],
      jsx: { version: 4 },
    },
  },
  v10: {
    file: 'bsconfig.json',
    config: {
      'package-specs': { module: 'es6', 'in-source': true },
      suffix: '.bs.js',
      'bs-dependencies': ['@rescript/react'],
      jsx: { version: 4 },
    },
  },
  v9: {
    file: 'bsconfig.json',
    config: {
      'package-specs': { module: 'es6', 'in-source': true },
      suffix: '.bs.js',
      'bs-dependencies': ['@rescript/react'],
      reason: { 'react-jsx': 3 },
    },
  },
};

const BUILD_TIMEOUT_MS = 15 * 60 * 1000; // the first build of a toolchain also compiles its dependencies

class UsageError extends Error {}

// ------------------------------------------------------------------------------------------ CLI

function parseArgs(argv) {
  const options = { versions: null, install: false, content: join(repoRoot, 'content'), keep: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--versions':
        options.versions = value().split(',').map((s) => s.trim()).filter(Boolean);
        break;
      case '--content':
        options.content = resolve(value());
        break;
      case '--install':
        options.install = true;
        break;
      case '--keep':
        options.keep = true;
        break;
      case '-h':
      case '--help':
        options.help = true;
        break;
      default:
        throw new UsageError(`unknown option ${arg}`);
    }
  }
  return options;
}

const USAGE = `usage: node scripts/check-examples.mjs [--versions v11.0.0,latest,...] [--install] [--content <dir>] [--keep]
  --versions  docs versions to check (manual: ${DOC_VERSIONS.filter((d) => d.section === 'manual').map((d) => d.version).join(' ')};
              react: ${DOC_VERSIONS.filter((d) => d.section === 'react').map((d) => d.version).join(' ')}; "react/latest" style also accepted)
  --install   install tools/rescript/vNN (npm install --no-save) when its node_modules is missing
  --content   content directory (default: <repo>/content)
  --keep      keep the temporary projects and print where they are`;

function selectDocVersions(requested) {
  if (!requested) return DOC_VERSIONS;
  const picked = new Set();
  for (const name of requested) {
    const matches = DOC_VERSIONS.filter((d) => name === d.version || name === `${d.section}/${d.version}`);
    if (!matches.length) throw new UsageError(`unknown docs version "${name}"`);
    for (const m of matches) picked.add(m);
  }
  return DOC_VERSIONS.filter((d) => picked.has(d));
}

// ------------------------------------------------------------------------- collecting examples

/**
 * Blanks out what remark-mdx cannot read but the docs dialect allows, keeping every offset:
 * the YAML front matter and HTML comments outside fenced code.
 */
function maskForMdx(source) {
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  let text = source;
  const fm = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?=\r?\n|$)/.exec(text);
  if (fm) text = blank(fm[0]) + text.slice(fm[0].length);
  // Offsets that are inside fenced code blocks must not be touched.
  const inFence = [];
  let fence = null;
  let offset = 0;
  for (const line of text.split('\n')) {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length && /^ {0,3}(`{3,}|~{3,})\s*$/.test(line)) fence = null;
      inFence.push([offset, offset + line.length + 1]);
    } else if (m) {
      fence = m[1];
      inFence.push([offset, offset + line.length + 1]);
    }
    offset += line.length + 1;
  }
  const fenced = (at) => inFence.some(([a, b]) => at >= a && at < b);
  return text.replace(/<!--[\s\S]*?-->/g, (comment, at) => (fenced(at) ? comment : blank(comment)));
}

const mdxParser = unified().use(remarkParse).use(remarkGfm).use(remarkMdx);

/** A fence's compiler words: ```res example v12``` is for ReScript 12 only, and a docs version
 * checked by several compilers leaves it to that one. */
const COMPILER_WORD = /^v\d+$/;

/**
 * Fences of one page: its prelude blocks and its examples for `compiler` (those naming no compiler,
 * or naming it), with where their code starts.
 */
function collectFences(source, compiler) {
  const tree = mdxParser.parse(maskForMdx(source));
  const preludes = [];
  const examples = [];
  visit(tree, 'code', (node, index, parent) => {
    if (node.lang !== 'res' && node.lang !== 'rescript') return;
    const meta = (node.meta ?? '').split(/\s+/);
    const block = {
      code: node.value,
      // The first code line is the line after the opening fence; indented fences (in lists) lose
      // their indentation in node.value, so columns shift back by it.
      firstLine: node.position.start.line + 1,
      columnOffset: node.position.start.column - 1,
      js: jsOutputOf(parent, index),
    };
    if (meta.includes('prelude')) preludes.push(block);
    else if (meta.includes('example') && forCompiler(meta, compiler)) examples.push(block);
  });
  return { preludes, examples };
}

/**
 * The JS Output tab shown beside an example: the next `js` fence of the same `<CodeTab>`, or
 * undefined.
 */
function jsOutputOf(parent, index) {
  if (parent?.type !== 'mdxJsxFlowElement' || parent.name !== 'CodeTab' || index === undefined) return undefined;
  const next = parent.children.slice(index + 1).find((c) => c.type === 'code');
  if (!next || (next.lang !== 'js' && next.lang !== 'javascript')) return undefined;
  return { code: next.value, firstLine: next.position.start.line + 1, columnOffset: next.position.start.column - 1 };
}

function forCompiler(metaWords, compiler) {
  const named = metaWords.filter((w) => COMPILER_WORD.test(w));
  return named.length === 0 || named.includes(compiler);
}

function moduleName(file, index) {
  const stem = basename(file).replace(/\.mdx?$/, '').replace(/[^A-Za-z0-9_]+/g, '_');
  return `Ex_${stem}_${index}`;
}

/**
 * Builds the module source for one example (its page's preludes, then the example) and the
 * segments that map a line of that module back to the .mdx file.
 */
function buildModule(file, name, preludes, example) {
  const segments = [];
  const parts = [];
  let line = 1;
  for (const block of [...preludes, example]) {
    const count = block.code.split('\n').length;
    segments.push({ start: line, count, firstLine: block.firstLine, columnOffset: block.columnOffset });
    parts.push(block.code);
    line += count;
  }
  return { name, file, source: parts.join('\n') + '\n', segments, js: example.js };
}

function mapToSource(mod, line, column) {
  const seg = mod.segments.find((s) => line >= s.start && line < s.start + s.count) ?? mod.segments[mod.segments.length - 1];
  const inSeg = Math.min(Math.max(line - seg.start, 0), seg.count - 1);
  return { line: seg.firstLine + inSeg, column: Math.max(column, 1) + seg.columnOffset };
}

function listPages(contentDir, doc) {
  const dir = doc.dir ? join(contentDir, doc.dir) : join(contentDir, 'docs', doc.section, doc.version);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.mdx'))
    .map((e) => join(dir, e.name))
    .sort();
}

// ------------------------------------------------------------------------------ compiler output

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]|\r/g;
// Code frame lines: `  7 │ code`, `  7 ┆ code`, and wrapped continuations `    ┆ code`.
const FRAME_LINE = /^\s*(?:\d+|\.+)?\s*[│┆]/;
const LOCATION = /^\s*(\S.*?\.resi?):(\d+):(\d+)(?:-\d+(?::\d+)?)?\s*$/;

/**
 * Errors in `rescript build` output. The compilers of v9-v12 print the same block shape:
 *   We've found a bug for you! | Syntax error! | Warning number N (configured as error)
 *   /abs/path/Module.res:LINE:COL[-...]
 *   <code frame>
 *   <message>
 */
function parseCompilerErrors(output) {
  const lines = output.replace(ANSI, '').split('\n');
  const errors = [];
  for (let i = 0; i < lines.length; i++) {
    const header = lines[i].trim();
    const warning = /^Warning number (\d+) \(configured as error\)/.exec(header);
    if (!warning && header !== "We've found a bug for you!" && header !== 'Syntax error!') continue;
    let j = i + 1;
    while (j < lines.length && !lines[j].trim()) j++;
    const loc = LOCATION.exec(lines[j] ?? '');
    if (!loc) continue;
    let k = j + 1;
    while (k < lines.length && (!lines[k].trim() || FRAME_LINE.test(lines[k]))) k++;
    const text = (lines[k] ?? '').trim() || header;
    errors.push({
      path: loc[1],
      line: Number(loc[2]),
      column: Number(loc[3]),
      message: warning ? `Warning ${warning[1]}: ${text}` : text,
    });
    i = k;
  }
  return errors;
}

// ----------------------------------------------------------------------------------- toolchains

function compilerBin(compiler) {
  return join(toolsRoot, compiler, 'node_modules', '.bin', 'rescript');
}

function ensureToolchain(compiler, install) {
  if (existsSync(compilerBin(compiler))) return;
  const dir = join(toolsRoot, compiler);
  if (!install) {
    throw new UsageError(`ReScript toolchain ${compiler} is not installed (${relative(process.cwd(), dir)}/node_modules). Run with --install, or: npm install --no-save --prefix ${relative(process.cwd(), dir)}`);
  }
  // `npm install --no-save`, not `npm ci`: the lockfile pins every version, but rescript 12 lists
  // per-platform binaries as optional dependencies and the registry reachable here serves only
  // linux-x64, so the lockfile cannot name them all and `npm ci` refuses it. `install` follows the
  // lockfile for everything it names and skips the unavailable optional packages.
  console.error(`installing ${compiler} toolchain: npm install --no-save --prefix ${relative(process.cwd(), dir)}`);
  const r = spawnSync('npm', ['install', '--no-save', '--prefix', dir, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(compilerBin(compiler))) throw new UsageError(`installing the toolchain failed for ${dir}`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Projects share their toolchain's node_modules (symlinked), where `rescript build` compiles the
 * dependencies (@rescript/core, @rescript/react) on first use. Two builds of one toolchain at once
 * would race on that, so they take a per-toolchain lock, also across processes.
 */
async function withToolchainLock(compiler, fn) {
  const lock = join(toolsRoot, compiler, 'node_modules', '.check-examples.lock');
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(lock, 'utf8'));
      let alive = false;
      try {
        process.kill(holder, 0);
        alive = true;
      } catch {}
      if (!alive) rmSync(lock, { force: true });
      else await sleep(300);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

function runBuild(compiler, cwd) {
  return new Promise((resolvePromise) => {
    const child = spawn(compilerBin(compiler), ['build'], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      output += `\n[check-examples] build timed out after ${BUILD_TIMEOUT_MS / 1000}s`;
      child.kill('SIGKILL');
    }, BUILD_TIMEOUT_MS);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolvePromise({ code: -1, output: `${output}\n${err.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code: code ?? -1, output });
    });
  });
}

// ------------------------------------------------------------------------------------ checking

/**
 * Writes one project for a docs version and builds it until it compiles. The compilers stop
 * before type checking when any file has a syntax error (v12) and may stop early on failures, so
 * modules with errors are removed and the build is re-run until no new error appears.
 */
async function checkDocVersion(doc, modules, workRoot) {
  const dir = join(workRoot, `${doc.section}-${doc.version}-${doc.compiler}`);
  const src = join(dir, 'src');
  mkdirSync(src, { recursive: true });
  symlinkSync(join(toolsRoot, doc.compiler, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const { file, config } = PROJECT_CONFIG[doc.compiler];
  const name = `docs-examples-${doc.section}-${doc.version.replace(/\./g, '-')}`;
  writeFileSync(join(dir, file), JSON.stringify({ name, sources: [{ dir: 'src' }], ...config }, null, 2));
  const byName = new Map(modules.map((m) => [m.name, m]));
  for (const m of modules) writeFileSync(join(src, `${m.name}.res`), m.source);

  const errors = [];
  let failure = null;
  const remaining = new Set(byName.keys());
  let started = Date.now();
  await withToolchainLock(doc.compiler, async () => {
    started = Date.now(); // time the builds, not the wait for another docs version's builds
    for (let round = 0; round <= modules.length; round++) {
      if (!remaining.size) break;
      const { code, output } = await runBuild(doc.compiler, dir);
      if (code === 0) break;
      const fresh = parseCompilerErrors(output).filter((e) => remaining.has(basename(e.path).replace(/\.resi?$/, '')));
      if (!fresh.length) {
        failure = output;
        break;
      }
      for (const e of fresh) {
        const mod = byName.get(basename(e.path).replace(/\.resi?$/, ''));
        errors.push({ file: mod.file, ...mapToSource(mod, e.line, e.column), message: e.message });
        if (remaining.delete(mod.name)) {
          for (const f of readdirSync(src)) if (f.startsWith(`${mod.name}.`)) unlinkSync(join(src, f));
        }
      }
    }
  });
  if (doc.jsOutput && !failure) {
    for (const name of remaining) {
      const mod = byName.get(name);
      if (!mod.js) continue;
      let printed;
      try {
        printed = readFileSync(join(src, `${name}${config.suffix}`), 'utf8');
      } catch {
        continue;
      }
      // Paths the compiler prints (a %todo's place) are absolute; the page shows them from the project.
      const wrong = jsOutputMismatch(mod.js.code, printed.replaceAll(`${dir}/`, ''), name);
      if (wrong) errors.push({ file: mod.file, line: mod.js.firstLine + wrong.index, column: 1 + mod.js.columnOffset, message: `the JS Output tab shows \`${wrong.line.trim()}\`, which rescript ${doc.compiler} does not print for this example`, rule: JS_RULE });
    }
  }
  return { doc, dir, errors, failure, seconds: (Date.now() - started) / 1000, failedModules: modules.length - remaining.size };
}

/**
 * The first line of a JS Output tab that is not among the lines the compiler printed for the
 * example, or undefined. Lines are compared trimmed; the tab may leave lines out (the file header,
 * the export list, a prelude's code), but every line it shows must be the compiler's. The page
 * names its example's file as it likes (`Demo.res`, `Greeting.res`) where the checker compiles
 * `Ex_page_3.res`, so a shown line also matches when one capitalized name in it that the compiler
 * never printed, written as the checker's module name, gives a printed line.
 */
function jsOutputMismatch(documented, printed, moduleName) {
  const lines = new Set(printed.split('\n').map((l) => l.trim()));
  const shown = documented.split('\n');
  const index = shown.findIndex((line) => {
    const l = line.trim();
    if (l === '' || lines.has(l)) return false;
    // Each capitalized name, and its camel-case heads (`TextPreview` of `TextPreviewGen`).
    const names = new Set((l.match(/\b[A-Z][A-Za-z0-9_]*/g) ?? []).flatMap((n) => n.split(/(?=[A-Z])/).map((_, i, parts) => parts.slice(0, i + 1).join(''))));
    for (const name of names) {
      if (new RegExp(`\\b${name}\\b`).test(printed)) continue;
      if (lines.has(l.replace(new RegExp(`\\b${name}`, 'g'), moduleName))) return false;
    }
    return true;
  });
  return index === -1 ? undefined : { index, line: shown[index] };
}

function displayPath(file) {
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

async function main() {
  let options;
  let docs;
  try {
    options = parseArgs(process.argv.slice(2));
    docs = options.help ? [] : selectDocVersions(options.versions);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n${USAGE}`);
      return 2;
    }
    throw err;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  if (!existsSync(options.content)) {
    console.error(`content directory not found: ${options.content}`);
    return 2;
  }

  // Collect every example, reporting pages that cannot be parsed.
  const problems = [];
  const work = [];
  for (const doc of docs) {
    const modules = [];
    for (const file of listPages(options.content, doc)) {
      let fences;
      try {
        fences = collectFences(readFileSync(file, 'utf8'), doc.compiler);
      } catch (err) {
        // Some mdast-util-mdx-jsx errors carry their place only in the text: "... (3:1-3:7)".
        const place = err.place?.start ?? err.place ?? {};
        const inText = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(String(err.reason ?? err.message)) ?? [];
        const line = err.line ?? place.line ?? Number(inText[1] ?? 1);
        const column = err.column ?? place.column ?? Number(inText[2] ?? 1);
        problems.push({ file, line, column, message: `cannot parse as MDX: ${String(err.reason ?? err.message).split('\n')[0]}`, rule: 'mdx-parse' });
        continue;
      }
      fences.examples.forEach((example, i) => {
        modules.push(buildModule(file, moduleName(file, i + 1), fences.preludes, example));
      });
    }
    if (modules.length) work.push({ doc, modules });
  }

  const compilers = [...new Set(work.map((w) => w.doc.compiler))];
  try {
    for (const c of compilers) ensureToolchain(c, options.install);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }

  const workRoot = mkdtempSync(join(tmpdir(), 'docsgen-examples-'));
  let results;
  try {
    // Toolchains build in parallel; docs versions sharing a toolchain queue on its lock.
    results = await Promise.all(
      work.map(({ doc, modules }) =>
        checkDocVersion(doc, modules, workRoot).then((r) => {
          const status = r.failure ? '✗ toolchain failure' : r.errors.length ? `✗ ${r.errors.length} error(s)` : '✓';
          console.error(`  ${doc.section}/${doc.version}: ${modules.length} examples, rescript ${doc.compiler}  ${status}  ${r.seconds.toFixed(1)}s`);
          return { ...r, count: modules.length };
        }),
      ),
    );
  } finally {
    if (options.keep) console.error(`kept the example projects in ${workRoot}`);
    else rmSync(workRoot, { recursive: true, force: true });
  }

  const seen = new Set();
  for (const r of results) {
    for (const e of r.errors) {
      const p = { rule: RULE, ...e };
      const key = `${p.file}:${p.line}:${p.column}:${p.message}`;
      if (!seen.has(key)) {
        seen.add(key);
        problems.push(p);
      }
    }
  }
  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  for (const p of problems) console.log(`${displayPath(p.file)}:${p.line}:${p.column}  error  ${p.message}  ${p.rule}`);

  const failures = results.filter((r) => r.failure);
  for (const r of failures) {
    console.error(`\n✗ rescript build (${r.doc.compiler}) for ${r.doc.section}/${r.doc.version} failed without an error in an example:\n${r.failure.replace(ANSI, '').trim()}`);
  }

  const total = results.reduce((n, r) => n + r.count, 0);
  const counts = results.map((r) => `${r.doc.section} ${r.doc.version} (${r.doc.compiler}): ${r.count}`).join(', ');
  if (problems.length) {
    const files = new Set(problems.map((p) => p.file)).size;
    const failed = results.reduce((n, r) => n + r.failedModules, 0);
    console.log(`✗ ${problems.length} error${problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'} (${failed} of ${total} examples failed; ${counts})`);
    return 1;
  }
  if (failures.length) return 2;
  console.log(`✓ ${total} example${total === 1 ? '' : 's'} compiled (${counts || 'no examples found'})`);
  return 0;
}

process.exitCode = await main();
