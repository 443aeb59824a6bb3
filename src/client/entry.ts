// The one client entry, loaded by every page: the shell's behaviours (plain script); the code
// blocks' behaviours (plain script too, with lz-string for playground links), fetched only when
// the page has a code block; and the islands, whose module (and React) is fetched only when the
// page has one. The 404 page's module only on the 404 page.
import { startShell } from './shell.ts';
import { installSearch } from './search/open.ts';

startShell();
installSearch();

if (document.querySelector('.code-block')) {
  import('./code-blocks.ts')
    .then(({ startCodeBlocks }) => startCodeBlocks())
    .catch((err: unknown) => console.error('docsgen: code blocks failed to load', err));
}

const notFound = document.querySelector<HTMLElement>('[data-not-found]');
if (notFound) {
  import('./not-found.ts')
    .then(({ startNotFound }) => startNotFound(notFound))
    .catch((err: unknown) => console.error('docsgen: the 404 page failed to load', err));
}

const islands = document.querySelectorAll<HTMLElement>('[data-island]');
if (islands.length > 0) {
  import('./islands.ts')
    .then(({ hydrateIslands }) => hydrateIslands(islands))
    .catch((err: unknown) => console.error('docsgen: islands failed to load', err));
}
