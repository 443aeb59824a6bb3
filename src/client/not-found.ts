// The 404 page's behaviours (`out/404.html`, which static hosts serve for every unknown path):
// a section or version root (`/docs/manual/latest`) goes to its first page, an address under a
// version alias that has no pages of its own (`/docs/manual/next/pipe`) to the version the alias
// names, and any other gets a button that searches the docs for the words of its last segment.
// The address is untrusted: it is only matched against the built prefixes and roots, and shown
// through textContent.

/** A route of this site (`/x`), not an address elsewhere (`//host/x`, `https://…`). */
const onSite = (href: string) => href.startsWith('/') && !href.startsWith('//');

/** Alias prefix → version prefix (`/docs/manual/next/` → `/docs/manual/v12.0.0/`), from the page. */
export type AliasPrefixes = Record<string, string>;

/** Where an address under an alias lives, or undefined. Both prefixes are the site's own, so the result stays on it. */
export function aliasTarget(path: string, aliases: AliasPrefixes): string | undefined {
  for (const [from, to] of Object.entries(aliases)) {
    if (onSite(from) && onSite(to) && path.startsWith(from)) return to + path.slice(from.length);
  }
  return undefined;
}

/** The words a missing address was after: its last segment, decoded, without extension or dashes, at most 64 characters (SPEC §5). */
export function queryFromPath(path: string): string {
  const last = path.split('/').filter(Boolean).pop() ?? '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // a malformed escape: search the segment as written
  }
  return decoded
    .replace(/\.(html?|mdx?)$/i, '')
    .replace(/[-_+]+/g, ' ')
    .trim()
    .slice(0, 64);
}

function json(text: string | undefined): Record<string, string> {
  try {
    return JSON.parse(text ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

export function startNotFound(main: HTMLElement): void {
  const target = aliasTarget(location.pathname, json(main.dataset['aliases']));
  if (target !== undefined) {
    location.replace(target + location.search + location.hash);
    return;
  }
  const button = main.querySelector<HTMLButtonElement>('[data-not-found-search]');
  const query = queryFromPath(location.pathname);
  if (!button || query === '') return;
  button.dataset['searchQuery'] = query;
  button.textContent = `Search the docs for “${query}”`;
  button.hidden = false;
}
