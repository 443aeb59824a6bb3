// Default layout (SPEC §2): every page no other layout claims. The title and description come from
// the front matter; the content is at most 740 px wide.
import { Main } from '../../components/layout.tsx';
import { Article } from './parts.tsx';
import type { LayoutProps } from './types.ts';

export default function DefaultLayout({ entry, compiled, body }: LayoutProps) {
  return (
    <div className="page page-default" data-layout={entry.layout}>
      <Main>
        <Article compiled={compiled} body={body} />
      </Main>
    </div>
  );
}
