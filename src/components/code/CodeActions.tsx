// A code block's buttons, server-rendered in their initial state; `src/client/code-blocks.ts`
// gives them their behaviour (no React in the browser).
import { COPY_STATES } from './copy-state.ts';

export interface CodeActionsProps {
  /** Render the run-in-playground link (a block with ReScript code). */
  playground?: boolean | undefined;
  /** Render that link hidden: a tab set whose first tab is not ReScript shows it for another tab. */
  playgroundHidden?: boolean | undefined;
}

/** The buttons of a code block or a tab set: run in the playground (ReScript only), and copy. */
export function CodeActions({ playground, playgroundHidden }: CodeActionsProps) {
  return (
    <div className="code-actions">
      {playground ? <PlaygroundLink hidden={playgroundHidden} /> : null}
      <CopyButton />
    </div>
  );
}

/**
 * Opens the block's shown code in the playground. Its name is its visible text (WCAG 2.5.3: a
 * speech user says what they see). Without scripts it opens the playground's default example; the
 * script sets `?code=` when the link is pointed at, focused or followed (the block's
 * `data-prelude`, if any, goes first).
 */
function PlaygroundLink({ hidden }: { hidden?: boolean | undefined }) {
  return (
    <a className="playground-link" href="/try" hidden={hidden}>
      Run in playground
    </a>
  );
}

/** Copies the block's shown code. States: initial → copied (disabled, notice for 3 s) → initial; failed on error. */
function CopyButton() {
  const initial = COPY_STATES.initial;
  return (
    <span className="copy">
      <button type="button" className="copy-button" data-state="initial" aria-label={initial.label} title={initial.title}>
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
          <path d={initial.icon} fill="none" stroke="currentColor" strokeWidth={initial.stroke} />
        </svg>
      </button>
      {/* Always present, so screen readers announce the text when it appears. */}
      <span className="copy-notice" role="status" />
    </span>
  );
}
