// API data of v11+ from `rescript-tools doc`, ReScript's own documentation extractor, run on the
// compiled libraries of the installed packages. The tool reads a module's typed tree (`.cmt`/`.cmti`)
// from a project's `lib/bs`, so each library gets a small work project whose `src/` and `lib/bs/src/`
// link to the package's sources and compiled files; `@rescript/core` (v11) ships sources only and is
// compiled there once with its compiler. Module aliases (`module Array = Stdlib_Array`) are followed
// by the tool, so one run per library entry module yields the whole tree.
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, cp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { run, type Limit } from './run-tool.ts';
import type { ApiItem, ApiModule, GeneratedApi, TocNode } from './types.ts';

interface DocNode {
  id?: string;
  name: string;
  kind?: string;
  docstrings?: string[];
  signature?: string;
  deprecated?: string;
  items?: DocNode[];
}

const MODULE_KINDS = new Set(['module', 'moduleAlias', 'moduleType']);

/** `rescript-tools doc` JSON of one library → modules keyed by lowercase path, and its toc node. */
export function convertDoc(root: DocNode, lib: string, display: string): { modules: Record<string, ApiModule>; toc: TocNode } {
  const modules: Record<string, ApiModule> = {};
  const visit = (node: DocNode, names: string[]): TocNode => {
    const key = [lib, ...names.slice(1).map((n) => n.toLowerCase())].join('/');
    const items: ApiItem[] = [];
    const children: TocNode[] = [];
    for (const it of node.items ?? []) {
      if (it.kind === 'value' || it.kind === 'type') {
        const item: ApiItem = { id: [...names, it.name].join('.'), kind: it.kind, name: it.name, docstrings: it.docstrings ?? [], signature: it.signature ?? '' };
        if (it.deprecated) item.deprecated = it.deprecated;
        items.push(item);
      } else if (it.kind && MODULE_KINDS.has(it.kind) && ((it.items?.length ?? 0) > 0 || (it.docstrings?.length ?? 0) > 0)) {
        children.push(visit(it, [...names, it.name]));
      }
    }
    modules[key] = { id: names.join('.'), name: names[names.length - 1]!, docstrings: node.docstrings ?? [], items };
    const toc: TocNode = { name: names[names.length - 1]!, path: names };
    if (children.length > 0) toc.children = children;
    return toc;
  };
  const toc = visit(root, [display]);
  return { modules, toc };
}

/** A work project with `libDir`'s files in `src/` and `lib/bs/src/` (copies: the tool follows links). */
async function linkProject(work: string, libDir: string): Promise<void> {
  await rm(work, { recursive: true, force: true });
  await mkdir(path.join(work, 'src'), { recursive: true });
  await mkdir(path.join(work, 'lib', 'bs', 'src'), { recursive: true });
  await writeFile(path.join(work, 'rescript.json'), JSON.stringify({ name: 'docsgen-api', sources: ['src'] }));
  const files = readdirSync(libDir);
  await Promise.all(
    files.map((f) => {
      if (/\.(res|resi|ml|mli)$/.test(f)) return copyFile(path.join(libDir, f), path.join(work, 'src', f));
      if (/\.(cmt|cmti)$/.test(f)) return copyFile(path.join(libDir, f), path.join(work, 'lib', 'bs', 'src', f));
      return undefined;
    }),
  );
}

async function doc(limit: Limit, tool: string, cwd: string, file: string): Promise<DocNode> {
  return JSON.parse(await run(limit, tool, ['doc', file], cwd)) as DocNode;
}

export interface ToolsInput {
  version: string;
  /** Label of the data's source, e.g. `rescript@12.3.1`. */
  source: string;
  /** `rescript-tools` executable. */
  tool: string;
  /** Compiled library directory (`@rescript/runtime/lib/ocaml`, `rescript/lib/ocaml`). */
  libDir: string;
  /** Library → entry file in libDir and display name. */
  entries: { lib: string; file: string; display: string }[];
  /** v11: `@rescript/core` sources to compile with `compiler` (its package dir), documented as `core`. */
  core?: { dir: string; compiler: string };
  work: string;
}

function platformDir(): string {
  const arch = process.arch === 'arm64' ? 'arm64' : '';
  return process.platform === 'linux' ? `linux${arch}` : process.platform === 'darwin' ? `darwin${arch}` : 'win32';
}

export async function extractWithTools(input: ToolsInput, limit: Limit): Promise<GeneratedApi> {
  const out: GeneratedApi = { version: input.version, layout: 'new', source: input.source, libs: {}, toc: {} };
  const libWork = path.join(input.work, 'lib');
  await linkProject(libWork, input.libDir);
  const jobs: Promise<void>[] = input.entries.map(async (e) => {
    const { modules, toc } = convertDoc(await doc(limit, input.tool, libWork, path.join('src', e.file)), e.lib, e.display);
    out.libs[e.lib] = modules;
    out.toc[e.lib] = toc;
  });
  if (input.core) {
    const core = input.core;
    jobs.push(
      (async () => {
        const work = path.join(input.work, 'core');
        await rm(work, { recursive: true, force: true });
        await mkdir(path.join(work, 'node_modules'), { recursive: true });
        await cp(path.join(core.dir, 'src'), path.join(work, 'src'), { recursive: true });
        await symlink(core.compiler, path.join(work, 'node_modules', 'rescript'));
        await writeFile(
          path.join(work, 'rescript.json'),
          JSON.stringify({ name: '@rescript/core', sources: [{ dir: 'src', subdirs: true }], suffix: '.mjs', 'package-specs': { module: 'esmodule', 'in-source': true } }),
        );
        await run(limit, path.join(core.compiler, platformDir(), 'rescript.exe'), ['build'], work);
        const { modules, toc } = convertDoc(await doc(limit, input.tool, work, path.join('src', 'RescriptCore.res')), 'core', 'Core');
        out.libs['core'] = modules;
        out.toc['core'] = toc;
      })(),
    );
  }
  await Promise.all(jobs);
  if (!existsSync(input.work)) throw new Error(`work directory vanished: ${input.work}`);
  return out;
}
