// The playground's browser-only modules, registered by the client entry's loader (client.ts) and
// never imported here: the server renders Playground.tsx too, and neither CodeMirror nor React's
// source for the Output frame has a place in docsgen's own bundle.
import type * as EditorModule from './editor.ts';
import type * as FrameModule from './render-run.ts';

export type Editor = typeof EditorModule;
export type FrameRunner = typeof FrameModule;

let editorLoader: (() => Promise<Editor>) | undefined;
let frameLoader: (() => Promise<FrameRunner>) | undefined;

export function registerEditor(load: () => Promise<Editor>): void {
  editorLoader = load;
}

export function registerFrameRunner(load: () => Promise<FrameRunner>): void {
  frameLoader = load;
}

/** The editor module, or null on the server (and in a client that did not register it). */
export function loadEditor(): Promise<Editor> | null {
  return editorLoader ? editorLoader() : null;
}

/** The frame runner (render-run.ts), or null where none is registered. */
export function loadFrameRunner(): Promise<FrameRunner> | null {
  return frameLoader ? frameLoader() : null;
}

/** Whether a frame runner is registered: code that uses React can run here. */
export function canRunInFrame(): boolean {
  return frameLoader !== undefined;
}
