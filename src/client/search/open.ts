// What every page runs for search before the modal is loaded: the search button and the `/` and
// ctrl/meta+K shortcuts import the modal chunk on first use. Kept tiny on purpose.
type Modal = typeof import('./modal.tsx');

let modal: Modal | undefined;
let loading: Promise<Modal> | undefined;

/** Focus in a field where `/` is typed, not a shortcut (SPEC §4). */
function editing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA';
}

function openModal(query?: string): void {
  loading ??= import('./modal.tsx').then((m) => (modal = m));
  loading
    .then((m) => m.openSearch(query))
    .catch((err: unknown) => {
      loading = undefined;
      console.error('docsgen: search failed to load', err);
    });
}

export function installSearch(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('[data-search-open]');
    if (!button) return;
    event.preventDefault();
    // A button may start the search with words of its own (the 404 page: the missing address's).
    openModal(button.getAttribute('data-search-query') ?? undefined);
  });
  window.addEventListener('keydown', (event) => {
    const combo = event.key?.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey);
    if (modal?.isOpen()) {
      if (event.key === 'Escape' || combo) {
        event.preventDefault();
        modal.closeSearch();
      }
      return;
    }
    if (editing(event.target)) return;
    if (combo || (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey)) {
      event.preventDefault();
      openModal();
    }
  });
}
