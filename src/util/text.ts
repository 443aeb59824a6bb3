import { hash } from 'node:crypto';

/** Hex SHA-1 (one call, no Hash object: every build hashes each content file, ~1,100 on the repo site). */
export function sha1(text: string | Uint8Array): string {
  return hash('sha1', text, 'hex');
}

/** Levenshtein distance, capped for speed: returns `cap + 1` as soon as it is exceeded. */
export function editDistance(a: string, b: string, cap = 64): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > cap) return cap + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** The candidate closest to `target`, if it is reasonably close. */
export function closest(target: string, candidates: Iterable<string>, cap = Math.max(3, Math.floor(target.length / 2))): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const d = editDistance(target, c, cap);
    if (d < bestScore) {
      best = c;
      bestScore = d;
    }
  }
  return bestScore <= cap ? best : undefined;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Text of the first `# h1` outside code fences, with inline Markdown removed (`code`, emphasis,
 * links): a page's title when its front matter has none. Known before parsing, so the index can be
 * built while pages are still compiling.
 */
export function firstHeadingText(markdown: string): string | undefined {
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (fence === null) fence = f[1]!;
      else if (f[1]![0] === fence[0] && f[1]!.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const h = /^\s{0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (h) {
      const text = h[1]!
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/`+([^`]*)`+/g, '$1')
        .replace(/(\*\*|__|\*|_|~~)(.+?)\1/g, '$2')
        .replace(/\\([\\`*_{}[\]()#+\-.!<>])/g, '$1')
        .trim();
      if (text) return text;
    }
  }
  return undefined;
}

/** `text` percent-decoded, or as written when it is not valid percent-encoding (`100%.png`). */
export function decodedOrAsIs(text: string, decode: (s: string) => string = decodeURI): string {
  try {
    return decode(text);
  } catch {
    return text;
  }
}

/**
 * What a site href points at, as the link check reads it: the page (query dropped) and the
 * decoded anchor, '' when there is none (`/docs/a?x=1#b%20c` → `/docs/a`, `b c`).
 */
export function hrefParts(href: string): { target: string; anchor: string } {
  const hashAt = href.indexOf('#');
  const target = (hashAt < 0 ? href : href.slice(0, hashAt)).replace(/\?.*$/, '');
  const anchor = hashAt < 0 ? '' : decodedOrAsIs(href.slice(hashAt + 1), decodeURIComponent);
  return { target, anchor };
}

/** Lines in `text` (newlines + 1), without splitting it. */
export function countLines(text: string): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

/**
 * A copy of `text` that shares no memory with the string it was cut from. V8 makes a substring of
 * 13 characters or more a view into its parent (a sliced string), so a link's href kept for the
 * whole build (`LinkRef`) kept its page's entire Markdown source alive with it: 17 MB of peak RSS
 * at ×4 of the bench corpus, for the API pages' signature links alone.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}
