import CopyButton from './CopyButton.tsx';
import { PlaygroundLink } from './PlaygroundLink.tsx';

export interface CodeActionsProps {
  /** Show the run-in-playground link (ReScript examples only). */
  playground?: boolean;
  prelude?: string;
}

/** The buttons of a single code block: copy, and for ReScript examples, run in the playground. */
export default function CodeActions({ playground, prelude }: CodeActionsProps) {
  return (
    <div className="code-actions">
      {playground ? <PlaygroundLink {...(prelude ? { prelude } : {})} /> : null}
      <CopyButton />
    </div>
  );
}
