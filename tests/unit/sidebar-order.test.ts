import { describe, expect, it } from 'vitest';
import { readingOrder } from '../../src/pipeline/sidebar-order.ts';

const category = (name: string, ...hrefs: string[]) => ({ name, items: hrefs.map((href) => ({ name: href, href })) });

describe('readingOrder', () => {
  it('flattens the categories in order', () => {
    expect(readingOrder([category('A', '/a', '/b'), category('B', '/c')])).toEqual(['/a', '/b', '/c']);
  });

  it('keeps a page listed twice once, at its last place, so previous/next never lead to the page itself', () => {
    const order = readingOrder([category('Modules', '/js', '/belt', '/dom'), category('Overview', '/dom'), category('Submodules', '/dom/storage')]);
    expect(order).toEqual(['/js', '/belt', '/dom', '/dom/storage']);
    expect(new Set(order).size).toBe(order.length);
  });
});
