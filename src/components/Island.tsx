import type { ComponentType } from 'react';
import { pageIslands } from './pages/islands/index.ts';
import SyntaxSearch from './syntax/SyntaxSearch.tsx';
import Playground from './playground/Playground.tsx';

/**
 * Every island by name; the client's `src/client/islands.ts` has a lazy loader for each. Code
 * blocks are not islands: their behaviour is plain script (src/client/code-blocks.ts), so a docs
 * page loads no React.
 */
export const islands = {
  ...pageIslands,
  SyntaxSearch,
  Playground,
} satisfies Record<string, ComponentType<never>>;

export type IslandName = keyof typeof islands;

/** Renders an island on the server: the component's HTML inside a marker element carrying its name and serialised props. */
export function Island<N extends IslandName>({ name, props }: { name: N; props: Parameters<(typeof islands)[N]>[0] }) {
  const Component = islands[name] as unknown as ComponentType<Record<string, unknown>>;
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...(props as unknown as Record<string, unknown>)} />
    </div>
  );
}
