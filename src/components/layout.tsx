// Docs page chrome: sidebar, breadcrumbs, banners, version selector, prev/next. Server-only.
// The top bar and footer are in `shell/`.
import type { ReactNode } from 'react';
import type { Banner, Breadcrumb, Heading, Sidebar, SidebarItem } from '../pipeline/types.ts';

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

/**
 * A disclosure with one link per version: works without JavaScript and with the keyboard (the
 * client closes it on Escape and on a click outside). Each link leads to the same page in that
 * version when it exists, else to that version's first page.
 */
export function VersionSelector({ choices }: { choices: VersionChoice[] }) {
  if (choices.length < 2) return null;
  const current = choices.find((c) => c.current);
  return (
    <details className="version-selector" data-version-selector="">
      <summary>
        <span className="visually-hidden">Version: </span>
        {current?.label ?? 'Version'}
        <span className="visually-hidden">, choose another</span>
      </summary>
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
          <span>Previous</span> <strong>{prev.name}</strong>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="next" href={next.href} rel="next">
          <span>Next</span> <strong>{next.name}</strong>
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

export function Main({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <main id="main" className={wide ? 'main main-wide' : 'main'}>
      {children}
    </main>
  );
}
