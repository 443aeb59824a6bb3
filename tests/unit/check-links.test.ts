// checkLinks (src/pipeline/check-links.ts): every internal link and anchor against the built site.
import { describe, expect, it } from 'vitest';
import { checkLinks, closestRoute } from '../../src/pipeline/check-links.ts';
import type { CompiledPage, Page, SiteIndex } from '../../src/pipeline/types.ts';

type Link = CompiledPage['links'][number];

/** A link whose place is worked out on demand, counting how often it is asked for. */
function lazyLink(href: string, asked: { count: number }): Link {
  return {
    href,
    raw: href,
    get line() {
      asked.count++;
      return 7;
    },
    get column() {
      asked.count++;
      return 3;
    },
  } as Link;
}

function site(links: Link[]) {
  const page = { source: { id: 'a.md', displayPath: 'content/a.md' } } as Page;
  const target = { source: { id: 'b.md', displayPath: 'content/b.md' } } as Page;
  const compiled = new Map<string, CompiledPage>([
    ['a.md', { id: 'a.md', links, anchors: [] } as unknown as CompiledPage],
    ['b.md', { id: 'b.md', links: [], anchors: ['usage'] } as unknown as CompiledPage],
  ]);
  const index = { routes: new Map([['/a', { pageId: 'a.md' }], ['/b', { pageId: 'b.md' }]]) } as unknown as SiteIndex;
  return { pages: [page, target], compiled, index, files: ['/favicon.svg'] };
}

describe('checkLinks', () => {
  it('reports a broken link and a broken anchor at their places', () => {
    const asked = { count: 0 };
    const messages = checkLinks({ ...site([lazyLink('/c', asked), lazyLink('/b#usgae', asked)]), level: 'error' });
    expect(messages.map((m) => [m.ruleId, m.file, m.line, m.column, m.note])).toEqual([
      ['anchor-broken', 'content/a.md', 7, 3, 'Did you mean #usage?'],
      ['link-broken', 'content/a.md', 7, 3, 'Did you mean /a?'],
    ]);
  });

  it('reports links into a folder where nothing is built as one message, at the first, listing a few more', () => {
    const at = (href: string, line: number) => ({ href, raw: href, line, column: 2 }) as Link;
    const links = [at('/docs/latest/a', 1), at('/docs/latest/b', 2), at('/docs/latest/deeper/c', 3), at('/docs/latest/d', 4), at('/docs/latest/e', 5), at('/x', 6)];
    const messages = checkLinks({ ...site(links), level: 'warn' });
    expect(messages.map((m) => [m.severity, m.line, m.reason])).toEqual([
      ['warning', 1, 'Broken links: nothing is built under /docs/, and 5 links in 1 file point there (this one to /docs/latest/a)'],
      ['warning', 6, 'Broken link: no page at /x'],
    ]);
    expect(messages[0]!.note).toMatch(/^Also at content\/a\.md:2:2, content\/a\.md:3:2, content\/a\.md:4:2 and 1 more\. /);
    // Two links into a missing folder are still reported one by one, with their guesses.
    expect(checkLinks({ ...site(links.slice(0, 2)), level: 'error' }).map((m) => m.reason)).toEqual(['Broken link: no page at /docs/latest/a', 'Broken link: no page at /docs/latest/b']);
  });

  it('never asks a sound link where it is (a config file parsed with positions only for a problem)', () => {
    const asked = { count: 0 };
    const messages = checkLinks({ ...site([lazyLink('/b', asked), lazyLink('/b#usage', asked), lazyLink('/favicon.svg', asked)]), level: 'error' });
    expect(messages).toEqual([]);
    expect(asked.count).toBe(0);
  });
});

describe('what a broken link probably meant', () => {
  const routes = ['/docs/manual/v12.0.0/pipe', '/docs/manual/v12.0.0/module', '/docs/manual/v12.0.0/external', '/docs/manual/v10.0.0/shared-data-types', '/docs/manual/v12.0.0/api/stdlib/array'];
  it('is a page beside the target a few edits away', () => {
    expect(closestRoute('/docs/manual/v12.0.0/pipes', routes)).toBe('/docs/manual/v12.0.0/pipe');
    expect(closestRoute('/docs/manual/v12.0.0/extrenal', routes)).toBe('/docs/manual/v12.0.0/external');
  });
  it('is nothing rather than a page that only shares the folder, or another version\'s copy', () => {
    expect(closestRoute('/docs/manual/v12.0.0/no-such-page', routes)).toBeUndefined();
    expect(closestRoute('/docs/manual/v12.0.0/gone-page', routes)).toBeUndefined();
    expect(closestRoute('/docs/manual/v12.0.0/shared-data-types', routes)).toBeUndefined();
  });
});
