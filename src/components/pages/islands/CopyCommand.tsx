import { useEffect, useState } from 'react';

/** How long the landing page's 'Copied!' badge shows (SPEC §4). */
export const BADGE_MS = 2000;

export interface CopyCommandProps {
  command: string;
}

/**
 * A shell command with a copy button. States (SPEC §4): initial → copied (button disabled,
 * 'Copied!' badge for 2 s) → initial; failed when the clipboard refuses (no message).
 */
export default function CopyCommand({ command }: CopyCommandProps) {
  const [state, setState] = useState<'initial' | 'copied' | 'failed'>('initial');
  useEffect(() => {
    if (state !== 'copied') return undefined;
    const timer = setTimeout(() => setState('initial'), BADGE_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    if (state === 'copied') return; // aria-disabled, not disabled: the button keeps keyboard focus
    try {
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(command);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="copy-command" data-state={state}>
      <code>
        <span aria-hidden="true" className="copy-command-prompt">
          ${' '}
        </span>
        {command}
      </code>
      <button type="button" onClick={copy} aria-disabled={state === 'copied'} aria-label={`Copy "${command}"`} title="Copy">
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
          {state === 'copied' ? (
            <path d="M13.5 4 6 11.5 2.5 8" fill="none" stroke="currentColor" strokeWidth="1.6" />
          ) : (
            <path d="M5 5V2.5h8.5V11H11M2.5 5H11v8.5H2.5z" fill="none" stroke="currentColor" strokeWidth="1.3" />
          )}
        </svg>
      </button>
      <span className="copy-badge" role="status">
        {state === 'copied' ? 'Copied!' : ''}
      </span>
    </div>
  );
}
