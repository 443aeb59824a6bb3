import { compressToEncodedURIComponent } from 'lz-string';

/**
 * `/try?code=` + lz-string of the code. Built in the browser (SPEC §2: playground links are built
 * on the client): by the code blocks' script (`src/client/code-blocks.ts`) and the landing page's
 * `TryLink` island. `from`: the compiler release the page documents (`v11.0.0`), so the playground
 * can pick that compiler or say that it compiles with another.
 */
export function playgroundHref(code: string, from?: string): string {
  return `/try?${from && RELEASE.test(from) ? `from=${from}&` : ''}code=${compressToEncodedURIComponent(code)}`;
}

/** A docs version that names a compiler release: v, then MAJOR.MINOR.PATCH, MAJOR at least 1. */
export const RELEASE = /^v[1-9]\d*\.\d+\.\d+$/;

/** The release a docs page documents (its search version, when that names a release), or undefined. */
export function pageRelease(doc: Pick<Document, 'querySelector'>): string | undefined {
  const version = doc.querySelector('meta[name="docsearch:version"]')?.getAttribute('content') ?? '';
  return RELEASE.test(version) ? version : undefined;
}
