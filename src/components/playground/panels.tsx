// The /try page's output tabs and their panels: the JavaScript the code compiles to, the Output of
// running it, and the compiler's Problems.
import { useRef, type KeyboardEvent, type RefObject } from 'react';
import type { CompileOutcome, Problem } from './compilers.ts';
import type { ModuleFormat } from './protocol.ts';
import { MAX_LINES, RUN_LIMIT_MS } from './run.ts';
import type { Status } from './use-compile.ts';
import type { Run, RunState } from './use-run.ts';

export type Tab = 'js' | 'output' | 'problems';
const TABS: Tab[] = ['js', 'output', 'problems'];
const TAB_NAMES: Record<Tab, string> = { js: 'JavaScript', output: 'Output', problems: 'Problems' };

/** A panel's id, and its tab's; the panel is hidden while another tab is chosen. */
interface TabPanel {
  id: string;
  tabId: string;
  hidden: boolean;
}

/** Whether a run shows something in its frame (what it rendered): the panel then shows the frame. */
function showsFrame(state: RunState): boolean {
  if (state.kind === 'running') return state.inFrame;
  return state.kind === 'done' && !state.outcome.stopped && (state.outcome.frame === 'app' || state.outcome.frame === 'own');
}

function runStatusText(state: RunState): string {
  if (state.kind === 'running') return 'Running…';
  if (state.kind !== 'done') return '';
  const { outcome } = state;
  if (outcome.stopped) return `Stopped after ${RUN_LIMIT_MS / 1000} s: the code was still running`;
  return `${outcome.frame === 'app' ? 'Rendered' : 'Ran'} in ${outcome.ms} ms${outcome.truncated ? ` · the first ${MAX_LINES} lines shown` : ''}`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function TabList({
  tab,
  onTab,
  tabId,
  panelId,
  problemCount,
  errorCount,
}: {
  tab: Tab;
  onTab(t: Tab): void;
  tabId(t: Tab): string;
  panelId(t: Tab): string;
  problemCount: number;
  errorCount: number;
}) {
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ js: null, output: null, problems: null });
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.indexOf(tab);
    const next = e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length] : e.key === 'Home' ? TABS[0] : e.key === 'End' ? TABS[TABS.length - 1] : undefined;
    if (!next) return;
    e.preventDefault();
    onTab(next);
    tabRefs.current[next]?.focus();
  };
  return (
    <div className="pg-tabs" role="tablist" aria-label="Output">
      {TABS.map((t) => (
        <button
          key={t}
          ref={(el) => {
            tabRefs.current[t] = el;
          }}
          type="button"
          role="tab"
          id={tabId(t)}
          aria-selected={tab === t}
          aria-controls={panelId(t)}
          tabIndex={tab === t ? 0 : -1}
          className="pg-tab"
          onClick={() => onTab(t)}
          onKeyDown={onTabKey}
        >
          {TAB_NAMES[t]}
          {t === 'problems' && problemCount > 0 ? <span className={`pg-count${errorCount > 0 ? ' pg-count-error' : ''}`}>{problemCount}</span> : null}
        </button>
      ))}
    </div>
  );
}

export function JsPanel({
  id,
  tabId,
  hidden,
  status,
  outcome,
  errorCount,
  lastJs,
  outputHost,
  onShowProblems,
  onPick,
}: TabPanel & {
  status: Status;
  outcome: CompileOutcome | null;
  errorCount: number;
  lastJs: string | null;
  /** Where the page puts the read-only view of the JavaScript (editor.ts). */
  outputHost: RefObject<HTMLDivElement | null>;
  onShowProblems(): void;
  onPick(p: Problem): void;
}) {
  const stale = Boolean(outcome && outcome.js === undefined && lastJs !== null);
  return (
    <div className="pg-panel pg-panel-js" role="tabpanel" id={id} aria-labelledby={tabId} hidden={hidden}>
      {status.kind === 'unavailable' ? <Unavailable /> : null}
      {outcome?.failure ? <p className="pg-banner pg-banner-error">{outcome.failure}</p> : null}
      {errorCount > 0 ? (
        <p className="pg-banner pg-banner-error">
          The code has {plural(errorCount, 'error', 'errors')}
          {stale ? '; below is the JavaScript of the last version that compiled' : ''}.{' '}
          {stale ? (
            <button type="button" className="pg-link" onClick={onShowProblems}>
              Show problems
            </button>
          ) : null}
        </p>
      ) : null}
      {errorCount > 0 && lastJs === null ? <ProblemList problems={outcome!.errors} onPick={onPick} /> : null}
      <div className={`pg-output${stale ? ' pg-output-stale' : ''}`} ref={outputHost} hidden={status.kind === 'unavailable' || lastJs === null} />
      {status.kind !== 'unavailable' && lastJs === null && errorCount === 0 && !outcome?.failure ? <p className="pg-empty">The JavaScript output appears here.</p> : null}
    </div>
  );
}

export function OutputPanel({
  id,
  tabId,
  hidden,
  run,
  status,
  outcome,
  errorCount,
  moduleFormat,
  otherRuntime,
}: TabPanel & {
  run: Run;
  status: Status;
  outcome: CompileOutcome | null;
  errorCount: number;
  moduleFormat: ModuleFormat;
  /** The version of the runtime the site publishes, when the browser compiler chosen is another. */
  otherRuntime: string | null;
}) {
  const { runState, lines } = run;
  const canRun = outcome?.js !== undefined && errorCount === 0 && moduleFormat === 'esmodule';
  return (
    <div className="pg-panel pg-panel-output" ref={run.panel} onScroll={run.onPanelScroll} role="tabpanel" id={id} aria-labelledby={tabId} hidden={hidden}>
      <div className="pg-run-bar">
        <button type="button" className="pg-button pg-run" disabled={!canRun} onClick={() => outcome?.js !== undefined && run.runCode(outcome.js, outcome.runtime)}>
          <svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12">
            <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
          </svg>
          Run
        </button>
        <span className="pg-run-status" role="status">
          {canRun
            ? runStatusText(runState)
            : errorCount > 0
              ? 'Fix the errors to run the code'
              : status.kind === 'unavailable'
                ? 'Running needs the compiler'
                : moduleFormat !== 'esmodule'
                  ? 'Running needs ES modules (Module above)'
                  : ''}
        </span>
      </div>
      {runState.kind === 'missing' ? (
        <p className="pg-banner pg-banner-info">
          The playground cannot load what this code imports here: {runState.imports.map((m, i) => [i > 0 ? ', ' : '', <code key={m}>{m}</code>])}. It runs code that needs nothing beyond the ReScript
          runtime and React.
          {otherRuntime !== null ? <> This site publishes the runtime of ReScript {otherRuntime}: choose the compiler v{otherRuntime} to run the code.</> : null}
        </p>
      ) : null}
      {/* A frame that shows nothing (the code rendered nothing, or it stopped) leaves the panel. */}
      <div className="pg-render" ref={run.frameHost} hidden={!showsFrame(runState)} />
      {runState.kind === 'done' && runState.outcome.frame === 'nothing' && !runState.outcome.stopped ? (
        <p className="pg-banner pg-banner-info">
          To see a component here, define it as the module <code>App</code> (<code>{'module App = { @react.component let make = () => … }'}</code>) or as the code&apos;s own{' '}
          <code>make</code>.
        </p>
      ) : null}
      {lines.length > 0 ? (
        <ol className="pg-console" aria-label="Console output">
          {lines.map((l, i) => (
            <li key={i} className={`pg-line pg-line-${l.level}`}>
              {l.level === 'log' || l.level === 'info' || l.level === 'debug' ? null : <span className="pg-line-level">{l.level === 'warn' ? 'Warning' : 'Error'}</span>}
              {l.text}
            </li>
          ))}
        </ol>
      ) : runState.kind === 'done' && !showsFrame(runState) ? (
        <p className="pg-empty">The code ran and printed nothing. Print values with <code>Console.log</code>.</p>
      ) : runState.kind === 'idle' ? (
        <p className="pg-empty">
          Run the code to see what it prints with <code>Console.log</code>, and the component of a module <code>App</code> rendered. It runs in your browser, apart from this page, and
          code still busy after {RUN_LIMIT_MS / 1000} s is stopped.
        </p>
      ) : null}
    </div>
  );
}

export function ProblemsPanel({ id, tabId, hidden, status, outcome, problems, onPick }: TabPanel & { status: Status; outcome: CompileOutcome | null; problems: Problem[]; onPick(p: Problem): void }) {
  return (
    <div className="pg-panel pg-panel-problems" role="tabpanel" id={id} aria-labelledby={tabId} hidden={hidden}>
      {status.kind === 'unavailable' ? <Unavailable /> : null}
      {outcome?.failure ? <p className="pg-banner pg-banner-error">{outcome.failure}</p> : null}
      {problems.length === 0 && status.kind === 'done' && !outcome?.failure ? <p className="pg-empty">No problems: the code compiles without warnings.</p> : null}
      {problems.length > 0 ? <ProblemList problems={problems} onPick={onPick} /> : null}
    </div>
  );
}

/** Each problem is a button that puts the editor's cursor at its place. */
function ProblemList({ problems, onPick }: { problems: Problem[]; onPick(p: Problem): void }) {
  return (
    <ol className="pg-problems">
      {problems.map((p, i) => (
        <li key={`${i}-${p.line}-${p.col}`}>
          <button type="button" className={`pg-problem pg-problem-${p.severity}`} onClick={() => onPick(p)}>
            <span className="pg-problem-head">
              <span className="pg-problem-kind">{p.kind}</span>
              <span className="pg-problem-where">
                Line {p.line}, column {p.col}
              </span>
            </span>
            <span className="pg-problem-message">{p.message}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

function Unavailable() {
  return (
    <div className="pg-banner pg-banner-info">
      <p>
        <strong>The playground can't reach the compiler right now.</strong> It will try again when you edit the code or press{' '}
        <kbd>Ctrl</kbd>+<kbd>Enter</kbd>. You can still edit the code and share it with the Share button.
      </p>
    </div>
  );
}
