import { closest, decodedOrAsIs, hrefParts } from '../util/text.ts';
import { placeOf as placeInFile } from '../util/yaml-positions.ts';
import type { CheckLevel, CompiledPage, ConfigFile, LinkRef, Message, Page, SiteIndex } from './types.ts';
import { message } from './messages.ts';

export interface LinkCheckOptions {
  pages: Page[];
  compiled: Map<string, CompiledPage>;
  index: SiteIndex;
  /** Other files the site serves (public/, assets, llms.txt, feed), as `/path`. */
  files: Iterable<string>;
  level: CheckLevel;
  /** Links written outside any page (site.json's), reported in their own file. */
  extra?: { displayPath: string; links: LinkRef[] }[];
}

/**
 * A link written in a config file at a JSON pointer, for the link check. Its place is worked out
 * only when a message needs it: positions mean parsing the file again.
 */
export function configLink(file: ConfigFile, pointer: string, href: string): LinkRef {
  let place: { line: number; column: number } | undefined;
  const where = () => (place ??= placeInFile(file.doc.positions, pointer) ?? { line: 1, column: 1 });
  return {
    href,
    raw: href,
    get line() {
      return where().line;
    },
    get column() {
      return where().column;
    },
  };
}

/**
 * Where a link is, read only to report a problem: a link's place may be worked out on demand (the
 * landing page's links, from its config file's positions).
 */
function placeOf(link: CompiledPage['links'][number]): { line: number; column: number } {
  return { line: link.line, column: link.column };
}

/**
 * Checks every internal link and `#anchor` written in content against the routes and anchors of
 * the built site; reports at the link's file:line:col with the closest existing target.
 */
export function checkLinks({ pages, compiled, index, files, level, extra = [] }: LinkCheckOptions): Message[] {
  if (level === 'off') return [];
  const severity = level === 'error' ? 'error' : 'warning';
  // A route's anchors, gathered the first time a link asks for one of them: most routes (an API
  // page has hundreds of ids) are never the target of an anchor link.
  const anchorsOf = new Map<string, Set<string>>();
  const anchorsFor = (route: string): Set<string> => {
    let anchors = anchorsOf.get(route);
    if (!anchors) anchorsOf.set(route, (anchors = new Set(compiled.get(index.routes.get(route)!.pageId)?.anchors ?? [])));
    return anchors;
  };
  const fileSet = new Set(files);
  // A folder's index.html answers for the folder, as on any static host (the folder redirects).
  for (const f of fileSet) if (f.endsWith('/index.html')) fileSet.add(f.slice(0, -'index.html'.length)).add(f.slice(0, -'/index.html'.length));
  const routeList = [...index.routes.keys()];
  const out: Message[] = [];
  const broken: BrokenLink[] = [];
  const sources = [
    ...pages.flatMap((page) => {
      const c = compiled.get(page.source.id);
      return c ? [{ displayPath: page.source.displayPath, links: c.links }] : [];
    }),
    ...extra,
  ];
  for (const source of sources) {
    for (const link of source.links) {
      const { target, anchor } = hrefParts(link.href);
      const route = index.routes.has(target) ? target : index.routes.has(`${target}/`) ? `${target}/` : undefined;
      if (route === undefined) {
        if (fileSet.has(target) || fileSet.has(decodedOrAsIs(target))) continue;
        if (link.asset) {
          const guess = closest(target, fileSet);
          out.push(
            message(
              source.displayPath,
              placeOf(link),
              severity,
              `Missing file: nothing at ${target}`,
              'file-missing',
              guess ? `Did you mean ${guess}? Files are served from public/.` : `Files are served from public/: put it at public${target}.`,
            ),
          );
          continue;
        }
        broken.push({ displayPath: source.displayPath, link, target });
        continue;
      }
      if (anchor === '') continue;
      const anchors = anchorsFor(route);
      if (!anchors.has(anchor)) {
        const guess = closest(anchor, anchors);
        out.push(
          message(
            source.displayPath,
            placeOf(link),
            severity,
            `Broken anchor: ${route} has no heading or element with id "${anchor}"`,
            'anchor-broken',
            guess ? `Did you mean #${guess}?` : undefined,
          ),
        );
      }
    }
  }
  if (broken.length > 0) out.push(...brokenLinkMessages(broken, severity, routeList, fileSet));
  return out;
}

interface BrokenLink {
  displayPath: string;
  link: LinkRef;
  target: string;
}

/** Broken links into one folder with no page or file at all, from this many on, are one message. */
const FOLD_FROM = 3;
/** Places of the folded links the message lists. */
const FOLD_LISTED = 3;

/**
 * One message per broken link, except links into a folder where nothing is built: those share one
 * cause (a version alias naming no version, a folder moved or renamed), and one bad alias in
 * config/versions.json buried its own error under a hundred link errors, one per page linking to
 * `latest`. They are one message, at the first of them, listing a few more.
 */
function brokenLinkMessages(broken: BrokenLink[], severity: Message['severity'], routes: string[], files: Set<string>): Message[] {
  const folders = new Set<string>();
  for (const r of [...routes, ...files]) for (let i = r.indexOf('/', 1); i !== -1; i = r.indexOf('/', i + 1)) folders.add(r.slice(0, i + 1));
  /** The outermost folder of `target` where nothing is built, if any. */
  const missingFolder = (target: string): string | undefined => {
    for (let i = target.indexOf('/', 1); i !== -1; i = target.indexOf('/', i + 1)) {
      if (!folders.has(target.slice(0, i + 1))) return target.slice(0, i + 1);
    }
    return undefined;
  };
  const byFolder = new Map<string, BrokenLink[]>();
  for (const b of broken) {
    const folder = missingFolder(b.target);
    if (folder === undefined) continue;
    const links = byFolder.get(folder);
    if (links) links.push(b);
    else byFolder.set(folder, [b]);
  }
  const out: Message[] = [];
  const folded = new Set<BrokenLink>();
  for (const [folder, links] of byFolder) {
    if (links.length < FOLD_FROM) continue;
    links.forEach((b) => folded.add(b));
    const [first, ...rest] = links as [BrokenLink, ...BrokenLink[]];
    const files = new Set(links.map((b) => b.displayPath)).size;
    const listed = rest.slice(0, FOLD_LISTED).map((b) => `${b.displayPath}:${b.link.line}:${b.link.column}`);
    const more = rest.length - listed.length;
    out.push(
      message(
        first.displayPath,
        placeOf(first.link),
        severity,
        `Broken links: nothing is built under ${folder}, and ${links.length} links in ${files} ${files === 1 ? 'file' : 'files'} point there (this one to ${first.target})`,
        'link-broken',
        `Also at ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}. A whole folder missing is one cause: a folder moved or renamed, or a version alias that names no version (config/versions.json).`,
      ),
    );
  }
  for (const b of broken) {
    if (folded.has(b)) continue;
    const guess = closestRoute(b.target, routes);
    out.push(message(b.displayPath, placeOf(b.link), severity, `Broken link: no page at ${b.target}`, 'link-broken', guess ? `Did you mean ${guess}?` : undefined));
  }
  return out;
}

/**
 * The route a broken link probably meant: a page beside the target (same folder, so the same docs
 * version) whose last segment is a few edits from the target's (`/docs/manual/v12.0.0/pipes` →
 * `…/pipe`). Whole routes compared, every route of the site was within reach of a long one, and
 * `no-such-page` was "meant" as `module`; another version's copy of a page is not suggested.
 */
export function closestRoute(target: string, routes: readonly string[]): string | undefined {
  const slash = target.lastIndexOf('/');
  const dir = target.slice(0, slash + 1);
  const name = target.slice(slash + 1);
  if (name === '') return undefined;
  const siblings = routes.filter((r) => r.startsWith(dir) && r.length > dir.length && !r.slice(dir.length).includes('/')).map((r) => r.slice(dir.length));
  const guess = closest(name, siblings, Math.max(2, Math.floor(name.length / 3)));
  return guess === undefined ? undefined : dir + guess;
}
