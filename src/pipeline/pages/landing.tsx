// The landing page (/), generated from config/landing.json when content has no page at `/`.
// Its example is a generated Markdown source compiled like any page, so the ReScript and the
// JavaScript are highlighted by the same highlighter (on the highlight thread) as the docs; the
// rest of the page is rendered around the compiled example (`landingBody`).
// renderToString, not renderToStaticMarkup: the islands inside are hydrated, and React needs the
// markers it puts between adjacent text nodes.
import { renderToString } from 'react-dom/server';
import { Landing, type LandingConfig } from '../../components/pages/Landing.tsx';
import { sha1 } from '../../util/text.ts';
import { configLink } from '../check-links.ts';
import { extractFrontMatter } from '../load.ts';
import type { CheckedData } from './data.ts';
import type { CompiledPage, LinkRef, SourceFile } from '../types.ts';

export type { LandingConfig };

/** Id of the generated landing source (not a content path: content/index.mdx would win). */
export const LANDING_ID = 'landing.generated';

/** A fence that the code cannot close: longer than any backtick run inside it. */
function fence(code: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

/** The landing page's source: front matter and the example's two code blocks. */
export function landingSource(landing: CheckedData<LandingConfig>, description: string): SourceFile {
  const { res, js } = landing.data!.example;
  const raw = [
    '---',
    `title: ${JSON.stringify(landing.data!.hero.title)}`,
    `description: ${JSON.stringify(description)}`,
    '---',
    '',
    `${fence(res)}res`,
    res,
    fence(res),
    '',
    `${fence(js)}js`,
    js,
    fence(js),
    '',
  ].join('\n');
  return {
    id: LANDING_ID,
    absPath: landing.file.displayPath,
    generated: true,
    displayPath: landing.file.displayPath,
    kind: 'page',
    route: '/',
    slug: 'index',
    raw,
    hash: sha1(raw),
    frontMatter: extractFrontMatter(raw, landing.file.displayPath),
    format: 'md',
  };
}

/** Every internal link the landing page renders, placed in landing.json, for the link check. */
export function landingLinks(landing: CheckedData<LandingConfig>): LinkRef[] {
  const d = landing.data!;
  const at = (pointer: string, href: string): LinkRef => configLink(landing.file, pointer, href);
  const asset = (link: LinkRef): LinkRef => Object.assign(link, { asset: true as const });
  const links: LinkRef[] = [at('/hero/cta/href', d.hero.cta.href)];
  if (d.hero.secondary) links.push(at('/hero/secondary/href', d.hero.secondary.href));
  d.features.forEach((f, i) => f.link && links.push(at(`/features/${i}/link/href`, f.link.href)));
  links.push(at('/community/forum/href', d.community.forum.href));
  d.community.carousel.images.forEach((img, i) => links.push(asset(at(`/community/carousel/images/${i}/src`, img.src))));
  d.logos.items.forEach((l, i) => links.push(asset(at(`/logos/items/${i}/image`, l.image))));
  d.resources.items.forEach((r, i) => {
    links.push(at(`/resources/items/${i}/href`, r.href));
    links.push(asset(at(`/resources/items/${i}/imgSrc`, r.imgSrc)));
  });
  return links.filter((l) => l.href.startsWith('/'));
}

/** The compiled example (two code blocks) inside the rest of the landing page. */
export function landingBody(compiled: CompiledPage, landing: LandingConfig): CompiledPage {
  const body = compiled.html; // read once: a cached page reads it from the file on each access
  const second = body.indexOf('<div class="code-block', 1);
  const resHtml = second > 0 ? body.slice(0, second) : body;
  const jsHtml = second > 0 ? body.slice(second) : '';
  const html = renderToString(<Landing config={landing} resHtml={resHtml} jsHtml={jsHtml} />);
  const islands = new Set([...compiled.islands, 'TryLink', 'CopyCommand', 'Carousel']);
  return { ...compiled, html, hasH1: true, islands: [...islands] };
}
