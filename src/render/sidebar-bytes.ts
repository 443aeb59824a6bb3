// A version's sidebar as bytes, shared by every page that shows it (render-route.tsx).
import { escapeHtml } from '../util/text.ts';
import { sharedUtf8 } from '../util/bytes.ts';

/**
 * A sidebar's HTML encoded once, with the byte range of each route's item. A docs page carries the
 * whole sidebar (on the bench corpus, 1,000 links: ~90 % of every page), so each page copies these
 * bytes around its own active item and section list instead of splicing and re-encoding the string.
 */
export class SidebarBytes {
  private readonly bytes: Buffer;
  private readonly items = new Map<string, { start: number; end: number; inner: string }>();

  /** `html` marks each item link with ` data-sb=""` (SidebarNav); the marks are dropped here. */
  constructor(html: string) {
    let clean = '';
    let bytes = 0;
    let last = 0;
    const add = (text: string) => {
      clean += text;
      bytes += Buffer.byteLength(text);
    };
    for (const m of html.matchAll(/<a href="([^"]*)" data-sb="">/g)) {
      const end = html.indexOf('</a>', m.index) + 4;
      add(html.slice(last, m.index));
      const start = bytes;
      const inner = html.slice(m.index + m[0].length, end);
      add(`<a href="${m[1]}">${inner}`);
      if (!this.items.has(m[1]!)) this.items.set(m[1]!, { start, end: bytes, inner });
      last = end;
    }
    add(html.slice(last));
    // In shared memory: the writer thread writes these bytes for every page without a copy.
    this.bytes = sharedUtf8(clean);
  }

  /** The sidebar with `route`'s item marked current and the page's section list under it. */
  forRoute(route: string, tocHtml: string): (Buffer | string)[] {
    const item = this.items.get(escapeHtml(route).replace(/&#39;/g, "'"));
    if (!item) return [this.bytes];
    const active = `<a href="${route}" class="active" aria-current="page">${item.inner}${tocHtml}`;
    return [this.bytes.subarray(0, item.start), active, this.bytes.subarray(item.end)];
  }
}
