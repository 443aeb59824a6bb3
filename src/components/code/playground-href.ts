import { compressToEncodedURIComponent } from 'lz-string';

/**
 * `/try?code=` + lz-string of the code. Built in the browser (SPEC §2: playground links are built
 * on the client): by the code blocks' script (`src/client/code-blocks.ts`) and the landing page's
 * `TryLink` island.
 */
export function playgroundHref(code: string): string {
  return `/try?code=${compressToEncodedURIComponent(code)}`;
}
