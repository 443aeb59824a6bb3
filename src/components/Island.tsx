import type { ComponentType } from 'react';
import CodeTabs from './islands/CodeTabs.tsx';
import CodeActions from './islands/CodeActions.tsx';
import { pageIslands } from './pages/islands/index.ts';
import SyntaxSearch from './syntax/SyntaxSearch.tsx';
import Playground from './playground/Playground.tsx';

/** Every island by name; the client entry (src/client/entry.ts) has a lazy loader for each. */
export const islands = {
  CodeTabs,
  CodeActions,
  ...pageIslands,
  SyntaxSearch,
  Playground,
} satisfies Record<string, ComponentType<never>>;

export type IslandName = keyof typeof islands;

/**
 * Renders an island on the server: the component's HTML inside a marker element carrying its
 * name and serialised props. `slots` are HTML fragments read back from the DOM on the client.
 */
export function Island<N extends IslandName>({
  name,
  props,
  slots,
}: {
  name: N;
  props: Omit<Parameters<(typeof islands)[N]>[0], 'slots'>;
  slots?: string[];
}) {
  const Component = islands[name] as ComponentType<Record<string, unknown>>;
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...(props as Record<string, unknown>)} {...(slots ? { slots } : {})} />
    </div>
  );
}
