// markdown-it's first core rule (line endings and NUL), which @types/markdown-it does not declare.
declare module 'markdown-it/lib/rules_core/normalize.mjs' {
  import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
  export default function normalize(state: StateCore): void;
}
