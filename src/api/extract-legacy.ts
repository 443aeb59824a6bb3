// API data of the legacy versions (v8.0.0–v10.0.0) from that version's published compiler package
// (bs-platform@8, rescript@9, rescript@10). Those packages ship their Belt/Js/Dom libraries as
// OCaml-syntax `.ml`/`.mli` with compiled `.cmi`, and no documentation extractor. Their own `bsc`
// does the work: `bsc -bs-read-cmi x.cmi` prints the module's exact interface (ReScript syntax
// from rescript@9 on; bs-platform@8 prints OCaml syntax, which its `bsc -format` turns into
// ReScript), and `bsc -format x.mli` prints the source with its doc comments as `@ocaml.doc`
// attributes. Items and signatures come from the interface, docs from the source, matched by name.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { outline, type OutlineItem } from './res-outline.ts';
import { legacyModules, type LegacyModule } from './legacy-modules.ts';
import { run, type Limit } from './run-tool.ts';
import type { ApiItem, ApiModule, GeneratedApi } from './types.ts';

export interface LegacyPackage {
  /** Package root (`node_modules/rescript-10`). */
  dir: string;
  /** `rescript@10.1.4`. */
  label: string;
}

function platformDir(): string {
  const arch = process.arch === 'arm64' ? 'arm64' : '';
  return process.platform === 'linux' ? `linux${arch}` : process.platform === 'darwin' ? `darwin${arch}` : 'win32';
}

/** `external f: t => int = "x" "y"` → `let f: t => int`; `type rec t` → `type t`. */
export function normalizeSignature(text: string): string {
  let s = text.replace(/^type rec /, 'type ').replace(/\n\s*and /g, '\nand ');
  if (s.startsWith('external ')) {
    s = 'let ' + s.slice('external '.length);
    s = s.replace(/\s*=\s*("([^"\\]|\\.)*"\s*)+$/, '');
  }
  return s.trim();
}

/**
 * Doc comments in ocamldoc markup (bs-platform 8 and some later modules) as Markdown: `{[ … ]}` and
 * `{v … v}` code, `[code]`, `{b …}`, `{i …}`/`{e …}`, `{!Ref}`. Markdown docs are left alone.
 */
export function ocamldocToMarkdown(doc: string): string {
  if (!/\{[bie!\[v]|\{\d |\[[^\]\n]+\](?!\()/.test(doc) || /```/.test(doc)) return doc;
  const code: string[] = [];
  let s = doc
    .replace(/\{\[([\s\S]*?)\]\}/g, (_, c: string) => `\u0000${code.push('\n```ml\n' + dedent(c).trim() + '\n```\n') - 1}\u0000`)
    .replace(/\{v([\s\S]*?)v\}/g, (_, c: string) => `\u0000${code.push('\n```\n' + dedent(c).trim() + '\n```\n') - 1}\u0000`);
  for (let i = 0; i < 3; i++) {
    s = s
      .replace(/\{b\s+([^{}]*)\}/g, '**$1**')
      .replace(/\{[ie]\s+([^{}]*)\}/g, '_$1_')
      .replace(/\{!([^{}]*)\}/g, '`$1`')
      .replace(/\{\d\s+([^{}]*)\}/g, '**$1**');
  }
  s = s.replace(/\[([^\]\n]+)\](?!\()/g, (_, c: string) => '`' + c.replace(/`/g, '') + '`');
  return s.replace(/\u0000(\d+)\u0000/g, (_, i: string) => code[Number(i)]!);
}

function dedent(text: string): string {
  const lines = text.replace(/^\n+/, '').split('\n');
  const indents = lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length);
  const min = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(min)).join('\n');
}

function toItems(modulePath: string[], sig: OutlineItem[], docsFrom: OutlineItem[]): ApiItem[] {
  const docs = new Map(docsFrom.map((d) => [`${d.kind}:${d.name}`, d]));
  const items: ApiItem[] = [];
  for (const s of sig) {
    if (s.kind !== 'value' && s.kind !== 'type') continue;
    const d = docs.get(`${s.kind}:${s.name}`);
    const item: ApiItem = {
      id: [...modulePath, s.name].join('.'),
      kind: s.kind,
      name: s.name,
      docstrings: (d?.docs ?? []).map(ocamldocToMarkdown),
      signature: normalizeSignature(s.text),
    };
    const deprecated = d?.deprecated ?? s.deprecated;
    if (deprecated) item.deprecated = deprecated;
    items.push(item);
  }
  return items;
}

/** One legacy module's page data, or undefined when the package does not ship it. */
async function extractModule(pkg: LegacyPackage, bsc: string, m: LegacyModule, work: string, limit: Limit, texts: Map<string, Promise<[string, string] | undefined>>): Promise<ApiModule | undefined> {
  const lib = path.join(pkg.dir, 'lib', 'ocaml');
  let pair = texts.get(m.file);
  if (!pair) {
    pair = (async () => {
      const cmi = path.join(lib, `${m.file}.cmi`);
      const source = [`${m.file}.mli`, `${m.file}.ml`].map((f) => path.join(lib, f)).find((f) => existsSync(f));
      if (!existsSync(cmi) && !source) return undefined;
      let sig = existsSync(cmi) ? await run(limit, bsc, ['-bs-read-cmi', cmi]) : '';
      if (sig && /^\s*(val|type '|external \w+ :)/m.test(sig)) {
        // OCaml syntax (bs-platform 8): let its own printer turn it into ReScript.
        const tmp = path.join(work, `${m.file}.mli`);
        await writeFile(tmp, sig);
        // Some printed interfaces do not parse back; the source's own declarations then stand in.
        sig = await run(limit, bsc, ['-format', tmp]).catch(() => '');
      }
      const src = source ? await run(limit, bsc, ['-format', source]) : '';
      return [sig || src, src] as [string, string];
    })();
    texts.set(m.file, pair);
  }
  const got = await pair;
  if (!got) return undefined;
  const sig = outline(got[0]);
  const src = outline(got[1]);
  const modulePath = m.name === 'Belt' || m.name === 'Js' || m.name === 'Dom' ? [m.name] : [m.lib === 'belt' ? 'Belt' : m.lib === 'js' ? 'Js' : 'Dom', ...m.name.split('.')];
  if (m.sub) {
    const find = (list: OutlineItem[]) => list.find((i) => i.name === m.sub && (i.kind === 'module' || i.kind === 'moduleType'));
    const s = find(sig.items);
    if (!s) return undefined;
    const d = find(src.items);
    return { id: modulePath.join('.'), name: m.name, docstrings: (d?.docs ?? s.docs).map(ocamldocToMarkdown), items: toItems(modulePath, s.children ?? [], d?.children ?? []) };
  }
  return { id: modulePath.join('.'), name: m.name, docstrings: (src.docs.length > 0 ? src.docs : sig.docs).map(ocamldocToMarkdown), items: toItems(modulePath, sig.items, src.items) };
}

/** The whole legacy API of one version. */
export async function extractLegacy(version: string, pkg: LegacyPackage, work: string, limit: Limit): Promise<GeneratedApi> {
  const bsc = path.join(pkg.dir, platformDir(), 'bsc.exe');
  if (!existsSync(bsc)) throw new Error(`no compiler at ${bsc}`);
  await mkdir(work, { recursive: true });
  const texts = new Map<string, Promise<[string, string] | undefined>>();
  const libs: GeneratedApi['libs'] = { belt: {}, js: {}, dom: {} };
  const modules = legacyModules(version);
  const results = await Promise.all(modules.map((m) => extractModule(pkg, bsc, m, work, limit, texts)));
  modules.forEach((m, i) => {
    const key = m.slug.slice('api/'.length);
    const mod: ApiModule = results[i] ?? {
      id: m.name,
      name: m.name,
      docstrings: [`\`${m.lib === 'belt' ? 'Belt' : m.lib === 'js' ? 'Js' : 'Dom'}.${m.name}\` is not part of ${pkg.label}: the package ships no interface for it, so there are no signatures to show for this version.`],
      items: [],
    };
    libs[m.lib]![key] = { ...mod, name: m.name, slug: m.slug };
  });
  return { version, layout: 'legacy', source: pkg.label, libs, toc: {} };
}
