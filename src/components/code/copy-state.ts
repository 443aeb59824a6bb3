// The copy button's states (SPEC §4): what the button says and shows in each. Shared by the server
// markup (`CodeActions.tsx`, the initial state) and the script that switches states in the browser
// (`src/client/code-blocks.ts`), so the two cannot drift apart. Plain data: no React, no Node.

export type CopyState = 'initial' | 'copied' | 'failed';

/** How long the copied state (button disabled, notice shown) lasts in docs code blocks (SPEC §4). */
export const COPIED_MS = 3000;

/** What the always-present live region says in the copied state (empty in the others). */
export const COPIED_NOTICE = 'Copied to clipboard';

export interface CopyStateView {
  /** The button's accessible name. */
  label: string;
  title: string;
  /** The icon: its SVG path and stroke width. */
  icon: string;
  stroke: string;
}

export const COPY_STATES: Record<CopyState, CopyStateView> = {
  initial: { label: 'Copy code to clipboard', title: 'Copy', icon: 'M5 5V2.5h8.5V11H11M2.5 5H11v8.5H2.5z', stroke: '1.3' },
  copied: { label: 'Copy code to clipboard', title: 'Copy', icon: 'M13.5 4 6 11.5 2.5 8', stroke: '1.6' },
  failed: { label: 'Copying failed, try again', title: 'Copying failed', icon: 'M4 4l8 8M12 4l-8 8', stroke: '1.6' },
};
