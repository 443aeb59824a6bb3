// The playground island as the client entry loads it: the island, with the editor registered as
// a chunk of its own (CodeMirror), fetched as the island mounts.
import { registerEditor } from './editor-registry.ts';

registerEditor(() => import('./editor.ts'));

export { default } from './Playground.tsx';
