// API reference pages: the implementation lives in src/api/ (extraction, caching, pages, sidebars).
export { apiSources, moduleMarkdown, resolveItemLinks, type ApiItem, type ApiModule, type ApiSourcesResult } from '../api/pages.ts';
export { generateApi } from '../api/generate.ts';
