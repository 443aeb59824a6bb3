// Hydrates the islands present on the page, each loaded on demand (esbuild splits one chunk per
// island, React shared). Imported by the entry only when the page has an island, so a page
// without one loads no React (docs pages: their code blocks are plain script, code-blocks.ts).
import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { pageIslandLoaders } from '../components/pages/islands/loaders.ts';

type Loader = () => Promise<{ default: ComponentType<Record<string, unknown>> }>;

const loaders: Record<string, Loader> = {
  ...pageIslandLoaders,
  // Registers the editor loader (CodeMirror, a chunk of its own) before the island renders.
  Playground: () => import('../components/playground/client.ts') as unknown as ReturnType<Loader>,
  SyntaxSearch: () => import('../components/syntax/SyntaxSearch.tsx') as unknown as ReturnType<Loader>,
};

/** Marks the island once React has actually hydrated it (hydrateRoot only schedules the work). */
function Hydrated({ el, children }: { el: HTMLElement; children?: ReactNode }) {
  useEffect(() => {
    el.dataset['hydrated'] = '';
  }, [el]);
  return children;
}

export function hydrateIslands(elements: Iterable<HTMLElement>): void {
  for (const el of elements) hydrate(el);
}

function hydrate(el: HTMLElement): void {
  const load = loaders[el.dataset['island'] ?? ''];
  if (!load) return;
  let props: Record<string, unknown> = {};
  try {
    props = JSON.parse(el.dataset['props'] ?? '{}') as Record<string, unknown>;
  } catch {
    return;
  }
  load()
    .then(({ default: Component }) => {
      hydrateRoot(el, createElement(Hydrated, { el }, createElement(Component, props)));
    })
    .catch((err: unknown) => console.error(`docsgen: island ${el.dataset['island']} failed to load`, err));
}
