// Typed views of config/site.json and config/versions.json, with defaults, so a project
// (or the benchmark corpus) can build with none of them.
import type { LoadedConfig } from './load.ts';
import type { Banner, CheckLevel } from './types.ts';

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

export function resolveSiteConfig(config: LoadedConfig): ResolvedSiteConfig {
  const s = obj(config.site?.data);
  const site: SiteSettings = { ...DEFAULT_SITE, ...(s as Partial<SiteSettings>) };
  const sections: Record<string, SectionVersions> = {};
  for (const [name, raw] of Object.entries(obj(config.versions?.data))) {
    const v = obj(raw);
    sections[name] = {
      versions: Array.isArray(v['versions']) ? (v['versions'] as string[]) : [],
      aliases: obj(v['aliases']) as Record<string, string>,
      routed: Array.isArray(v['routed']) ? (v['routed'] as string[]) : [],
      labels: obj(v['labels']) as Record<string, string>,
      banners: obj(v['banners']) as Record<string, Banner[]>,
      name: typeof v['name'] === 'string' ? v['name'] : name,
    };
  }
  return { site, sections };
}

/** The version an alias (or a version) stands for in a section. */
export function resolveVersion(sections: Record<string, SectionVersions>, section: string, version: string): string {
  return sections[section]?.aliases[version] ?? version;
}
