import { useRef, useState, type KeyboardEvent } from 'react';
import CopyButton from './CopyButton.tsx';
import { Slot } from '../Slot.tsx';
import { PlaygroundLink } from './PlaygroundLink.tsx';

export interface CodeTabItem {
  label: string;
  lang: string;
  /** Show the run-in-playground link (SPEC §4: only for res/rescript code). */
  playground?: boolean;
}

export interface CodeTabsProps {
  /** Unique per page; prefixes the tab and panel ids. */
  id: string;
  tabs: CodeTabItem[];
  /** Hidden setup code of the page, prepended to the code sent to the playground. */
  prelude?: string;
  /** Highlighted HTML of each tab (server: passed in; client: read back from the DOM). */
  slots?: string[];
}

/** Tabbed code blocks; the first tab is selected by default. Arrow keys, Home and End move between tabs. */
export default function CodeTabs({ id, tabs, prelude, slots = [] }: CodeTabsProps) {
  const [selected, setSelected] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs[selected];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' ? (selected === last ? 0 : selected + 1)
      : event.key === 'ArrowLeft' ? (selected === 0 ? last : selected - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : -1;
    if (next < 0) return;
    event.preventDefault();
    setSelected(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className="code-tabs code-block">
      <div className="code-tabs-bar">
        <div role="tablist" aria-label="Code examples" onKeyDown={onKeyDown}>
          {tabs.map((tab, i) => (
            <button
              key={i}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${i}`}
              aria-selected={i === selected}
              aria-controls={`${id}-panel-${i}`}
              tabIndex={i === selected ? 0 : -1}
              onClick={() => setSelected(i)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <div className="code-actions">
          {current?.playground ? <PlaygroundLink key={selected} {...(prelude ? { prelude } : {})} /> : null}
          <CopyButton />
        </div>
      </div>
      {tabs.map((tab, i) => (
        <div
          key={i}
          role="tabpanel"
          id={`${id}-panel-${i}`}
          aria-labelledby={`${id}-tab-${i}`}
          hidden={i !== selected}
          data-lang={tab.lang}
        >
          <Slot html={slots[i] ?? ''} />
        </div>
      ))}
    </div>
  );
}
