import type { SidebarCategory } from './types.ts';

/**
 * A sidebar's reading order for previous/next: its items' hrefs, category by category, each route
 * once, where it last appears. A page listed twice was listed twice in the order, and its Next led
 * to itself (the legacy API sidebar has Dom under "Modules" and again as its own "Overview"). The
 * last place wins because an early listing is the jump list (Js, Belt, Dom) and a later one is
 * where the page's own section starts: Belt's Next is its first module, Array, not Dom.
 */
export function readingOrder(categories: readonly SidebarCategory[]): string[] {
  const hrefs = categories.flatMap((c) => c.items.map((i) => i.href));
  const last = new Map(hrefs.map((href, i) => [href, i]));
  return hrefs.filter((href, i) => last.get(href) === i);
}
