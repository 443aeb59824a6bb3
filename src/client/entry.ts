// The one client entry: hydrates only the islands present on the page, each loaded on demand.
import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { installSearch } from './search/open.ts';

type Loader = () => Promise<{ default: ComponentType<Record<string, unknown>> }>;

const loaders: Record<string, Loader> = {
  CodeActions: () => import('../components/islands/CodeActions.tsx') as unknown as ReturnType<Loader>,
  SidebarToggle: () => import('../components/islands/SidebarToggle.tsx') as unknown as ReturnType<Loader>,
  CodeTabs: () => import('../components/islands/CodeTabs.tsx') as unknown as ReturnType<Loader>,
};

/** Marks the island once React has actually hydrated it (hydrateRoot only schedules the work). */
function Hydrated({ el, children }: { el: HTMLElement; children?: ReactNode }) {
  useEffect(() => {
    el.dataset['hydrated'] = '';
  }, [el]);
  return children;
}

installSearch();

for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const load = loaders[el.dataset['island'] ?? ''];
  if (!load) continue;
  let props: Record<string, unknown> = {};
  try {
    props = JSON.parse(el.dataset['props'] ?? '{}') as Record<string, unknown>;
  } catch {
    continue;
  }
  // Slot HTML stays as the server wrote it; pass it back so hydration matches.
  const slots = Array.from(el.querySelectorAll<HTMLElement>('[data-slot]'), (s) => s.innerHTML);
  load()
    .then(({ default: Component }) => {
      hydrateRoot(el, createElement(Hydrated, { el }, createElement(Component, slots.length > 0 ? { ...props, slots } : props)));
    })
    .catch((err: unknown) => console.error(`docsgen: island ${el.dataset['island']} failed to load`, err));
}

// Content that scrolls sideways on a narrow screen (a wide table) takes keyboard focus, so that
// arrow keys can scroll it (WCAG 2.1.1); content that fits is left out of the tab order.
const scrollers = document.querySelectorAll<HTMLElement>('.content table');
if (scrollers.length > 0) {
  const update = () => {
    for (const el of scrollers) {
      if (el.scrollWidth > el.clientWidth) el.tabIndex = 0;
      else el.removeAttribute('tabindex');
    }
  };
  update();
  new ResizeObserver(update).observe(document.documentElement);
}

