// The names readers write for the modules a signature mentions. The extractors print types with
// the compiled file's module name (`Core__Intl__Common.calendar`, `Js_re.t`, `Belt_Id.cmp`,
// `Stdlib_WeakMap.t`), a name no program writes: the libraries expose those files through aliases
// (`module Intl = Core__Intl` in RescriptCore.res, `module Common = Core__Intl__Common` in
// Core__Intl.res, `module Re = Js_re` in js.ml). Following the libraries' own alias declarations
// gives each file its public path (`Intl.Common`, `Js.Re`, `Belt.Id`, `WeakMap`), rather than a
// rule about prefixes that would turn an unexposed module (`Primitive_js_extern`) into a name that
// does not exist.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedApi } from './types.ts';

/** A library's entry module: its file's base name and the path code writes for it ('' when opened by default). */
export interface AliasRoot {
  module: string;
  path: string;
}

/** `module X = Y` on a line of its own (ReScript or OCaml), Y a plain module name. */
const ALIAS = /^[ \t]*module[ \t]+([A-Z][\w']*)[ \t]*=[ \t]*([A-Z][\w']*)[ \t]*(?:;|\/\/|\(\*|$)/gm;
/** How deep aliases are followed (`Intl` → `Intl.Common` is two). */
const MAX_DEPTH = 4;

/**
 * File module name → public path, from the roots' alias declarations and, breadth first, those of
 * the files they alias: the shortest path wins (`Js_null_undefined` is `Js.Nullable` before
 * `Js.Null_undefined`, the first declared of two at the same depth).
 */
export function publicModuleNames(dirs: readonly string[], roots: readonly AliasRoot[]): Map<string, string> {
  const names = new Map<string, string>();
  let level: AliasRoot[] = [...roots];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
    const next: AliasRoot[] = [];
    for (const { module, path: at } of level) {
      const source = readModule(dirs, module);
      if (source === undefined) continue;
      for (const [, alias, target] of source.matchAll(ALIAS)) {
        if (names.has(target!) || roots.some((r) => r.module === target)) continue;
        const publicPath = at === '' ? alias! : `${at}.${alias}`;
        names.set(target!, publicPath);
        next.push({ module: target!, path: publicPath });
      }
    }
    level = next;
  }
  return names;
}

/** The source of a module's file in the first of `dirs` that has it (`Js` is `js.ml` in older packages). */
function readModule(dirs: readonly string[], module: string): string | undefined {
  const bases = [module, module.charAt(0).toLowerCase() + module.slice(1)];
  for (const dir of dirs) {
    for (const base of bases) {
      for (const ext of ['.res', '.ml']) {
        const file = path.join(dir, base + ext);
        if (existsSync(file)) return readFileSync(file, 'utf8');
      }
    }
  }
  return undefined;
}

/** A signature with each file module name that starts a path (`Js_re.t`) replaced by its public path. */
export function withPublicNames(signature: string, names: ReadonlyMap<string, string>): string {
  if (names.size === 0) return signature;
  return signature.replace(/(?<![\w.'])([A-Z][\w']*)(?=\.)/g, (name: string) => names.get(name) ?? name);
}

/** Every item signature of a version's API data, in place, with public module names. */
export function usePublicNames(api: GeneratedApi, names: ReadonlyMap<string, string>): void {
  for (const modules of Object.values(api.libs)) {
    for (const mod of Object.values(modules)) {
      for (const item of mod.items ?? []) if (item.signature) item.signature = withPublicNames(item.signature, names);
    }
  }
}
