// The landing page's body (server-rendered). Its data is config/landing.json (schema:
// config/schemas/landing.schema.json); the example's highlighted code comes from the compiler.
import { Island } from '../Island.tsx';

export interface LinkConfig {
  text: string;
  href: string;
}

export interface LandingConfig {
  hero: { title: string; text: string; cta: LinkConfig; secondary?: LinkConfig };
  example: { compiler: string; res: string; js: string };
  statement: { title: string; text: string };
  install: { label: string; command: string }[];
  features: { title: string; text: string; link?: LinkConfig }[];
  highlights?: { title: string; text: string }[];
  community: {
    title: string;
    text: string;
    forum: LinkConfig;
    carousel: { intervalMs: number; images: { src: string; alt: string }[] };
  };
  logos: { title: string; items: { kind: 'Logo'; name: string; url: string; image: string }[]; add: LinkConfig };
  resources: { title: string; items: { imgSrc: string; title: string; descr: string; href: string }[] };
}

const EXTERNAL = /^https?:\/\//;

/** External links open as a plain page load and say so to assistive tech through rel only. */
function ext(href: string) {
  return EXTERNAL.test(href) ? { rel: 'noopener noreferrer' } : {};
}

const FEATURE_ICONS = [
  // build speed: a lightning bolt
  <path key="0" d="M13 2 4 14h7l-1 8 9-12h-7z" />,
  // type safety: a shield with a check
  <path key="1" d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5zM8.5 12l2.5 2.5 5-5" />,
  // interop: two linked brackets
  <path key="2" d="M8 7 3 12l5 5M16 7l5 5-5 5M14 4l-4 16" />,
];

export function Landing({ config, resHtml, jsHtml }: { config: LandingConfig; resHtml: string; jsHtml: string }) {
  const { hero, example, statement, install, features, highlights, community, logos, resources } = config;
  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-title">
        <p className="landing-eyebrow">The ReScript programming language</p>
        <h1 id="landing-title">{hero.title}</h1>
        <p className="landing-lead">{hero.text}</p>
        <p className="landing-actions">
          <a className="button button-primary" href={hero.cta.href}>
            {hero.cta.text}
          </a>
          {hero.secondary ? (
            <a className="button button-secondary" href={hero.secondary.href}>
              {hero.secondary.text}
            </a>
          ) : null}
        </p>
      </section>

      <section className="landing-example" aria-labelledby="landing-example-title">
        <h2 id="landing-example-title" className="visually-hidden">
          An example and the JavaScript it compiles to
        </h2>
        <div className="landing-example-panes">
          <figure className="landing-pane">
            <figcaption>
              <span>ReScript</span>
              <span className="landing-pane-file">Shapes.res</span>
            </figcaption>
            <div dangerouslySetInnerHTML={{ __html: resHtml }} />
          </figure>
          <figure className="landing-pane">
            <figcaption>
              <span>Compiled JavaScript</span>
              <span className="landing-pane-file">Shapes.res.js</span>
            </figcaption>
            <div dangerouslySetInnerHTML={{ __html: jsHtml }} />
          </figure>
        </div>
        <div className="landing-example-note">
          <p>
            The JavaScript is the output of <code>rescript</code> {example.compiler}, unedited.
          </p>
          <Island name="TryLink" props={{ code: example.res, text: 'Edit this example in the Playground' }} />
        </div>
      </section>

      <section className="landing-statement" aria-labelledby="landing-statement-title">
        <div>
          <h2 id="landing-statement-title">{statement.title}</h2>
          <p>{statement.text}</p>
        </div>
        <div className="landing-install">
          <h3>Quick install</h3>
          {install.map((i) => (
            <div key={i.command} className="install-command">
              <p>{i.label}</p>
              <Island name="CopyCommand" props={{ command: i.command }} />
            </div>
          ))}
        </div>
      </section>

      <section className="landing-features" aria-label="Features">
        {features.map((f, i) => (
          <article key={f.title} className="feature">
            <svg className="feature-icon" aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
              {FEATURE_ICONS[i % FEATURE_ICONS.length]}
            </svg>
            <h2>{f.title}</h2>
            <p>{f.text}</p>
            {f.link ? (
              <a className="feature-link" href={f.link.href} {...ext(f.link.href)}>
                {f.link.text} <span aria-hidden="true">→</span>
              </a>
            ) : null}
          </article>
        ))}
      </section>

      {highlights && highlights.length > 0 ? (
        <section className="landing-highlights" aria-label="More reasons">
          {highlights.map((h) => (
            <div key={h.title}>
              <h3>{h.title}</h3>
              <p>{h.text}</p>
            </div>
          ))}
        </section>
      ) : null}

      <section className="landing-community" aria-labelledby="landing-community-title">
        <div className="landing-community-text">
          <h2 id="landing-community-title">{community.title}</h2>
          <p>{community.text}</p>
          <a className="button button-primary" href={community.forum.href} {...ext(community.forum.href)}>
            {community.forum.text}
          </a>
        </div>
        <Island name="Carousel" props={{ images: community.carousel.images, intervalMs: community.carousel.intervalMs }} />
      </section>

      <section className="landing-logos" aria-labelledby="landing-logos-title">
        <h2 id="landing-logos-title">{logos.title}</h2>
        <ul className="logo-grid">
          {logos.items.map((l) => (
            <li key={l.name}>
              <a href={l.url} {...ext(l.url)}>
                <img src={l.image} alt={l.name} width="145" height="34" />
              </a>
            </li>
          ))}
        </ul>
        <p>
          <a className="button button-secondary" href={logos.add.href} {...ext(logos.add.href)}>
            {logos.add.text}
          </a>
        </p>
      </section>

      <section className="landing-resources" aria-labelledby="landing-resources-title">
        <h2 id="landing-resources-title">{resources.title}</h2>
        <ul className="resource-grid">
          {resources.items.map((r) => (
            <li key={r.href} className="resource-card">
              <img src={r.imgSrc} alt="" width="320" height="160" />
              <h3>
                <a href={r.href} {...ext(r.href)}>
                  {r.title}
                </a>
              </h3>
              <p>{r.descr}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
