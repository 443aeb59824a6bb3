// The editor module is registered by the client entry's loader (client.ts), never imported here:
// the server renders Playground.tsx too, and CodeMirror has no place in docsgen's own bundle.
import type * as EditorModule from './editor.ts';

export type Editor = typeof EditorModule;

let loader: (() => Promise<Editor>) | undefined;

export function registerEditor(load: () => Promise<Editor>): void {
  loader = load;
}

/** The editor module, or null on the server (and in a client that did not register it). */
export function loadEditor(): Promise<Editor> | null {
  return loader ? loader() : null;
}
