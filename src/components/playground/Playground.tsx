// The /try page: a ReScript editor, the JavaScript it compiles to, and the compiler's problems.
// Rendered on the server with the default example (the page works as a code sample without
// scripts); on the client it reads `?code=`, loads the editor (CodeMirror, its own chunk) and a
// compiler (compilers.ts), and compiles as you type.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { codeFromSearch, DEFAULT_EXAMPLE, fromRelease, majorOf, moduleFromSearch, searchWithCode, searchWithModule } from './code-param.ts';
import type { ModuleFormat } from './protocol.ts';
import { bundleCompiler, CompilerUnavailable, serverCompiler, type CompileOutcome, type PlaygroundCompiler, type Problem } from './compilers.ts';
import type { PlaygroundSettings } from './config.ts';
import { canRunInFrame, loadEditor, loadFrameRunner } from './browser-only.ts';
import type { EditorHandle } from './editor.ts';
import { deferredRun, MAX_LINES, prepareRun, RUN_LIMIT_MS, runModule, type OutputLine, type RunHandle, type RunOutcome } from './run.ts';

export type PlaygroundProps = PlaygroundSettings;

type Status =
  | { kind: 'starting' }
  | { kind: 'compiling' }
  | { kind: 'done'; ms: number; label: string }
  | { kind: 'unavailable' }
  | { kind: 'failed'; message: string };

/**
 * Which compiler answers: `docsgen serve`'s endpoint, else (a static host has none) the official
 * browser bundle the config names. Each compile asks the one that answered last, then the other.
 */
type Source = 'server' | 'bundle';

type Tab = 'js' | 'output' | 'problems';
const TABS: Tab[] = ['js', 'output', 'problems'];
const TAB_NAMES: Record<Tab, string> = { js: 'JavaScript', output: 'Output', problems: 'Problems' };

/** The Output tab's state: no run yet, running, ended, or code whose imports cannot be run here. */
type RunState = { kind: 'idle' } | { kind: 'running'; inFrame: boolean } | { kind: 'done'; outcome: RunOutcome } | { kind: 'missing'; imports: string[] };

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
/** Pause in typing before compiling. */
const COMPILE_DELAY_MS = 400;
/** For the console when no compiler answers: how a site's operator enables one. */
const OPERATOR_HINT =
  'To compile on this site, serve it with `npx docsgen serve` where the `rescript` npm package (12 or later) is installed, or name the official browser compiler in config/playground.json (`compilerBaseUrl` and `versions`).';
/** How long the Share and Format buttons' notes show. */
const NOTE_MS = 2000;

function statusText(status: Status, outcome: CompileOutcome | null): string {
  switch (status.kind) {
    case 'starting':
      return ''; // before scripts run (or without them): nothing is on its way
    case 'compiling':
      return 'Compiling…';
    case 'unavailable':
      return 'Compiler unreachable';
    case 'failed':
      return 'Compiling failed';
    case 'done': {
      if (outcome?.failure) return 'Compiling failed';
      const n = outcome?.errors.length ?? 0;
      if (n > 0) return `${n} ${n === 1 ? 'error' : 'errors'}`;
      return `Compiled in ${status.ms} ms · ${status.label}`;
    }
  }
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Puts `code` in the page's address (`?code=`), replacing the history entry: a reload, or the
 * address bar copied by hand, keeps the reader's edits, and typing leaves no trail of entries
 * for the back button to walk through.
 */
function keepCodeInAddress(code: string): void {
  replaceSearch(searchWithCode(window.location.search, code));
}

/** Puts `search` in the page's address in place of its query, replacing the history entry. */
function replaceSearch(search: string): void {
  if (search === window.location.search) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
}

export default function Playground({ compilerBaseUrl, versions, runtime }: PlaygroundProps) {
  const id = useId();
  const [code, setCode] = useState(DEFAULT_EXAMPLE);
  const [editorReady, setEditorReady] = useState(false);
  const [outcome, setOutcome] = useState<CompileOutcome | null>(null);
  const [lastJs, setLastJs] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'starting' });
  const [tab, setTab] = useState<Tab>('js');
  const [version, setVersion] = useState(versions[0] ?? '');
  const [actionNote, setActionNote] = useState('');
  /** The release the code's docs page documents (`?from=`), and the compiler version last used. */
  const [from, setFrom] = useState<string | null>(null);
  const [compiledWith, setCompiledWith] = useState<string | null>(null);
  const [runState, setRunState] = useState<RunState>({ kind: 'idle' });
  /** The JavaScript module format (`?module=commonjs`), ES modules by default. */
  const [moduleFormat, setModuleFormat] = useState<ModuleFormat>('esmodule');
  const moduleRef = useRef<ModuleFormat>('esmodule');
  const [lines, setLines] = useState<OutputLine[]>([]);
  const frameHost = useRef<HTMLDivElement>(null);

  const editorHost = useRef<HTMLDivElement>(null);
  const outputHost = useRef<HTMLDivElement>(null);
  const editor = useRef<EditorHandle | null>(null);
  const output = useRef<{ setText(text: string): void; destroy(): void } | null>(null);
  const codeRef = useRef(code);
  const versionRef = useRef(version);
  const compilers = useRef(new Map<string, Promise<PlaygroundCompiler>>());
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ js: null, output: null, problems: null });
  const running = useRef<RunHandle | null>(null);
  const outputPanel = useRef<HTMLDivElement>(null);
  /**
   * Whether the Output panel follows new lines: until the reader scrolls up from the bottom (its
   * scroll events say so; a position read when lines arrive could predate the last scroll to them).
   */
  const followOutput = useRef(true);
  /** Where the panel last scrolled itself: the scroll event that move fires is not the reader's. */
  const ownScrollTop = useRef(-1);
  /** Once the reader has run the code, each new compile runs again while the Output tab is open. */
  const ranOnce = useRef(false);
  const tabRef = useRef(tab);
  tabRef.current = tab;

  const hasBundle = Boolean(compilerBaseUrl) && versions.length > 0;
  const [source, setSource] = useState<Source>('server');
  const sourceRef = useRef<Source>('server');
  const useBundle = source === 'bundle';
  /** Whether the compiler that answered last formats (the server does; a bundle may). */
  const [canFormat, setCanFormat] = useState(true);

  const compilerOf = useCallback(
    (from: Source): Promise<PlaygroundCompiler> => {
      const key = from === 'bundle' ? versionRef.current : 'server';
      let c = compilers.current.get(key);
      if (!c) {
        c = from === 'bundle' ? bundleCompiler(compilerBaseUrl!, versionRef.current, undefined, runtime) : Promise.resolve(serverCompiler());
        compilers.current.set(key, c);
        c.catch(() => compilers.current.delete(key));
      }
      return c;
    },
    [compilerBaseUrl, runtime],
  );
  /** The compilers to ask, in order: the one that answered last, then the other (if the config names a bundle). */
  const sources = useCallback((): Source[] => (hasBundle ? [sourceRef.current, sourceRef.current === 'server' ? 'bundle' : 'server'] : ['server']), [hasBundle]);

  /** The published runtime's modules (the browser compiler's output may import them by another path). */
  const publishedModules = useMemo(() => (runtime ? new Set(runtime.modules) : undefined), [runtime]);

  /**
   * Runs compiled JavaScript in a worker, or in a frame that shows what it renders (run.ts), its
   * console lines shown as they come.
   */
  const runCode = useCallback((js: string, runtimePath: string | undefined) => {
    running.current?.stop();
    ranOnce.current = true;
    const runtimeUrl = runtimePath === undefined ? undefined : new URL(runtimePath, window.location.href).href;
    const prepared = prepareRun(js, runtimeUrl, canRunInFrame(), runtimePath === runtime?.path ? publishedModules : undefined);
    setLines([]);
    if ('missing' in prepared) {
      running.current = null;
      setRunState({ kind: 'missing', imports: prepared.missing });
      return;
    }
    setRunState({ kind: 'running', inFrame: 'render' in prepared });
    followOutput.current = true;
    ownScrollTop.current = -1;
    // Lines are shown a frame at a time: a loop printing hundreds would otherwise render each.
    let batch: OutputLine[] = [];
    let frame = 0;
    const flush = () => {
      frame = 0;
      const taken = batch;
      batch = [];
      setLines((old) => [...old, ...taken]);
    };
    const onLine = (line: OutputLine) => {
      batch.push(line);
      frame ||= requestAnimationFrame(flush);
    };
    const handle =
      'render' in prepared
        ? deferredRun(loadFrameRunner()!.then((runner) => runner.runInFrame(frameHost.current!, prepared.render, runtimeUrl, onLine)))
        : runModule(prepared.module, onLine);
    running.current = handle;
    void handle.done.then((outcome) => {
      if (running.current !== handle) return; // a newer run replaced it
      cancelAnimationFrame(frame);
      flush();
      setRunState({ kind: 'done', outcome });
    });
  }, [runtime, publishedModules]);

  const compileNow = useCallback(async () => {
    clearTimeout(timer.current);
    // No memory of an earlier failure: each compile asks again, so a server that is back (or a
    // network that was down) is used at the next edit or Ctrl+Enter.
    const run = ++seq.current;
    const code = codeRef.current;
    setStatus({ kind: 'compiling' });
    const unavailable: string[] = [];
    for (const from of sources()) {
      try {
        const compiler = await compilerOf(from);
        const start = performance.now();
        const format = moduleRef.current;
        const result = await compiler.compile(code, format);
        if (run !== seq.current) return; // a newer compile is on its way
        if (from !== sourceRef.current) {
          sourceRef.current = from;
          setSource(from);
        }
        setOutcome(result);
        if (result.js !== undefined) setLastJs(result.js);
        if (result.js !== undefined && result.errors.length === 0 && format === 'esmodule' && ranOnce.current && tabRef.current === 'output') runCode(result.js, result.runtime);
        setStatus({ kind: 'done', ms: Math.round(performance.now() - start), label: compiler.label });
        setCompiledWith(compiler.version ?? null);
        setCanFormat(Boolean(compiler.format));
        return;
      } catch (err) {
        if (run !== seq.current) return;
        const message = err instanceof Error ? err.message : String(err);
        if (!(err instanceof CompilerUnavailable)) {
          setStatus({ kind: 'failed', message });
          return;
        }
        unavailable.push(`${from === 'server' ? 'the server' : 'the browser compiler'}: ${message}`);
      }
    }
    // The how-to is for whoever runs the site; readers get the plain banner.
    console.warn(`docsgen: no compiler answered (${unavailable.join('; ')}). ${OPERATOR_HINT}`);
    setStatus({ kind: 'unavailable' });
  }, [compilerOf, sources, runCode]);

  const compileSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      keepCodeInAddress(codeRef.current);
      void compileNow();
    }, COMPILE_DELAY_MS);
  }, [compileNow]);

  // Once, on the client: the code from the URL, the editor, the first compile.
  useEffect(() => {
    const initial = codeFromSearch(window.location.search) ?? DEFAULT_EXAMPLE;
    moduleRef.current = moduleFromSearch(window.location.search);
    setModuleFormat(moduleRef.current);
    codeRef.current = initial;
    setCode(initial);
    // Code from a page of older docs compiles with that release's compiler when one is offered.
    const release = fromRelease(window.location.search);
    setFrom(release);
    const match = release && hasBundle ? versions.find((v) => majorOf(v) === majorOf(release)) : undefined;
    if (match) {
      versionRef.current = match;
      setVersion(match);
    }
    let cancelled = false;
    loadEditor()
      ?.then((mod) => {
        if (cancelled || !editorHost.current || !outputHost.current) return;
        editor.current = mod.createEditor(editorHost.current, {
          doc: codeRef.current,
          label: 'ReScript code',
          onChange: (next) => {
            codeRef.current = next;
            setCode(next);
            compileSoon();
          },
          onCompileNow: () => {
            keepCodeInAddress(codeRef.current);
            void compileNow();
          },
          onFormat: () => void formatRef.current(),
        });
        output.current = mod.createOutput(outputHost.current, 'Compiled JavaScript');
        setEditorReady(true);
      })
      .catch((err: unknown) => console.error('docsgen: the playground editor failed to load', err));
    void compileNow();
    return () => {
      cancelled = true;
      clearTimeout(timer.current);
      running.current?.stop();
      editor.current?.destroy();
      output.current?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // New output lines scroll into view, as in a console, unless the reader scrolled up to read.
  useEffect(() => {
    const panel = outputPanel.current;
    if (!panel) return;
    // Above where it last scrolled itself: the reader scrolled up (their scroll event may not have
    // been handled yet; new lines never move the panel up).
    if (ownScrollTop.current >= 0 && panel.scrollTop < ownScrollTop.current - 8) followOutput.current = false;
    if (followOutput.current) {
      panel.scrollTop = panel.scrollHeight;
      ownScrollTop.current = panel.scrollTop;
    }
  }, [lines]);

  const problems: Problem[] = outcome ? [...outcome.errors, ...outcome.warnings] : [];
  const errorCount = outcome?.errors.length ?? 0;

  useEffect(() => {
    if (!editorReady) return;
    editor.current?.showProblems(problems);
    output.current?.setText(lastJs ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editorReady, outcome, lastJs]);

  /** Shows a note beside the Share and Format buttons for a moment. */
  const showNote = (note: string) => {
    setActionNote(note);
    setTimeout(() => setActionNote(''), NOTE_MS);
  };

  const share = async () => {
    keepCodeInAddress(codeRef.current);
    try {
      await navigator.clipboard.writeText(window.location.href);
      showNote('Link copied');
    } catch {
      showNote('Link is in the address bar');
    }
  };

  /** Formats the code with the compiler's formatter; a syntax error (or no formatter) is said. */
  const format = async () => {
    const before = codeRef.current;
    let note: string;
    try {
      // A bundle without a formatter: its button is hidden, and the shortcut says so.
      const compiler = await compilerOf(sourceRef.current);
      const result = compiler.format ? await compiler.format(before) : { failure: 'This compiler cannot format code.' };
      if (codeRef.current !== before) return; // edited meanwhile: the answer is for older code
      if ('code' in result) {
        note = result.code === before ? 'Already formatted' : 'Formatted';
        editor.current?.replaceCode(result.code);
      } else if ('errors' in result) {
        const first = result.errors[0];
        note = first ? `Cannot format: syntax error at line ${first.line}` : 'Cannot format this code';
      } else note = result.failure;
    } catch {
      note = 'The formatter cannot be reached right now.';
    }
    showNote(note);
  };
  const formatRef = useRef(format);
  formatRef.current = format;

  const onModuleFormat = (format: ModuleFormat) => {
    moduleRef.current = format;
    setModuleFormat(format);
    replaceSearch(searchWithModule(window.location.search, format));
    void compileNow();
  };

  const onVersion = (v: string) => {
    versionRef.current = v;
    setVersion(v);
    void compileNow();
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.indexOf(tab);
    const next = e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length] : e.key === 'Home' ? TABS[0] : e.key === 'End' ? TABS[TABS.length - 1] : undefined;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const usedVersion = useBundle ? version : compiledWith;
  const otherRelease = from !== null && usedVersion !== null && majorOf(from) !== majorOf(usedVersion);

  const tabId = (t: Tab) => `${id}-tab-${t}`;
  const panelId = (t: Tab) => `${id}-panel-${t}`;
  const stale = Boolean(outcome && outcome.js === undefined && lastJs !== null);
  const canRun = outcome?.js !== undefined && errorCount === 0 && moduleFormat === 'esmodule';

  return (
    <section className="playground" aria-labelledby={`${id}-title`} data-status={status.kind}>
      <div className="pg-toolbar">
        <h1 className="pg-title" id={`${id}-title`}>
          Playground
        </h1>
        <p className={`pg-status pg-status-${status.kind}${errorCount > 0 ? ' pg-status-errors' : ''}`} role="status">
          {statusText(status, outcome)}
        </p>
        <div className="pg-actions">
          <label className="pg-version">
            <span>Module</span>
            <select value={moduleFormat} onChange={(e) => onModuleFormat(e.target.value as ModuleFormat)}>
              <option value="esmodule">ES modules</option>
              <option value="commonjs">CommonJS</option>
            </select>
          </label>
          {useBundle && versions.length > 1 ? (
            <label className="pg-version">
              <span>Compiler</span>
              <select value={version} onChange={(e) => onVersion(e.target.value)}>
                {versions.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {!canFormat ? null : (
            <button type="button" className="pg-button pg-button-secondary pg-format" onClick={() => void format()} aria-keyshortcuts="Shift+Alt+F" title="Format the code (Shift+Alt+F)">
              Format
            </button>
          )}
          <button type="button" className="pg-button pg-share" onClick={() => void share()}>
            <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
              <path d="M6.5 9.5l3-3M7 4.5l1.3-1.3a2.6 2.6 0 013.7 3.7L10.7 8.2M9 11.5l-1.3 1.3a2.6 2.6 0 01-3.7-3.7L5.3 7.8" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
            </svg>
            Share
          </button>
          <span className="pg-share-note" aria-live="polite">
            {actionNote}
          </span>
        </div>
      </div>
      {otherRelease ? (
        <p className="pg-note" role="note">
          This code comes from the {from} docs; the playground compiles it with ReScript {String(usedVersion).replace(/^v/, '')}, so parts of it may need changes.
        </p>
      ) : null}
      <div className="pg-panes">
        <div className="pg-pane pg-pane-editor">
          <div className="pg-pane-head">
            <span className="pg-pane-name">ReScript</span>
            <span className="pg-hint">
              <kbd>Ctrl</kbd>+<kbd>Enter</kbd> compiles now · <kbd>Esc</kbd> <kbd>Tab</kbd> leaves the editor
            </span>
          </div>
          <div className="pg-editor" ref={editorHost} />
          {editorReady ? null : (
            <pre className="pg-fallback" aria-label="ReScript code">
              <code>{code}</code>
            </pre>
          )}
        </div>
        <div className="pg-pane pg-pane-output">
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
                onClick={() => setTab(t)}
                onKeyDown={onTabKey}
              >
                {TAB_NAMES[t]}
                {t === 'problems' && problems.length > 0 ? (
                  <span className={`pg-count${errorCount > 0 ? ' pg-count-error' : ''}`}>{problems.length}</span>
                ) : null}
              </button>
            ))}
          </div>
          <div className="pg-panel pg-panel-js" role="tabpanel" id={panelId('js')} aria-labelledby={tabId('js')} hidden={tab !== 'js'}>
            {status.kind === 'unavailable' ? <Unavailable /> : null}
            {outcome?.failure ? <p className="pg-banner pg-banner-error">{outcome.failure}</p> : null}
            {errorCount > 0 ? (
              <p className="pg-banner pg-banner-error">
                The code has {plural(errorCount, 'error', 'errors')}
                {stale ? '; below is the JavaScript of the last version that compiled' : ''}.{' '}
                {stale ? (
                  <button type="button" className="pg-link" onClick={() => setTab('problems')}>
                    Show problems
                  </button>
                ) : null}
              </p>
            ) : null}
            {errorCount > 0 && lastJs === null ? (
              <ProblemList problems={outcome!.errors} onPick={(p) => editor.current?.moveTo(p.line, p.col)} />
            ) : null}
            <div className={`pg-output${stale ? ' pg-output-stale' : ''}`} ref={outputHost} hidden={status.kind === 'unavailable' || lastJs === null} />
            {status.kind !== 'unavailable' && lastJs === null && errorCount === 0 && !outcome?.failure ? (
              <p className="pg-empty">The JavaScript output appears here.</p>
            ) : null}
          </div>
          <div
            className="pg-panel pg-panel-output"
            ref={outputPanel}
            onScroll={(e) => {
              const panel = e.currentTarget;
              if (panel.scrollTop === ownScrollTop.current) return;
              followOutput.current = panel.scrollHeight - panel.scrollTop - panel.clientHeight < 8;
            }}
            role="tabpanel" id={panelId('output')} aria-labelledby={tabId('output')} hidden={tab !== 'output'}>
            <div className="pg-run-bar">
              <button type="button" className="pg-button pg-run" disabled={!canRun} onClick={() => outcome?.js !== undefined && runCode(outcome.js, outcome.runtime)}>
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
                {useBundle && runtime && version !== `v${runtime.version}` ? <> This site publishes the runtime of ReScript {runtime.version}: choose the compiler v{runtime.version} to run the code.</> : null}
              </p>
            ) : null}
            {/* A frame that shows nothing (the code rendered nothing, or it stopped) leaves the panel. */}
            <div className="pg-render" ref={frameHost} hidden={!showsFrame(runState)} />
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
                    {l.level === 'log' || l.level === 'info' || l.level === 'debug' ? null : <span className="pg-line-level">{l.level === 'exception' ? 'Error' : l.level === 'warn' ? 'Warning' : 'Error'}</span>}
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
          <div className="pg-panel pg-panel-problems" role="tabpanel" id={panelId('problems')} aria-labelledby={tabId('problems')} hidden={tab !== 'problems'}>
            {status.kind === 'unavailable' ? <Unavailable /> : null}
            {outcome?.failure ? <p className="pg-banner pg-banner-error">{outcome.failure}</p> : null}
            {problems.length === 0 && status.kind === 'done' && !outcome?.failure ? <p className="pg-empty">No problems: the code compiles without warnings.</p> : null}
            {problems.length > 0 ? <ProblemList problems={problems} onPick={(p) => editor.current?.moveTo(p.line, p.col)} /> : null}
          </div>
        </div>
      </div>
    </section>
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
