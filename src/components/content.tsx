// Built-in components for content tags (DESIGN: the Markdown dialect). Server-rendered; the code
// blocks' behaviours are plain script (src/client/code-blocks.ts).
import type { ReactNode } from 'react';
import { CodeActions } from './code/CodeActions.tsx';
import { CodeTabs } from './code/CodeTabs.tsx';

type WithChildren<P = object> = P & { children?: ReactNode };

export function Intro({ children }: WithChildren) {
  return <div className="intro">{children}</div>;
}

// Callouts are notes (ARIA role `note`), not landmarks: as named <aside>s every Info and Warn was a
// complementary landmark, several of them named alike on one page.
export function Info({ children }: WithChildren) {
  return (
    <div className="callout callout-info" role="note" aria-label="Note">
      {children}
    </div>
  );
}

export function Warn({ children }: WithChildren) {
  return (
    <div className="callout callout-warn" role="note" aria-label="Warning">
      {children}
    </div>
  );
}

export function Cite({ author, children }: WithChildren<{ author?: string }>) {
  return (
    <figure className="cite">
      <blockquote>{children}</blockquote>
      {author ? <figcaption>{author}</figcaption> : null}
    </figure>
  );
}

export function Image({
  src,
  alt,
  caption,
  withShadow,
  size,
  externalLink,
  className,
}: {
  src: string;
  alt?: string;
  caption?: string;
  withShadow?: boolean;
  size?: string;
  externalLink?: string;
  className?: string;
}) {
  const classes = [withShadow ? 'shadow' : '', className ?? ''].filter(Boolean).join(' ');
  const img = <img src={src} alt={alt ?? caption ?? ''} loading="lazy" className={classes || undefined} />;
  return (
    <figure className={`image image-${size ?? 'large'}`}>
      {externalLink ? <a href={externalLink}>{img}</a> : img}
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}

/**
 * A web address that is not a media file is a video host's player page (YouTube `/embed/…`,
 * `player.vimeo.com/video/…`): only an iframe can show it, as the ReScript site always did.
 * Media files (local or remote) play in a <video> element.
 */
export function isEmbeddedPlayer(src: string): boolean {
  return /^https?:\/\//i.test(src) && !/\.(mp4|m4v|webm|ogg|ogv|mov)([?#]|$)/i.test(src);
}

export function Video({ src, caption }: { src: string; caption?: string }) {
  return (
    <figure className="video">
      {isEmbeddedPlayer(src) ? (
        <iframe src={src} title={caption ?? 'Video'} loading="lazy" allow="fullscreen; picture-in-picture" allowFullScreen />
      ) : (
        <video src={src} controls preload="metadata" aria-label={caption ?? 'Video'} />
      )}
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}

export function UrlBox({ text, href, children }: WithChildren<{ text?: string; href: string }>) {
  return (
    <div className="url-box">
      {children}
      <a href={href}>{text ?? href}</a>
    </div>
  );
}

export interface WarningEntry {
  number: number;
  description: string;
}

export function WarningTable({ warnings }: { warnings: WarningEntry[] }) {
  return (
    <table className="warning-table">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {warnings.map((w) => (
          <tr key={w.number} id={`warning-${w.number}`}>
            <td>{w.number}</td>
            <td>{w.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface CommunityLink {
  name: string;
  href: string;
  description?: string;
  /** Group heading (config/community.json categories). */
  category?: string;
}

function LinkList({ links }: { links: CommunityLink[] }) {
  return (
    <ul>
      {links.map((l) => (
        <li key={l.href}>
          <a href={l.href}>{l.name}</a>
          {l.description ? ` ${l.description}` : null}
        </li>
      ))}
    </ul>
  );
}

export function CommunityContent({ links, children }: WithChildren<{ links: CommunityLink[] }>) {
  const groups = new Map<string, CommunityLink[]>();
  for (const l of links) groups.set(l.category ?? '', [...(groups.get(l.category ?? '') ?? []), l]);
  return (
    <section className="community-content">
      {children}
      {[...groups].map(([category, list]) =>
        category ? (
          <section key={category} className="community-group">
            <h3>{category}</h3>
            <LinkList links={list} />
          </section>
        ) : (
          <LinkList key="" links={list} />
        ),
      )}
    </section>
  );
}

export interface CodeBlockProps {
  lang: string;
  /** Highlighted `<pre>` HTML. */
  html: string;
  title?: string;
  /** `sig` blocks are type signatures, styled apart. */
  variant?: 'sig' | 'example' | 'plain';
  playground?: boolean;
  prelude?: string;
}

/**
 * A single code block with a copy button and, for ReScript examples, a playground link (their
 * behaviour: src/client/code-blocks.ts, which reads the prelude from `data-prelude`).
 */
export function CodeBlock({ lang, html, title, variant = 'plain', playground, prelude }: CodeBlockProps) {
  return (
    <div className={`code-block code-${variant}`} data-lang={lang} data-prelude={(playground && prelude) || undefined}>
      {title ? <div className="code-title">{title}</div> : null}
      <CodeActions playground={playground} />
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

/** The `<CodeTab>` tag: tabbed code blocks, one tab per code block inside (gathered by render/compile/jsx.ts). */
export const CodeTab = CodeTabs;

/** A static stand-in for the interactive donation form: the ways to support the project, as links. */
export function DonationForm({ links }: { links: CommunityLink[] }) {
  return (
    <section className="donation">
      <p>The project is funded by its community. To support it:</p>
      <LinkList links={links} />
    </section>
  );
}
