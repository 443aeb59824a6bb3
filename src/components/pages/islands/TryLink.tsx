import { useEffect, useState } from 'react';
import { playgroundHref } from '../../code/playground-href.ts';

export interface TryLinkProps {
  /** The ReScript code the playground opens with. */
  code: string;
  text: string;
}

/**
 * A link that opens `code` in the playground. The `code` query is built on the client (SPEC §2);
 * without scripts the link opens the playground's default example.
 */
export default function TryLink({ code, text }: TryLinkProps) {
  const [href, setHref] = useState('/try');
  useEffect(() => setHref(playgroundHref(code)), [code]);
  return (
    <a className="try-link" href={href}>
      {text} <span aria-hidden="true">→</span>
    </a>
  );
}
