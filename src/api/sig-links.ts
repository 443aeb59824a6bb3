// Types in an API signature lead to their definition: `Iterator.t` in Array.fromIterator's
// signature to the Iterator page's `type t`, `t` in Belt.Map's own signatures to its `type t` on
// the page. The generated page writes the ranges in the signature's fence (`links="…"`), and the
// highlighter wraps them (src/render/code-links.ts).
import path from 'node:path/posix';
import { primaryLibrary } from './names.ts';
import { detached } from '../util/text.ts';
import { codeLinksText, type CodeLink } from '../render/code-links.ts';

/** A module's page and the names of its types. */
export interface ModuleTypes {
  route: string;
  types: ReadonlySet<string>;
}

/** Module path as code writes it → its types; the standard library's modules also by their short name. */
export type TypeIndex = ReadonlyMap<string, ModuleTypes>;

/** The index of a version's modules (`id`: the module's full path, `Core.Intl.Common`, `Belt.Set.Dict`). */
export function typeIndex(version: string, modules: Iterable<{ id: string; route: string; types: Iterable<string> }>): TypeIndex {
  const standard = primaryLibrary(version) === 'stdlib' ? 'Stdlib.' : 'Core.';
  const index = new Map<string, ModuleTypes>();
  for (const m of modules) {
    // Copies: the names are cut from the version's data, which must not stay in memory with them.
    const entry = { route: m.route, types: new Set([...m.types].map(detached)) };
    if (entry.types.size === 0) continue;
    index.set(detached(m.id), entry);
    // The standard library is opened in every file: `Intl.Common.t`, as signatures print it.
    if (m.id.startsWith(standard)) index.set(detached(m.id.slice(standard.length)), entry);
  }
  return index;
}

/** A lowercase name, maybe behind a module path, that is no part of a longer name or path. */
const NAME = /(?<![\w.'#~`"])((?:[A-Z][\w']*\.)*)([a-z_][\w']*)(?![\w'])/g;
/** Words after which a lowercase name is being declared or is a keyword's operand, not a type used. */
const DECLARES = /(?:^|[^\w'])(?:let|type|and|external|val|module|open|include|as|mutable|private|rec|constraint)\s*$/;

/**
 * The ranges of `signature` that name a type of the index: a module path and a type name
 * (`Intl.Common.calendar`), or a type name alone that the module itself defines (`t`), where it is
 * used as a type: not the name being declared (`type t`, `let t`), nor a record field or a label
 * (`t: int`, `~t`, `t?: int`). Types of the module itself lead to their anchor on the page.
 */
export function signatureLinks(signature: string, index: TypeIndex, own: ModuleTypes | undefined, fromRoute?: string): CodeLink[] {
  const links: CodeLink[] = [];
  for (const m of signature.matchAll(NAME)) {
    const path = m[1] ? m[1].slice(0, -1) : '';
    const name = m[2]!;
    const target = path ? index.get(path) : own;
    if (!target?.types.has(name)) continue;
    const end = m.index + m[0].length;
    if (!path) {
      if (DECLARES.test(signature.slice(Math.max(0, m.index - 12), m.index))) continue;
      if (/^\s*\??\s*:/.test(signature.slice(end, end + 4))) continue;
    }
    const anchor = `#type-${name}`;
    links.push({ from: m.index, to: end, href: target === own ? anchor : `${hrefTo(target.route, fromRoute)}${anchor}` });
  }
  return links;
}

/**
 * The route as a link from `fromRoute`: relative within the version (`re`, `../core/iterator`),
 * so the same signature in two versions is the same block, highlighted once (src/render/block-key.ts),
 * and a page's alias copy (`/latest/`) leads to the alias's pages.
 */
function hrefTo(route: string, fromRoute: string | undefined): string {
  if (fromRoute === undefined) return route;
  const dir = path.relative(path.dirname(fromRoute), path.dirname(route));
  return dir ? `${dir}/${path.basename(route)}` : path.basename(route);
}

/** The fence attribute for the links (`links="FROM-TO=HREF …"`), '' when there are none. */
export function linksAttribute(links: readonly CodeLink[]): string {
  return links.length === 0 ? '' : ` links="${codeLinksText(links)}"`;
}
