// The /try page: a ReScript editor, the JavaScript it compiles to, and the compiler's problems.
// Rendered on the server with the default example (the page works as a code sample without
// scripts); on the client it reads `?code=`, loads the editor (CodeMirror, its own chunk) and a
// compiler (compilers.ts), and compiles as you type.
// Its parts: compiling (use-compile.ts), running for the Output tab (use-run.ts), the toolbar
// (toolbar.tsx), the output tabs and their panels (panels.tsx); here they meet the editor.
import { useEffect, useId, useRef, useState } from 'react';
import { keepCodeInAddress, replaceSearch } from './address.ts';
import { codeFromSearch, DEFAULT_EXAMPLE, fromRelease, majorOf, moduleFromSearch, searchWithModule } from './code-param.ts';
import type { ModuleFormat } from './protocol.ts';
import type { Problem } from './compilers.ts';
import type { PlaygroundSettings } from './config.ts';
import { loadEditor } from './browser-only.ts';
import type { EditorHandle } from './editor.ts';
import { JsPanel, OutputPanel, ProblemsPanel, TabList, type Tab } from './panels.tsx';
import { Toolbar } from './toolbar.tsx';
import { useCompile } from './use-compile.ts';
import { useRun } from './use-run.ts';

export type PlaygroundProps = PlaygroundSettings;

/** How long the Share and Format buttons' notes show. */
const NOTE_MS = 2000;

export default function Playground(props: PlaygroundProps) {
  const { versions, runtime } = props;
  const id = useId();
  const [code, setCode] = useState(DEFAULT_EXAMPLE);
  const [editorReady, setEditorReady] = useState(false);
  const [tab, setTab] = useState<Tab>('js');
  const [actionNote, setActionNote] = useState('');
  /** The release the code's docs page documents (`?from=`). */
  const [from, setFrom] = useState<string | null>(null);
  /** The JavaScript module format (`?module=commonjs`), ES modules by default. */
  const [moduleFormat, setModuleFormat] = useState<ModuleFormat>('esmodule');
  const moduleRef = useRef<ModuleFormat>('esmodule');

  const editorHost = useRef<HTMLDivElement>(null);
  const outputHost = useRef<HTMLDivElement>(null);
  const editor = useRef<EditorHandle | null>(null);
  const output = useRef<{ setText(text: string): void; destroy(): void } | null>(null);
  const codeRef = useRef(code);
  const tabRef = useRef(tab);
  tabRef.current = tab;

  const run = useRun(runtime);
  const { status, outcome, lastJs, source, canFormat, compiledWith, hasBundle, version, chooseVersion, lastCompiler, compileNow, compileSoon } = useCompile(props, codeRef, moduleRef, (result, format) => {
    if (result.js !== undefined && result.errors.length === 0 && format === 'esmodule' && run.ranOnce.current && tabRef.current === 'output') run.runCode(result.js, result.runtime);
  });
  const bundleInUse = source === 'bundle';

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
    if (match) chooseVersion(match);
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
      editor.current?.destroy();
      output.current?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
      const compiler = await lastCompiler();
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
    chooseVersion(v);
    void compileNow();
  };

  const usedVersion = bundleInUse ? version : compiledWith;
  const otherRelease = from !== null && usedVersion !== null && majorOf(from) !== majorOf(usedVersion);

  const tabId = (t: Tab) => `${id}-tab-${t}`;
  const panelId = (t: Tab) => `${id}-panel-${t}`;
  const placeOf = (t: Tab) => ({ id: panelId(t), tabId: tabId(t), hidden: tab !== t });
  const onPick = (p: Problem) => editor.current?.moveTo(p.line, p.col);

  return (
    <section className="playground" aria-labelledby={`${id}-title`} data-status={status.kind}>
      <Toolbar
        titleId={`${id}-title`}
        status={status}
        outcome={outcome}
        errorCount={errorCount}
        moduleFormat={moduleFormat}
        onModuleFormat={onModuleFormat}
        bundleInUse={bundleInUse}
        versions={versions}
        version={version}
        onVersion={onVersion}
        canFormat={canFormat}
        onFormat={() => void format()}
        onShare={() => void share()}
        actionNote={actionNote}
      />
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
            // Scrolled by the keyboard as the docs' code blocks are (a name is not allowed on a <pre>).
            <pre className="pg-fallback" tabIndex={0}>
              <code>{code}</code>
            </pre>
          )}
        </div>
        <div className="pg-pane pg-pane-output">
          <TabList tab={tab} onTab={setTab} tabId={tabId} panelId={panelId} problemCount={problems.length} errorCount={errorCount} />
          <JsPanel
            {...placeOf('js')}
            status={status}
            outcome={outcome}
            errorCount={errorCount}
            lastJs={lastJs}
            outputHost={outputHost}
            onShowProblems={() => setTab('problems')}
            onPick={onPick}
          />
          <OutputPanel
            {...placeOf('output')}
            run={run}
            status={status}
            outcome={outcome}
            errorCount={errorCount}
            moduleFormat={moduleFormat}
            otherRuntime={bundleInUse && runtime && version !== `v${runtime.version}` ? runtime.version : null}
          />
          <ProblemsPanel {...placeOf('problems')} status={status} outcome={outcome} problems={problems} onPick={onPick} />
        </div>
      </div>
    </section>
  );
}
