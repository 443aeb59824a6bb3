// Tabbed code blocks, server-rendered with the first tab selected; `src/client/code-blocks.ts`
// switches tabs (click, arrow keys, Home, End) in the browser (no React there).
import { CodeActions } from './CodeActions.tsx';

export interface CodeTabItem {
  label: string;
  lang: string;
  /** Show the run-in-playground link with this tab (SPEC §4: only for res/rescript code). */
  playground?: boolean;
}

export interface CodeTabsProps {
  /** Unique per page; prefixes the tab and panel ids. */
  id: string;
  tabs: CodeTabItem[];
  /** Highlighted `<pre>` HTML of each tab. */
  panels: string[];
  /** Hidden setup code of the page, prepended to the code sent to the playground. */
  prelude?: string | undefined;
}

/**
 * Tabs with roving tabindex (WAI-ARIA tabs pattern). The markup carries what the script needs:
 * which tabs may be run in the playground (`data-playground`) and the prelude (`data-prelude`).
 */
export function CodeTabs({ id, tabs, panels, prelude }: CodeTabsProps) {
  const playground = tabs.some((tab) => tab.playground);
  return (
    <div className="code-tabs code-block" data-prelude={prelude || undefined}>
      <div className="code-tabs-bar">
        <div role="tablist" aria-label="Code examples">
          {tabs.map((tab, i) => (
            <button
              key={i}
              type="button"
              role="tab"
              id={`${id}-tab-${i}`}
              aria-selected={i === 0}
              aria-controls={`${id}-panel-${i}`}
              tabIndex={i === 0 ? 0 : -1}
              data-playground={tab.playground ? '' : undefined}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <CodeActions playground={playground} playgroundHidden={playground && !tabs[0]?.playground} />
      </div>
      {tabs.map((tab, i) => (
        <div
          key={i}
          role="tabpanel"
          id={`${id}-panel-${i}`}
          aria-labelledby={`${id}-tab-${i}`}
          hidden={i !== 0}
          data-lang={tab.lang}
          dangerouslySetInnerHTML={{ __html: panels[i] ?? '' }}
        />
      ))}
    </div>
  );
}
