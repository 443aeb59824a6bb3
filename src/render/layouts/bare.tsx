// Bare layout (SPEC §2: /blog, /packages, /syntax-lookup, /try): the page alone between the top
// bar and the footer, full width, no docs chrome. The page brings its own title and design.
import type { LayoutProps } from './types.ts';

export default function BareLayout({ body }: LayoutProps) {
  return (
    <main id="main" className="main-bare" data-layout="bare">
      <div className="content" dangerouslySetInnerHTML={{ __html: body }} />
    </main>
  );
}
