// The site footer: community and association links, social profiles, the copyright year
// (rendered at build time; `src/client/shell.ts` sets the reader's current year).
import type { NavLink } from '../../pipeline/site-config.ts';

export interface FooterProps {
  links: NavLink[];
  social: NavLink[];
  year: number;
  title: string;
}

export function Footer({ links, social, year, title }: FooterProps) {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <span className="brand-mark" aria-hidden="true" />
          <p>
            © <span data-year="">{year}</span> {title}
          </p>
        </div>
        <FooterColumn label="About" heading="About" links={links} />
        <FooterColumn label="Social" heading="Find us" links={social} />
      </div>
    </footer>
  );
}

/** One titled list of links; nothing when the list is empty. */
function FooterColumn({ label, heading, links }: { label: string; heading: string; links: NavLink[] }) {
  if (links.length === 0) return null;
  return (
    <nav className="footer-col" aria-label={label}>
      <h2>{heading}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href}>{l.name}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
