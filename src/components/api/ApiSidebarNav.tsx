// The legacy API layout's sidebar: the library's title ('Belt Module') above the usual categories.
import { SidebarNav } from '../layout.tsx';
import type { Sidebar } from '../../pipeline/types.ts';

export function ApiSidebarNav({ sidebar }: { sidebar: Sidebar }) {
  return (
    <div className="api-sidebar">
      <p className="api-sidebar-title">{sidebar.title}</p>
      <SidebarNav sidebar={sidebar} />
    </div>
  );
}
