// What every page runs for search before the modal is loaded: the search button and the `/` and
// ctrl/meta+K shortcuts import the modal chunk on first use. Kept tiny on purpose.
type Modal = typeof import('./modal.tsx');

let modal: Modal | undefined;
let loading: Promise<Modal> | undefined;

/**
 * An opening under way: the modal's chunk (and, the first time, its settings) load between the
 * `/` or the click and the moment its field takes the keyboard. What is typed meanwhile is kept
 * here and becomes the modal's query, so a quick `/` then `pipe` searches "pipe", not "ipe"
 * (or nothing on a slow network). Escape or ctrl/meta+K meanwhile call the opening off.
 */
let opening: { text: string; cancelled: boolean } | undefined;

/** Focus in a field where `/` is typed, not a shortcut (SPEC §4). */
function editing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA';
}

function openModal(query?: string): void {
  if (opening) return;
  const current = { text: query ?? '', cancelled: false };
  opening = current;
  // Called by the modal just before it shows its field: from then on the field takes the keys.
  const handOver = () => {
    if (opening === current) opening = undefined;
    return current.cancelled ? null : current.text;
  };
  loading ??= import('./modal.tsx').then((m) => (modal = m));
  loading
    .then((m) => m.openSearch(handOver))
    .catch((err: unknown) => {
      loading = undefined;
      if (opening === current) opening = undefined;
      console.error('docsgen: search failed to load', err);
    });
}

/** A key pressed while the modal loads: kept if it types, and taken from the page either way. */
function whileOpening(event: KeyboardEvent, pending: { text: string; cancelled: boolean }, combo: boolean): void {
  if (event.isComposing) return;
  if (event.key === 'Escape' || combo) {
    pending.cancelled = true;
    opening = undefined;
  } else if (event.key === 'Backspace') pending.text = pending.text.slice(0, -1);
  else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) pending.text = (pending.text + event.key).slice(0, 64);
  else return;
  event.preventDefault();
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
    if (opening) {
      whileOpening(event, opening, combo);
      return;
    }
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
