import { describe, expect, it } from 'vitest';
import { DepGraph } from '../../src/pipeline/incremental/dep-graph.ts';
import { changedFacts } from '../../src/pipeline/incremental/route-facts.ts';

function docsGraph(): DepGraph {
  const g = new DepGraph();
  // Two pages in one sidebar, one page with none; the sidebar shows both titles.
  g.add('sidebar:manual-v1', ['title:/docs/a', 'title:/docs/b', 'file:config/sidebars/manual-v1.json']);
  g.add('/docs/a', ['file:docs/a.mdx', 'sidebar:manual-v1']);
  g.add('/docs/b', ['file:docs/b.mdx', 'sidebar:manual-v1']);
  g.add('/docs/latest/a', ['file:docs/a.mdx', 'sidebar:manual-v1']);
  g.add('/about', ['file:about.md']);
  return g;
}

describe('DepGraph', () => {
  it('maps an edited page to its own routes only (its alias copies included)', () => {
    expect(docsGraph().invalidate('file:docs/a.mdx')).toEqual(new Set(['/docs/a', '/docs/latest/a']));
  });

  it('maps a changed title to every page whose sidebar shows it, through the sidebar', () => {
    expect(docsGraph().invalidate('title:/docs/b')).toEqual(new Set(['/docs/a', '/docs/b', '/docs/latest/a']));
    expect(docsGraph().invalidate('file:config/sidebars/manual-v1.json').has('/about')).toBe(false);
  });

  it('returns nothing for an input no route depends on', () => {
    expect(docsGraph().invalidate('file:nothing.md').size).toBe(0);
  });

  it('replaces a node’s edges when it is added again, and forgets a deleted route', () => {
    const g = docsGraph();
    g.add('/about', ['file:about.md', 'sidebar:manual-v1']);
    expect(g.invalidate('title:/docs/a').has('/about')).toBe(true);
    g.add('/about', ['file:about.md']);
    expect(g.invalidate('title:/docs/a').has('/about')).toBe(false);
    g.delete('/docs/b');
    expect(g.invalidate('file:docs/b.mdx').size).toBe(0);
    expect(g.routes()).toEqual(new Set(['/docs/a', '/docs/latest/a', '/about']));
  });

  it('terminates on cycles', () => {
    const g = new DepGraph();
    g.add('x:a', ['x:b']);
    g.add('x:b', ['x:a']);
    g.add('/r', ['x:a']);
    expect(g.invalidate('x:b')).toEqual(new Set(['/r']));
  });
});

describe('changedFacts', () => {
  it('lists facts whose value changed, appeared or disappeared', () => {
    const before = { facts: new Map([['page:a', '1'], ['page:b', '2'], ['page:gone', '3']]), routes: new Set<string>() };
    const after = { facts: new Map([['page:a', '1'], ['page:b', '9'], ['page:new', '4']]), routes: new Set<string>() };
    expect(changedFacts(before, after).sort()).toEqual(['page:b', 'page:gone', 'page:new']);
  });
});
