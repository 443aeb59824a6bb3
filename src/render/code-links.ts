// Links inside highlighted code: a range of the code's text that leads somewhere (a type in an API
// signature, `Iterator.t`, to its definition). The highlighter lays each line out as a flat run of
// `<span>`s, one per token; a link wraps the spans its range covers, and a token a range starts or
// ends inside is split in two spans of the same style, so the anchors nest properly.

/** A range of the code (UTF-16 offsets, `to` exclusive, within one line) and where it leads. */
export interface CodeLink {
  from: number;
  to: number;
  href: string;
}

/**
 * Links as the text a fence's `links="…"` attribute holds (`FROM-TO=HREF`, space-separated, what
 * src/render/compile/code.ts reads back), also a block's identity (highlight.ts, block-key.ts).
 */
export function codeLinksText(links: readonly CodeLink[]): string {
  return links.map((l) => `${l.from}-${l.to}=${l.href}`).join(' ');
}

const TOKEN = /(<span[^>]*>)([^<]*)<\/span>/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const unescape = (html: string): string => html.replace(/&(?:amp|lt|gt|quot);/g, (e) => ENTITIES[e]!);
const escape = (text: string): string => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/** The links of the code, by line (0-based), their offsets made relative to their line. */
export function linksByLine(code: string, links: readonly CodeLink[]): Map<number, CodeLink[]> {
  const starts = [0];
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) starts.push(i + 1);
  const out = new Map<number, CodeLink[]>();
  for (const link of [...links].sort((a, b) => a.from - b.from)) {
    let line = 0;
    while (line + 1 < starts.length && starts[line + 1]! <= link.from) line++;
    const start = starts[line]!;
    const end = line + 1 < starts.length ? starts[line + 1]! - 1 : code.length;
    // A range that is empty, leaves its line or overlaps the one before is not a link.
    if (link.to <= link.from || link.to > end) continue;
    const list = out.get(line) ?? [];
    const last = list[list.length - 1];
    if (last && last.to > link.from - start) continue;
    list.push({ from: link.from - start, to: link.to - start, href: link.href });
    out.set(line, list);
  }
  return out;
}

/** A highlighted line's spans with `<a>`s around the ranges of `links` (line offsets, in order). */
export function linkLine(html: string, links: readonly CodeLink[]): string {
  if (links.length === 0) return html;
  let out = '';
  let at = 0;
  let next = 0;
  let open: CodeLink | undefined;
  for (const [, tag, escaped] of html.matchAll(TOKEN)) {
    const text = unescape(escaped!);
    let from = 0;
    while (from < text.length) {
      const offset = at + from;
      if (!open && next < links.length && links[next]!.from === offset) {
        open = links[next++]!;
        out += `<a class="code-ref" href="${escape(open.href)}">`;
      }
      // The piece of this token up to the next boundary: the open link's end, or the next link's start.
      let stop = text.length;
      if (open) stop = Math.min(stop, open.to - at);
      else if (next < links.length) stop = Math.min(stop, Math.max(from + 1, links[next]!.from - at));
      out += `${tag}${escape(text.slice(from, stop))}</span>`;
      from = stop;
      if (open && at + from === open.to) {
        out += '</a>';
        open = undefined;
      }
    }
    at += text.length;
  }
  if (open) out += '</a>';
  return out;
}
