import { useEffect, useRef, useState } from 'react';
import { compressToEncodedURIComponent } from 'lz-string';

export interface PlaygroundLinkProps {
  /** Hidden setup code of the page (`res prelude` blocks), run before the example. */
  prelude?: string;
}

/** `/try?code=` + lz-string of the shown code; built on the client (SPEC §2: links are built on the client). */
export function playgroundHref(code: string): string {
  return `/try?code=${compressToEncodedURIComponent(code)}`;
}

/**
 * Opens the code of the enclosing block (the visible tab) in the playground. Its name is its
 * visible text (WCAG 2.5.3: a speech user says what they see).
 */
export function PlaygroundLink({ prelude }: PlaygroundLinkProps) {
  const ref = useRef<HTMLAnchorElement>(null);
  const [href, setHref] = useState('/try');
  const update = () => {
    const block = ref.current?.closest('.code-block');
    const pre = block?.querySelector('[role="tabpanel"]:not([hidden]) pre') ?? block?.querySelector('pre');
    const code = pre?.textContent ?? '';
    setHref(playgroundHref(prelude ? `${prelude}\n\n${code}` : code));
  };
  useEffect(update, [prelude]);
  return (
    <a ref={ref} className="playground-link" href={href} onFocus={update} onMouseEnter={update}>
      Run in playground
    </a>
  );
}
