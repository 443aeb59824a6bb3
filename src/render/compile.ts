// Markdown dialect → body HTML + the facts the index needs (headings, links, anchors, text).
// Runs in render workers: parse once, transform once, render once. The work is in `compile/`,
// one file per job (compile/README.md); this is the entry the rest of docsgen imports.
export { compilePage, compileToHast } from './compile/compile-page.ts';
export { renderBody, renderWithReact } from './compile/render-body.ts';
export { resolveHref } from './compile/links.ts';
export type { CompileContext, CompileInput, Highlight } from './compile/state.ts';
