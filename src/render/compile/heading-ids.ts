// A page's heading ids, each used once: github-slugger's slugs (`## Same` twice: `same`, `same-1`)
// and the `{#id}` ids of plain Markdown pages (the generated API reference), which win over slugs.
// A module named Types had its title's slug and its `## Types {#types}` section on one id, and a
// module with two items of one name had both on `#value-getItem`: a link reached only the first.
import GithubSlugger from 'github-slugger';

/** `## Title {#id}` at the end of a heading line. */
const EXPLICIT_ID = /^#{1,6}[ \t].*\{#([\w-]+)\}[ \t]*$/gm;

export class HeadingIds {
  private readonly slugger = new GithubSlugger();
  private readonly used = new Set<string>();
  /** The `{#id}` ids written in the page: a slug made before their heading is reached avoids them. */
  private readonly reserved: ReadonlySet<string>;

  constructor(raw: string) {
    this.reserved = raw.includes('{#') ? new Set(Array.from(raw.matchAll(EXPLICIT_ID), (m) => m[1]!)) : new Set();
  }

  /** An id as written; written twice, the later one gets a number (`value-get-1`). */
  explicit(id: string): string {
    let out = id;
    for (let n = 1; this.used.has(out); n++) out = `${id}-${n}`;
    this.used.add(out);
    return out;
  }

  /** The heading text's slug, numbered past the ids taken or written. */
  slug(text: string): string {
    let id = this.slugger.slug(text);
    while (this.used.has(id) || this.reserved.has(id)) id = this.slugger.slug(text);
    this.used.add(id);
    return id;
  }
}
