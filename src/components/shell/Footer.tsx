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
        {links.length > 0 ? (
          <nav className="footer-col" aria-label="About">
            <h2>About</h2>
            <ul>
              {links.map((l) => (
                <li key={l.href}>
                  <a href={l.href}>{l.name}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {social.length > 0 ? (
          <nav className="footer-col" aria-label="Social">
            <h2>Find us</h2>
            <ul>
              {social.map((l) => (
                <li key={l.href}>
                  <a href={l.href}>{l.name}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </footer>
  );
}
