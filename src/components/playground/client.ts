// The playground island as the client entry loads it: the island, with its browser-only modules
// registered as chunks of their own (CodeMirror, fetched as the island mounts; React for the
// Output frame, fetched when code that needs it first runs).
import { registerEditor, registerFrameRunner } from './browser-only.ts';

registerEditor(() => import('./editor.ts'));
registerFrameRunner(() => import('./render-run.ts'));

export { default } from './Playground.tsx';
