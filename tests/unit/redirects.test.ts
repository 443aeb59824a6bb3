// folderRedirects (src/pipeline/pages/redirects.ts): which folder addresses lead where.
import { describe, expect, it } from 'vitest';
import { folderRedirects } from '../../src/pipeline/pages/redirects.ts';
import type { SectionVersions } from '../../src/pipeline/site-config.ts';
import type { RouteEntry, Sidebar } from '../../src/pipeline/types.ts';

const routes = (...list: string[]) => new Map(list.map((route) => [route, { route } as RouteEntry]));
const sidebar = (base: string, ...order: string[]) => ({ id: base, base, categories: [], order }) as Sidebar;
const manual: SectionVersions = {
  versions: ['v12.0.0', 'v11.0.0'],
  aliases: { latest: 'v11.0.0', next: 'v12.0.0' },
  routed: ['latest'],
  labels: {},
  banners: {},
  name: 'Manual',
};

describe('folder redirects', () => {
  const site = routes('/docs', '/community/overview', '/community/roadmap', '/docs/manual/v12.0.0/introduction', '/docs/manual/v11.0.0/introduction', '/docs/manual/latest/introduction');
  const sidebars = [
    sidebar('/community/', '/community/overview', '/community/roadmap'),
    sidebar('/docs/manual/v12.0.0/', '/docs/manual/v12.0.0/introduction'),
    sidebar('/docs/manual/v11.0.0/', '/docs/manual/v11.0.0/introduction'),
    sidebar('/docs/manual/latest/', '/docs/manual/latest/introduction'),
  ];

  it('lead each sidebar’s folder to its first page, and a section’s to its newest version’s, through the routed latest', () => {
    expect(folderRedirects(site, sidebars, { manual })).toEqual([
      { from: '/community/', to: '/community/overview' },
      { from: '/docs/manual/', to: '/docs/manual/latest/introduction' },
      { from: '/docs/manual/latest/', to: '/docs/manual/latest/introduction' },
      // An alias with no pages of its own leads where its version's folder does.
      { from: '/docs/manual/next/', to: '/docs/manual/v12.0.0/introduction' },
      { from: '/docs/manual/v11.0.0/', to: '/docs/manual/v11.0.0/introduction' },
      { from: '/docs/manual/v12.0.0/', to: '/docs/manual/v12.0.0/introduction' },
    ]);
  });

  it('leave a folder that has a page of its own, and skip a sidebar whose pages are all missing', () => {
    const withPages = new Map([...site, ...routes('/community', '/docs/manual/v12.0.0/')]);
    const froms = folderRedirects(withPages, [...sidebars, sidebar('/empty/', '/empty/nothing')], { manual }).map((r) => r.from);
    expect(froms).not.toContain('/community/');
    expect(froms).not.toContain('/docs/manual/v12.0.0/');
    expect(froms).not.toContain('/empty/');
    // next stands for v12.0.0, whose folder is a page: it leads there.
    expect(folderRedirects(withPages, sidebars, { manual }).find((r) => r.from === '/docs/manual/next/')?.to).toBe('/docs/manual/v12.0.0/');
  });
});
