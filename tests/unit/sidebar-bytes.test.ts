import { describe, expect, it } from 'vitest';
import { SidebarBytes } from '../../src/render/sidebar-bytes.ts';

const html =
  '<nav><h4>Über · Start</h4><ul>' +
  '<li><a href="/docs/a" data-sb="">Ä first</a></li>' +
  '<li><a href="/docs/b" data-sb="">B → second</a></li>' +
  "<li><a href=\"/docs/it's\" data-sb=\"\">Quote</a></li>" +
  '</ul></nav>';
const page = (route: string, toc = '') => new SidebarBytes(html).forRoute(route, toc).map((p) => p.toString()).join('');

describe('sidebar bytes', () => {
  it("marks the page's item current and puts its section list under it, byte-exact after non-ASCII text", () => {
    expect(page('/docs/b', '<ul class="toc"><li>x</li></ul>')).toBe(
      '<nav><h4>Über · Start</h4><ul>' +
        '<li><a href="/docs/a">Ä first</a></li>' +
        '<li><a href="/docs/b" class="active" aria-current="page">B → second</a><ul class="toc"><li>x</li></ul></li>' +
        "<li><a href=\"/docs/it's\">Quote</a></li>" +
        '</ul></nav>',
    );
  });

  it('finds routes whose href is escaped in the markup', () => {
    expect(page("/docs/it's")).toContain('<a href="/docs/it\'s" class="active" aria-current="page">Quote</a>');
  });

  it('leaves every item plain for a page outside the sidebar', () => {
    const out = page('/elsewhere');
    expect(out).not.toContain('data-sb');
    expect(out).not.toContain('aria-current');
    expect(out).toContain('<a href="/docs/a">Ä first</a>');
  });
});
