// The search modal (DocSearch 3.9), loaded on first open. Its client answers from the embedded
// index, or from a hosted Algolia index through algolia-client.ts, as config/search.json says.
import { useEffect, useMemo, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { DocSearchModal, type DocSearchTransformClient } from '@docsearch/react';
import docsearchCss from '@docsearch/css/dist/style.css' with { type: 'text' };
import { createAlgoliaClient } from './algolia-client.ts';
import { createEmbeddedClient } from './embedded-client.ts';
import { transformHits } from './hits.ts';
import { NO_VERSION, type SearchClientConfig } from './types.ts';

let configPromise: Promise<SearchClientConfig> | undefined;
let root: Root | undefined;
let open = false;
let returnFocus: HTMLElement | null = null;

function loadConfig(): Promise<SearchClientConfig> {
  configPromise ??= fetch('/search/config.json').then((res) => {
    if (!res.ok) throw new Error(`search settings: HTTP ${res.status}`);
    return res.json() as Promise<SearchClientConfig>;
  });
  configPromise.catch(() => (configPromise = undefined));
  return configPromise;
}

/** The page's docs version (`<meta name="docsearch:version">`), else the configured default. */
function currentVersion(config: SearchClientConfig): string {
  return document.querySelector<HTMLMetaElement>('meta[name="docsearch:version"]')?.content || config.defaultVersion;
}

let ownClient: { search: unknown } | undefined;

/** One client per page, so hosts marked down and fetched indexes are remembered between opens. */
function ownClientFor(config: SearchClientConfig, version: string): { search: unknown } {
  if (!ownClient) {
    if (config.provider === 'algolia' && config.algolia) {
      ownClient = createAlgoliaClient({ appId: config.algolia.appId, apiKey: config.algolia.apiKey, ...(config.algolia.hosts ? { hosts: config.algolia.hosts } : {}) });
    } else {
      const embedded = createEmbeddedClient(config);
      embedded.preload(version);
      ownClient = embedded;
    }
  }
  return ownClient;
}

/**
 * DocSearch's client, answering from ours. A search no host could answer (RetryError) resolves
 * with no hits and reports the failure: autocomplete-core 1.17.9 sets its status back to `idle`
 * after DocSearch sets `error`, so DocSearch's own error screen never shows (see SearchModal).
 */
function searchClientFor(own: { search: unknown }, onFailure: (failed: boolean) => void): (client: DocSearchTransformClient) => DocSearchTransformClient {
  const search = own.search as (params: { requests: { query?: string }[] }) => Promise<{ results: unknown[] }>;
  return (client) => ({
    search: (async (params: { requests: { query?: string; indexName?: string; hitsPerPage?: number }[] }) => {
      try {
        const answer = await search(params);
        onFailure(false);
        return answer;
      } catch (err) {
        if (!(err instanceof Error) || err.name !== 'RetryError') throw err;
        console.error('docsgen search: unable to fetch results', err);
        onFailure(true);
        return { results: params.requests.map((r) => ({ hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: r.hitsPerPage ?? 20, query: r.query ?? '', params: '', index: r.indexName ?? '', processingTimeMS: 0, exhaustiveNbHits: true })) };
      }
    }) as unknown as DocSearchTransformClient['search'],
    addAlgoliaAgent: client.addAlgoliaAgent,
    transporter: client.transporter,
  });
}

/** DocSearch's error screen (same markup and texts, SPEC §8), shown in place of its results. */
function ErrorScreen() {
  return (
    <div className="DocSearch-ErrorScreen" role="alert">
      <div className="DocSearch-Screen-Icon">
        <svg width="40" height="40" viewBox="0 0 20 20" fill="none" fillRule="evenodd" stroke="currentColor" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M19 4.8a16 16 0 00-2-1.2m-3.3-1.2A16 16 0 001.1 4.7M16.7 8a12 12 0 00-2.8-1.4M10 6a12 12 0 00-6.7 2M12.3 14.7a4 4 0 00-4.5 0M14.5 11.4A8 8 0 0010 10M3 16L18 2M10 18h0" />
        </svg>
      </div>
      <p className="DocSearch-Title">Unable to fetch results</p>
      <p className="DocSearch-Help">You might want to check your network connection.</p>
    </div>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps the keyboard in the open dialog (it is `aria-modal`): Tab and Shift+Tab cycle through its
 * controls, and focus that reaches the page behind comes back to the search field. DocSearch 3.9
 * leaves this to the page; with an empty query its field is the one control, and Tab went on to
 * the page under the overlay.
 */
function useFocusContainment(): void {
  useEffect(() => {
    const modal = () => document.querySelector<HTMLElement>('.DocSearch-Modal');
    const controls = (m: HTMLElement) => [...m.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
    const onKeyDown = (event: KeyboardEvent) => {
      const m = modal();
      if (event.key !== 'Tab' || !m) return;
      const list = controls(m);
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) return;
      const at = document.activeElement;
      if (event.shiftKey ? at === first || !m.contains(at) : at === last || !m.contains(at)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      const m = modal();
      if (m && event.target instanceof Node && !m.contains(event.target)) m.querySelector<HTMLElement>('.DocSearch-Input')?.focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);
}

/** Sets an attribute only when it differs (a MutationObserver would otherwise see its own writes). */
function setAttr(el: Element, name: string, value: string | null): void {
  if (el.getAttribute(name) === value) return;
  if (value === null) el.removeAttribute(name);
  else el.setAttribute(name, value);
}

/**
 * DocSearch 3.9's markup, made what it means for assistive technology: its overlay is a
 * `role="button"` (a click on the backdrop closes it) that holds the whole dialog, so every control
 * inside was an interactive element nested in a button, and no element said "modal dialog"; its
 * header and footer counted as the page's second banner and contentinfo landmarks; the field's
 * `aria-controls` names result lists that are not there yet, and each hit's link was a tab stop
 * inside an option (axe: nested-interactive,
 * aria-valid-attr-value, landmark-no-duplicate-*). Kept up to date as DocSearch re-renders.
 */
function useDialogSemantics(): void {
  useEffect(() => {
    const host = document.getElementById('search-modal');
    if (!host) return undefined;
    const fix = () => {
      const container = host.querySelector('.DocSearch-Container');
      if (container) {
        setAttr(container, 'role', 'dialog');
        setAttr(container, 'aria-modal', 'true');
        setAttr(container, 'aria-label', 'Search the docs');
        // Named by its purpose: DocSearch labels it by the field's magnifier label, which names the field.
        for (const a of ['aria-labelledby', 'aria-expanded', 'aria-haspopup', 'aria-owns', 'aria-controls', 'tabindex']) setAttr(container, a, null);
      }
      for (const el of host.querySelectorAll('.DocSearch-Modal header, .DocSearch-Modal footer')) setAttr(el, 'role', 'none');
      // A hit is an option of the field's list box, chosen with the arrow keys and Enter (the
      // field keeps focus, `aria-activedescendant`); its link is for the pointer, out of the tab order.
      for (const el of host.querySelectorAll('[role="option"] a[href]')) setAttr(el, 'tabindex', '-1');
      for (const el of host.querySelectorAll('[aria-controls]')) {
        const ids = (el.getAttribute('aria-controls') ?? '').split(/\s+/).filter((id) => id && document.getElementById(id));
        setAttr(el, 'aria-controls', ids.length > 0 ? ids.join(' ') : null);
      }
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(host, { subtree: true, childList: true, attributes: true, attributeFilter: ['role', 'aria-controls', 'aria-labelledby', 'aria-expanded', 'tabindex'] });
    return () => observer.disconnect();
  }, []);
}

interface SearchModalProps {
  config: SearchClientConfig;
  version: string;
  own: { search: unknown };
  /** The query to start with; else DocSearch takes the page's selected text. */
  initialQuery: string | undefined;
}

function SearchModal({ config, version, own, initialQuery }: SearchModalProps) {
  const [failed, setFailed] = useState(false);
  const [dropdown, setDropdown] = useState<HTMLElement | null>(null);
  const transformSearchClient = useMemo(() => searchClientFor(own, setFailed), [own]);
  useFocusContainment();
  useDialogSemantics();
  useEffect(() => {
    setDropdown(document.querySelector<HTMLElement>('.DocSearch-Dropdown'));
  }, []);
  useEffect(() => {
    dropdown?.classList.toggle('search-failed', failed);
  }, [dropdown, failed]);
  const algolia = config.provider === 'algolia' && config.algolia;
  return (
    <>
      <DocSearchModal
        appId={algolia ? algolia.appId : 'embedded'}
        apiKey={algolia ? algolia.apiKey : 'embedded'}
        indexName={config.indexName}
        initialScrollY={window.scrollY}
        {...(initialQuery ? { initialQuery } : {})}
        onClose={closeSearch}
        searchParameters={{ facetFilters: [[`version:${version}`, `version:${NO_VERSION}`, ...(config.companions?.[version] ?? []).map((c) => `version:${c}`)]] }}
        transformSearchClient={transformSearchClient}
        transformItems={(items) => transformHits(items, config, window.location)}
        insights={Boolean(algolia && algolia.insights)}
        {...(config.missingResultsUrl
          ? { getMissingResultsUrl: ({ query }: { query: string }) => config.missingResultsUrl!.replace('{query}', encodeURIComponent(query)) }
          : {})}
      />
      {failed && dropdown ? createPortal(<ErrorScreen />, dropdown) : null}
    </>
  );
}

function injectStyles(): void {
  if (document.getElementById('docsearch-css')) return;
  const style = document.createElement('style');
  style.id = 'docsearch-css';
  style.textContent = docsearchCss;
  document.head.append(style);
}

export function isOpen(): boolean {
  return open;
}

export function closeSearch(): void {
  if (!open) return;
  open = false;
  // Unmounted now, not at React's next render: focus given back while the dialog and its focus
  // containment were still there was taken back into it, and then fell to the page.
  flushSync(() => root?.render(null));
  returnFocus?.focus();
  returnFocus = null;
}

/**
 * Opens the modal with the query `handOver` gives when the modal is ready to show (what was typed
 * since the opening began, or a button's words, cut to 64 characters, SPEC §5): an empty one lets
 * DocSearch take the page's selected text (cut to 64 characters); `null` means the opening was
 * called off meanwhile. The field is there and focused when this returns, so no key typed after
 * the hand-over falls to the page.
 */
export async function openSearch(handOver: () => string | null): Promise<void> {
  if (open) return;
  const config = await loadConfig();
  if (open) return;
  const query = handOver();
  if (query === null) return;
  open = true;
  injectStyles();
  if (!root) {
    const host = document.createElement('div');
    host.id = 'search-modal';
    document.body.append(host);
    root = createRoot(host);
  }
  returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const version = currentVersion(config);
  const own = ownClientFor(config, version);
  document.body.dataset['searchProvider'] = config.provider;
  const initialQuery = query.slice(0, 64) || undefined;
  flushSync(() => root!.render(<SearchModal config={config} version={version} own={own} initialQuery={initialQuery} />));
  // DocSearch focuses its field only when it starts empty: a query given goes on being typed.
  const input = document.querySelector<HTMLInputElement>('#search-modal .DocSearch-Input');
  if (initialQuery && input && document.activeElement !== input) {
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }
}
