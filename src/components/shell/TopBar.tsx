// The site's top bar: brand, main navigation, the search button's place, the phone menu.
// Server-rendered; `src/client/shell.ts` adds the behaviour (hide on scroll, open the menu).
import type { NavLink } from '../../pipeline/site-config.ts';
import { SearchButton } from '../search/SearchButton.tsx';

/** A link of the bar, marked when it leads into the section of the page being shown. */
export interface BarLink extends NavLink {
  current?: boolean;
}

/** Plain data only: the bar is rendered once per distinct props (`SharedPart`), not per page. */
export interface TopBarProps {
  title: string;
  /** Main links, the current section's marked (`isActiveNav`). */
  nav: BarLink[];
  social: NavLink[];
  /** The docs areas' second bar (Language Manual, API, Syntax Lookup, React), when shown; the current one marked (`isActiveDocsNav`). */
  docsNav?: BarLink[] | undefined;
}

/** Whether a top-level link leads into the section the route is in (`/docs/…`, `/blog`). */
export function isActiveNav(href: string, current: string): boolean {
  const section = href.split('/').slice(0, 2).join('/');
  return section !== '' && (current === section || current.startsWith(`${section}/`));
}

const DOCS_ROUTE = /^\/docs\/([^/]+)\/[^/]+\/(.*)$/;
const isApi = (slug: string) => slug === 'api' || slug.startsWith('api/');

/**
 * Whether a docs bar link covers the route: the same section in any version, API pages under the
 * API link and the rest under the section's (`/docs/manual/{v}/introduction` ↔ `/docs/manual/v8.0.0/pipe`).
 */
export function isActiveDocsNav(href: string, current: string): boolean {
  if (href === current) return true;
  const link = DOCS_ROUTE.exec(href);
  if (!link) return current.startsWith(`${href}/`);
  const route = DOCS_ROUTE.exec(current);
  return !!route && route[1] === link[1] && isApi(route[2]!) === isApi(link[2]!);
}

export function TopBar({ title, nav, social, docsNav }: TopBarProps) {
  return (
    <header className="site-header" data-site-header="">
      <div className="topbar">
        <nav className="topbar-inner" aria-label="Main">
          <a className="brand" href="/">
            <span className="brand-mark" aria-hidden="true" />
            {title}
          </a>
          <ul className="topnav">
            {nav.map((l, i) => (
              <li key={l.href} className={i === 0 ? 'topnav-keep' : undefined}>
                <a href={l.href} aria-current={l.current ? 'page' : undefined}>
                  {l.name}
                </a>
              </li>
            ))}
          </ul>
          <div className="topbar-end">
            <SearchButton />
            {social
              .filter((l) => l.name === 'GitHub')
              .map((l) => (
                <a key={l.href} className="topbar-icon" href={l.href} aria-label={l.name}>
                  <GitHubIcon />
                </a>
              ))}
            <button type="button" className="menu-button" aria-label="Menu" aria-expanded="false" aria-controls="mobile-menu" data-menu-button="">
              <svg className="icon-open" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <svg className="icon-close" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
        </nav>
      </div>
      <div className="mobile-menu" id="mobile-menu" hidden>
        <nav aria-label="Menu">
          <ul className="mobile-menu-main">
            {nav.slice(1).map((l) => (
              <li key={l.href}>
                <a href={l.href} aria-current={l.current ? 'page' : undefined}>
                  {l.name}
                </a>
              </li>
            ))}
          </ul>
          {social.length > 0 ? (
            <ul className="mobile-menu-social" aria-label="Social">
              {social.map((l) => (
                <li key={l.href}>
                  <a href={l.href}>{l.name}</a>
                </li>
              ))}
            </ul>
          ) : null}
        </nav>
      </div>
      {docsNav && docsNav.length > 0 ? (
        <nav className="docsnav" aria-label="Documentation">
          <ul>
            {docsNav.map((l) => (
              <li key={l.href}>
                <a href={l.href} aria-current={l.current ? 'page' : undefined}>
                  {l.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

function GitHubIcon() {
  return (
    <svg viewBox="0 0 16 16" width="20" height="20" aria-hidden="true" fill="currentColor">
      <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0016 8c0-4.42-3.58-8-8-8z" />
    </svg>
  );
}
