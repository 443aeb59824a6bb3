import { useEffect, useRef, useState } from 'react';

export type CopyState = 'initial' | 'copied' | 'failed';

/** How long the copied state (button disabled, notice shown) lasts in docs code blocks (SPEC §4). */
export const COPIED_MS = 3000;

export interface CopyButtonProps {
  /** Text to copy; when absent, the text of the nearest code block's `<pre>`. */
  code?: string;
}

/** Copies a code block. States: initial → copied (disabled, notice for 3 s) → initial; failed on error. */
export default function CopyButton({ code }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('initial');
  const ref = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (state !== 'copied') return undefined;
    const timer = setTimeout(() => setState('initial'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      const block = ref.current?.closest('.code-block');
      const pre = block?.querySelector('[role="tabpanel"]:not([hidden]) pre') ?? block?.querySelector('pre');
      const text = code ?? pre?.textContent ?? '';
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <span className="copy">
      <button
        ref={ref}
        type="button"
        className="copy-button"
        data-state={state}
        disabled={state === 'copied'}
        aria-label={state === 'failed' ? 'Copying failed, try again' : 'Copy code to clipboard'}
        title={state === 'failed' ? 'Copying failed' : 'Copy'}
        onClick={copy}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
          {state === 'copied' ? (
            <path d="M13.5 4 6 11.5 2.5 8" fill="none" stroke="currentColor" strokeWidth="1.6" />
          ) : state === 'failed' ? (
            <path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="1.6" />
          ) : (
            <path d="M5 5V2.5h8.5V11H11M2.5 5H11v8.5H2.5z" fill="none" stroke="currentColor" strokeWidth="1.3" />
          )}
        </svg>
      </button>
      {/* Always present, so screen readers announce the text when it appears. */}
      <span className="copy-notice" role="status">
        {state === 'copied' ? 'Copied to clipboard' : ''}
      </span>
    </span>
  );
}
