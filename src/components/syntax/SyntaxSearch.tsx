import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { rankEntries, type Searchable } from './fuzzy.ts';

export interface SyntaxSearchProps {
  /** Number of entries on the page (the status line before scripts know them). */
  total: number;
}

interface EntryEl extends Searchable {
  el: HTMLDetailsElement;
  /** The entries list of its category, and its place in it. */
  list: HTMLElement;
  order: number;
}

const ENTRY = 'details.syntax-entry';

function parseKeywords(json: string | undefined): string[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** Entry elements of the page, read once from the server-rendered markup. */
function readEntries(): EntryEl[] {
  return Array.from(document.querySelectorAll<HTMLDetailsElement>(ENTRY), (el, order) => ({
    el,
    list: el.parentElement!,
    order,
    name: el.dataset['name'] ?? '',
    keywords: parseKeywords(el.dataset['keywords']),
    summary: el.querySelector('.syntax-summary')?.textContent ?? '',
  }));
}

/** Opens an entry, focuses its summary and scrolls it to the top. */
function reveal(entry: EntryEl): void {
  entry.el.open = true;
  entry.el.querySelector('summary')?.focus({ preventScroll: true });
  entry.el.scrollIntoView({ block: 'start' });
}

/** What the URL's fragment names: an entry, nothing (an id no element has), or something else. */
type HashTarget = { entry: EntryEl } | { missing: string } | null;

/**
 * The entry the URL's fragment names, by its id or one of its aliases. The fragment is untrusted:
 * it is only ever compared with element ids (getElementById, no selector is built from it).
 */
function hashTarget(entries: EntryEl[]): HashTarget {
  let id: string;
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return null;
  }
  if (!id) return null;
  const target = document.getElementById(id);
  // A category or the page's heading is a target too, just not an entry.
  if (!target) return { missing: id };
  // An alias (an old id, or the id an editor links to) is an empty element inside its entry.
  const entry = entries.find((e) => e.el === target || (target.classList.contains('syntax-alias') && e.el.contains(target)));
  if (!entry) return null;
  if (entry.el !== target) history.replaceState(history.state, '', `#${entry.el.id}`);
  return { entry };
}

/**
 * The search an unknown id suggests: its words ("raises-decorator" → "raises"), when it looks like
 * an id at all; a fragment of other text is not searched for.
 */
function queryFromId(id: string): string {
  if (!/^[a-z0-9@%._-]{1,40}$/i.test(id)) return '';
  return id
    .split(/[-_]+/)
    .filter((w) => w && w.toLowerCase() !== 'decorator')
    .join(' ');
}

/** Whether a click on `a` goes to the fragment the address already has (no hashchange follows). */
function isSameHashLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return false;
  const here = window.location;
  return link.hash !== '' && link.hash === here.hash && link.origin === here.origin && link.pathname === here.pathname && link.search === here.search;
}

/** Puts `wanted` into `list` in that order, moving only when it is not already so (a move blurs). */
function arrange(list: HTMLElement, wanted: EntryEl[]): void {
  const current = Array.from(list.children);
  if (wanted.some((e, i) => current[i] !== e.el)) for (const e of wanted) list.append(e.el);
}

/**
 * The search box of /syntax-lookup: ranks the entries (see fuzzy.ts) as you type and lists the
 * matches best first in one list, and opens the entry a `#id` link names. With an empty query the
 * entries are in their categories. The entries are server-rendered; without scripts this box stays
 * hidden and every entry is listed.
 */
export default function SyntaxSearch({ total }: SyntaxSearchProps) {
  const [ready, setReady] = useState(false);
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(total);
  /** The id of a `#id` that names nothing on the page, and the search it led to. */
  const [note, setNote] = useState<{ id: string; query: string } | null>(null);
  const entries = useRef<EntryEl[]>([]);
  /** An entry to reveal once a cleared search has put it back in its category. */
  const pending = useRef<EntryEl | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    entries.current = readEntries();
    setReady(true);
    const onHash = () => {
      const found = hashTarget(entries.current);
      if (found && 'missing' in found) {
        // Say so rather than nothing, and search for what the id says.
        const words = queryFromId(found.missing);
        setNote({ id: found.missing, query: words });
        if (words) setQuery(words);
        return;
      }
      setNote(null);
      if (!found) return;
      if (found.entry.el.hidden) {
        // A search hides it: clear the search first, then reveal it where it is listed again.
        pending.current = found.entry;
        setQuery('');
      } else reveal(found.entry);
    };
    // A link to the fragment the address already has fires no hashchange (the entry's own
    // permalink, a link after closing that entry): open it all the same, after the browser's own
    // scroll to the fragment, which would take the focus back from the entry.
    const onClick = (event: MouseEvent) => {
      if (isSameHashLink(event)) setTimeout(onHash, 0);
    };
    onHash();
    window.addEventListener('hashchange', onHash);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('hashchange', onHash);
      document.removeEventListener('click', onClick);
    };
  }, []);

  useEffect(() => {
    if (!ready) return;
    const all = entries.current;
    const searching = query.trim() !== '';
    const ranked = searching ? rankEntries(query, all).map((r) => r.entry) : all;
    const visible = new Set(ranked);
    const results = document.querySelector<HTMLElement>('.syntax-results');
    const resultsList = results?.querySelector<HTMLElement>('.syntax-entries');
    // Moving an element blurs it: lists already in order are left alone, and focus is put back.
    const focused = document.activeElement;
    // Ranked matches in one list, best first, whatever their category: in the categories, an exact
    // match of a later category came after every loose match of the earlier ones. The others go back
    // to their category, hidden, in their order.
    const back = new Map<HTMLElement, EntryEl[]>();
    for (const e of all) {
      e.el.hidden = !visible.has(e);
      if (!searching || !resultsList || !visible.has(e)) back.set(e.list, [...(back.get(e.list) ?? []), e]);
    }
    if (searching && resultsList) arrange(resultsList, ranked);
    for (const [list, items] of back) arrange(list, items.sort((a, b) => a.order - b.order));
    if (focused instanceof HTMLElement && focused !== document.activeElement) focused.focus({ preventScroll: true });
    const grouped = !searching || !resultsList;
    if (results) results.hidden = grouped;
    const nav = document.querySelector<HTMLElement>('.syntax-categories');
    if (nav) nav.hidden = !grouped;
    for (const section of document.querySelectorAll<HTMLElement>('.syntax-category')) {
      const count = section.querySelectorAll(`${ENTRY}:not([hidden])`).length;
      section.hidden = !grouped || count === 0;
      const link = document.querySelector<HTMLElement>(`.syntax-categories [data-category="${section.id}"]`);
      if (link) {
        link.hidden = count === 0;
        const badge = link.querySelector('.syntax-count');
        if (badge) badge.textContent = String(count);
      }
    }
    setShown(visible.size);
    if (pending.current && !pending.current.el.hidden) {
      reveal(pending.current);
      pending.current = null;
    }
  }, [query, ready]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && query) {
      event.preventDefault();
      setQuery('');
      setNote(null);
    } else if (event.key === 'Enter' || event.key === 'ArrowDown') {
      // Move to the first visible entry (Enter also opens it).
      const first = document.querySelector<HTMLDetailsElement>(
        `.syntax-results:not([hidden]) ${ENTRY}:not([hidden]), .syntax-category:not([hidden]) ${ENTRY}:not([hidden])`,
      );
      if (!first) return;
      event.preventDefault();
      if (event.key === 'Enter') first.open = true;
      first.querySelector('summary')?.focus();
    }
  };

  const trimmed = query.trim();
  const status = !trimmed
    ? `${total} entries`
    : shown === 0
      ? `No syntax matches “${trimmed}”.`
      : `${shown} of ${total} entries match “${trimmed}”.`;

  return (
    <form className="syntax-search" role="search" hidden={!ready} onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="syntax-search-input">Search syntax</label>
      <div className="syntax-search-field">
        <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18">
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m13 13 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          ref={input}
          id="syntax-search-input"
          type="search"
          value={query}
          placeholder="Try @as, ->, switch, option…"
          autoComplete="off"
          spellCheck={false}
          aria-describedby="syntax-search-status"
          onChange={(e) => {
            setQuery(e.target.value);
            setNote(null);
          }}
          onKeyDown={onKeyDown}
        />
        {query ? (
          <button
            type="button"
            className="syntax-search-clear"
            onClick={() => {
              setQuery('');
              setNote(null);
              input.current?.focus();
            }}
          >
            Clear
          </button>
        ) : null}
      </div>
      <p id="syntax-search-status" className="syntax-search-status" role="status">
        {status}
      </p>
      <p className="syntax-hash-note" role="status">
        {note
          ? `No entry has the id “#${note.id.length > 60 ? `${note.id.slice(0, 60)}…` : note.id}”.` +
            (note.query ? ` Showing what matches “${note.query}”.` : '')
          : ''}
      </p>
    </form>
  );
}
