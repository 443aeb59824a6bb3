// The layouts, by the name the index gives each route (`RouteEntry.layout`, chosen by version and
// path in `build-index.ts`). Adding a layout: a file here exporting a `Layout`, and one line below.
import BareLayout from './bare.tsx';
import CommunityLayout from './community.tsx';
import DefaultLayout from './default.tsx';
import DocsLayout from './docs.tsx';
import type { Layout } from './types.ts';

export const LAYOUTS: Record<string, Layout> = {
  docs: DocsLayout,
  api: DocsLayout,
  'api-legacy': DocsLayout,
  blog: DefaultLayout,
  'blog-index': BareLayout,
  community: CommunityLayout,
  bare: BareLayout,
  default: DefaultLayout,
};
