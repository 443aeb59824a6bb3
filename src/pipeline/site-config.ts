// Typed views of config/site.json and config/versions.json, with defaults, so a project
// (or the benchmark corpus) can build with none of them.
import { primaryLibrary } from '../api/names.ts';
import { placeOf } from '../util/yaml-positions.ts';
import type { Banner, CheckLevel, ConfigFile, LinkRef, LoadedConfig, Message, RouteEntry } from './types.ts';
import { configLink } from './check-links.ts';
import { message } from './messages.ts';

export interface NavLink {
  name: string;
  href: string;
}

export interface SiteSettings {
  title: string;
  description: string;
  /** Base URL of the deployed site, for canonical links and the feed. */
  url: string;
  nav: NavLink[];
  docsNav: NavLink[];
  social: NavLink[];
  footer: NavLink[];
  /** The favicon, a route of a public/ file (`/favicon.svg`). */
  icon?: string;
  /** The link preview picture (og:image), a route of a raster public/ file (`/img/social-card.png`). */
  image?: string;
  /** Edit-link base: the repository URL of the content dir (`https://github.com/o/r/blob/main/content`). */
  editBase?: string;
  community: { name: string; href: string; description?: string }[];
  /** Ways to support the project, shown by <DonationForm>. */
  support: { name: string; href: string; description?: string }[];
  /** Extra sidebars not named `{section}-{version}`: sidebar file name → route prefix it applies to. */
  sidebars: Record<string, string>;
  /** Severity of broken links and anchors for this site; the `--links` flag wins. */
  links?: CheckLevel;
}

export interface SectionVersions {
  /** Newest first. */
  versions: string[];
  /** Alias name → version; aliases listed in `routed` get pages of their own. */
  aliases: Record<string, string>;
  routed: string[];
  labels: Record<string, string>;
  /** Version → banner; `{latest}` and `{same}` in link hrefs become the page in the latest version. */
  banners: Record<string, Banner[]>;
  /** Breadcrumb name of the section (`Language Manual`). */
  name: string;
}

export interface ResolvedSiteConfig {
  site: SiteSettings;
  sections: Record<string, SectionVersions>;
}

const DEFAULT_SITE: SiteSettings = {
  title: 'Documentation',
  description: '',
  url: 'http://localhost',
  nav: [],
  docsNav: [],
  social: [],
  footer: [],
  community: [],
  support: [],
  sidebars: {},
};

function obj(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** A record with no prototype: `aliases["constructor"]` is undefined, as a route can name anything. */
function record<T>(entries: Iterable<[string, T]>): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  for (const [k, v] of entries) out[k] = v;
  return out;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function links(v: unknown): NavLink[] {
  return describedLinks(v).map(({ name, href }) => ({ name, href }));
}

function describedLinks(v: unknown): SiteSettings['community'] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((l) => {
    const o = obj(l);
    const name = str(o['name']);
    const href = str(o['href']);
    const description = str(o['description']);
    if (name === undefined || href === undefined) return [];
    return [description === undefined ? { name, href } : { name, href, description }];
  });
}

function banners(v: unknown): Banner[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((b): Banner[] => {
    const o = obj(b);
    const kind = o['kind'];
    const text = str(o['text']);
    if ((kind !== 'info' && kind !== 'warn') || text === undefined) return [];
    const link = obj(o['link']);
    const linkText = str(link['text']);
    const href = str(link['href']);
    return [linkText !== undefined && href !== undefined ? { kind, text, link: { text: linkText, href } } : { kind, text }];
  });
}

/**
 * The settings, read key by key: a value of the wrong shape is left out (its key takes the default)
 * rather than trusted. The schemas report it (config-schema.ts), and no shape of user input may
 * reach a consumer that would then fail (`nav.map is not a function`).
 */
export function resolveSiteConfig(config: LoadedConfig): ResolvedSiteConfig {
  const s = obj(config.site?.data);
  const links_ = s['links'];
  const site: SiteSettings = {
    title: str(s['title']) || DEFAULT_SITE.title,
    description: str(s['description']) ?? DEFAULT_SITE.description,
    url: str(s['url']) || DEFAULT_SITE.url,
    nav: links(s['nav']),
    docsNav: links(s['docsNav']),
    social: links(s['social']),
    footer: links(s['footer']),
    community: describedLinks(s['community']),
    support: describedLinks(s['support']),
    sidebars: record(Object.entries(obj(s['sidebars'])).flatMap(([k, v]): [string, string][] => (typeof v === 'string' && v.startsWith('/') ? [[k, v]] : []))),
  };
  const editBase = str(s['editBase']);
  if (editBase) site.editBase = editBase;
  const icon = str(s['icon']);
  if (icon?.startsWith('/')) site.icon = icon;
  const image = str(s['image']);
  if (image?.startsWith('/')) site.image = image;
  if (links_ === 'error' || links_ === 'warn' || links_ === 'off') site.links = links_;

  const sections: Record<string, SectionVersions> = record([]);
  for (const [name, raw] of Object.entries(obj(config.versions?.data))) {
    if (name === '$schema') continue;
    const v = obj(raw);
    const versions = Array.isArray(v['versions']) ? v['versions'].filter((x): x is string => typeof x === 'string') : [];
    const aliases = record(Object.entries(obj(v['aliases'])).flatMap(([k, x]): [string, string][] => (typeof x === 'string' ? [[k, x]] : [])));
    sections[name] = {
      versions,
      aliases,
      routed: Array.isArray(v['routed']) ? v['routed'].filter((x): x is string => typeof x === 'string' && aliases[x] !== undefined) : [],
      labels: record(Object.entries(obj(v['labels'])).flatMap(([k, x]): [string, string][] => (typeof x === 'string' ? [[k, x]] : []))),
      banners: record(Object.entries(obj(v['banners'])).map(([k, x]): [string, Banner[]] => [k, banners(x)])),
      name: str(v['name']) || name,
    };
  }
  return { site, sections };
}

/**
 * The newest version's name in routes: the routed `latest` alias, else the version `latest` stands
 * for, else the newest version (a section whose newest folder is itself called `latest`, as the
 * React docs). Undefined for a section with no versions.
 */
export function newestVersionRoute(sv: SectionVersions): string | undefined {
  if (sv.routed.includes('latest')) return 'latest';
  return sv.aliases['latest'] ?? sv.versions[0];
}

/** The version an alias (or a version) stands for in a section. */
export function resolveVersion(sections: Record<string, SectionVersions>, section: string, version: string): string {
  return sections[section]?.aliases[version] ?? version;
}

/** site.json's keys that name a file of public/, and what the file is for. */
const SITE_FILES = [
  { key: 'icon', what: 'the site icon' },
  { key: 'image', what: 'the link preview image' },
] as const;

/**
 * Files site.json names that the site would not serve (the icon: a tab would show none and every
 * page would ask for it in vain; the preview image: every shared link would show a broken
 * picture), each reported at its key.
 */
export function siteFileMessages(config: LoadedConfig, site: SiteSettings, served: ReadonlySet<string>): Message[] {
  const file = config.site;
  if (!file) return [];
  return SITE_FILES.flatMap(({ key, what }) => {
    const route = site[key];
    if (!route || served.has(route)) return [];
    const place = placeOf(file.doc.positions, `/${key}`) ?? { line: 1, column: 1 };
    return [message(file.displayPath, place, 'error', `Missing file: ${what} ${route} is not in public/`, 'file-missing', `Put it at public${route}.`)];
  });
}

/**
 * Where a route's canonical copy lives: the front matter's `canonical`, else the `latest` copy for
 * a page of the version `latest` stands for (both routes serve the same page), else the route.
 * One rule for the head's canonical link and the sitemap, so the sitemap lists exactly the pages
 * that call themselves canonical.
 */
export function canonicalRoute(entry: RouteEntry, canonical: string | undefined, sections: Record<string, SectionVersions>): string {
  if (canonical) return canonical;
  const { section, version } = entry;
  const sv = section ? sections[section] : undefined;
  if (!sv || !version) return entry.route;
  const real = sv.aliases[version] ?? version;
  const alias = sv.routed.find((a) => sv.aliases[a] === real);
  if (!alias) return entry.route;
  return `/docs/${section}/${alias}/${entry.route.slice(`/docs/${section}/${version}/`.length)}`;
}

/**
 * The page a reader of `slug` (`api/core/array`) in version `from` wants in version `to`, whose
 * routes start with `base` (`/docs/manual/v12.0.0/`): the same page, else the same API module under
 * `to`'s name for the standard library (Core until v12, Stdlib from v12), else the nearest ancestor
 * there (a module `to` lacks: the API overview), else undefined (the caller falls back to the
 * version's first page). Both versions are real ones (aliases resolved). For the version selector
 * and the old-version banners alike.
 */
export function counterpartRoute(slug: string, from: string, to: string, base: string, exists: (route: string) => boolean): string | undefined {
  const lib = `api/${primaryLibrary(from)}`;
  const renamed = slug === lib || slug.startsWith(`${lib}/`) ? `api/${primaryLibrary(to)}${slug.slice(lib.length)}` : undefined;
  for (const candidate of renamed && renamed !== slug ? [slug, renamed] : [slug]) {
    if (exists(base + candidate)) return base + candidate;
  }
  let route = base + slug;
  while (route.length > base.length) {
    route = route.slice(0, route.lastIndexOf('/'));
    if (exists(route)) return route;
  }
  return undefined;
}

/**
 * The site's own links in site.json (top bar, docs bar, footer, social profiles), for the link
 * check: a wrong `/blogg` there put a dead link in the header of every page and built clean. A
 * docs bar link with `{version}` is a pattern, one link per manual version, and is left out (a
 * version may lack the page it names).
 */
export function siteLinks(file: ConfigFile, site: SiteSettings): LinkRef[] {
  const lists = { nav: site.nav, docsNav: site.docsNav, footer: site.footer, social: site.social };
  return Object.entries(lists).flatMap(([key, links]) =>
    links.flatMap((link, i) =>
      link.href.startsWith('/') && !link.href.startsWith('//') && !link.href.includes('{version}') ? [configLink(file, `/${key}/${i}/href`, link.href)] : [],
    ),
  );
}
