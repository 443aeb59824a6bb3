// A page made by the build (no content file), in the shape the renderer takes.
import type { CompiledPage, Page } from '../types.ts';

export interface GeneratedPage {
  page: Page;
  compiled: CompiledPage;
}

export interface GeneratedPageOptions {
  /** Page id (`blog.generated`): not a content path. */
  id: string;
  route: string;
  /** Where messages about it point (its data file). */
  displayPath: string;
  title: string;
  metaTitle?: string;
  description: string;
  /** Body HTML, with its own h1. */
  html: string;
  islands?: string[];
  anchors?: string[];
}

export function generatedPage(o: GeneratedPageOptions): GeneratedPage {
  const meta: Page['meta'] = { title: o.title, description: o.description };
  if (o.metaTitle) meta.metaTitle = o.metaTitle;
  return {
    page: {
      source: { id: o.id, absPath: o.displayPath, displayPath: o.displayPath, kind: 'page', route: o.route, slug: o.route.split('/').pop() || 'index', raw: '', hash: '', frontMatter: undefined },
      meta,
    },
    compiled: {
      id: o.id,
      title: o.title,
      hasH1: true,
      headings: [],
      links: [],
      anchors: o.anchors ?? [],
      html: o.html,
      islands: o.islands ?? [],
      sections: [],
      markdown: '',
      preludes: [],
      messages: [],
    },
  };
}
