// Page chrome: navigation, sidebar, breadcrumbs, banners, prev/next, footer. Server-only.
import type { ReactNode } from 'react';
import type { Banner, Breadcrumb, Heading, Sidebar, SidebarItem } from '../pipeline/types.ts';
import type { NavLink } from '../pipeline/site-config.ts';
import { SearchButton } from './search/SearchButton.tsx';

export function TopNav({ title, nav, current }: { title: string; nav: NavLink[]; current: string }) {
  return (
    <header className="topbar">
      <nav className="topbar-inner" aria-label="Main">
        <a className="brand" href="/">
          {title}
        </a>
        <ul className="topnav">
          {nav.map((l) => (
            <li key={l.href}>
              <a href={l.href} aria-current={isActiveNav(l.href, current) ? 'page' : undefined}>
                {l.name}
              </a>
            </li>
          ))}
        </ul>
        <SearchButton />
      </nav>
    </header>
  );
}

function isActiveNav(href: string, current: string): boolean {
  const section = href.split('/').slice(0, 2).join('/');
  return section !== '' && current.startsWith(section);
}

export function DocsNav({ links, current }: { links: NavLink[]; current: string }) {
  return (
    <nav className="docsnav" aria-label="Documentation">
      <ul>
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href} aria-current={current.startsWith(l.href.replace(/\/introduction$/, '/')) ? 'page' : undefined}>
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The sidebar without per-page state; rendered once per sidebar and spliced per page. */
export function SidebarNav({ sidebar }: { sidebar: Sidebar }) {
  return (
    <nav className="sidebar" aria-label="Pages">
      {sidebar.categories.map((c) => (
        <section key={c.name} className="sidebar-category">
          <h2>{c.name}</h2>
          <ul>
            {c.items.map((i) => (
              <li key={i.href}>
                <a href={i.href} data-sb="">
                  {i.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

export function Breadcrumbs({ crumbs }: { crumbs: Breadcrumb[] }) {
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        {crumbs.map((c, i) => (
          <li key={i}>{i === crumbs.length - 1 ? <span aria-current="page">{c.name}</span> : <a href={c.href}>{c.name}</a>}</li>
        ))}
      </ol>
    </nav>
  );
}

export function Banners({ banners }: { banners: Banner[] }) {
  return (
    <>
      {banners.map((b, i) => (
        <div key={i} className={`banner banner-${b.kind}`} role="note">
          {b.text}
          {b.link ? (
            <>
              {' '}
              <a href={b.link.href}>{b.link.text}</a>
            </>
          ) : null}
        </div>
      ))}
    </>
  );
}

export interface VersionChoice {
  label: string;
  href: string;
  current: boolean;
}

/** Works without JavaScript: a disclosure with one link per version. */
export function VersionSelector({ choices }: { choices: VersionChoice[] }) {
  if (choices.length < 2) return null;
  const current = choices.find((c) => c.current);
  return (
    <details className="version-selector">
      <summary aria-label={`Version: ${current?.label ?? ''}, choose another`}>{current?.label ?? 'Version'}</summary>
      <ul>
        {choices.map((c) => (
          <li key={c.href}>
            <a href={c.href} aria-current={c.current ? 'page' : undefined}>
              {c.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function PrevNext({ prev, next }: { prev: SidebarItem | undefined; next: SidebarItem | undefined }) {
  if (!prev && !next) return null;
  return (
    <nav className="prev-next" aria-label="Previous and next page">
      {prev ? (
        <a className="prev" href={prev.href} rel="prev">
          <span>Previous</span> {prev.name}
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="next" href={next.href} rel="next">
          <span>Next</span> {next.name}
        </a>
      ) : null}
    </nav>
  );
}

export function Toc({ headings, depth = 2 }: { headings: Heading[]; depth?: number }) {
  const shown = headings.filter((h) => h.depth === depth);
  if (shown.length === 0) return null;
  return (
    <ul className="toc">
      {shown.map((h) => (
        <li key={h.id}>
          <a href={`#${h.id}`}>{h.text}</a>
        </li>
      ))}
    </ul>
  );
}

export function Footer({ links, social, year, title }: { links: NavLink[]; social: NavLink[]; year: number; title: string }) {
  return (
    <footer className="footer">
      <ul>
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href}>{l.name}</a>
          </li>
        ))}
      </ul>
      <ul className="social" aria-label="Social">
        {social.map((l) => (
          <li key={l.href}>
            <a href={l.href}>{l.name}</a>
          </li>
        ))}
      </ul>
      <p>
        © {year} {title}
      </p>
    </footer>
  );
}

export function Main({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <main id="main" className={wide ? 'main main-wide' : 'main'}>
      {children}
    </main>
  );
}
