// "On this page": the page's sections beside the content on wide screens (the same list also sits
// under the active sidebar item, SPEC §2).
import type { Heading } from '../../pipeline/types.ts';

/**
 * `depth`: the level listed (h2 on most pages); `nested`: also the level under it, indented (a
 * section's subsections). An API page lists its items (h3) alone: under each sits the item's own
 * docs (its "Examples" …), dozens of entries that would bury the items.
 */
export function PageToc({ headings, depth, nested = true }: { headings: Heading[]; depth: number; nested?: boolean }) {
  const shown = headings.filter((h) => h.depth === depth || (nested && h.depth === depth + 1));
  if (shown.filter((h) => h.depth === depth).length === 0) return null;
  return (
    <div className="page-toc">
      <nav aria-labelledby="page-toc-title">
        <h2 id="page-toc-title">On this page</h2>
        <ul>
          {shown.map((h) => (
            <li key={h.id} className={h.depth > depth ? 'page-toc-sub' : undefined}>
              <a href={`#${h.id}`}>{h.text}</a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
