// CodeMirror 6 for the playground: the ReScript editor and the read-only JavaScript output.
// Loaded only by the /try page's island, as a chunk of its own (see browser-only.ts).
import { EditorState, type Extension } from '@codemirror/state';
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { StreamLanguage, HighlightStyle, bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { javascriptLanguage } from '@codemirror/lang-javascript';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { tags as t } from '@lezer/highlight';
import { rescriptMode } from './rescript-mode.ts';
import type { Problem } from './compilers.ts';

// The site's code colours (style.css `--hl-*`), so both themes follow the page.
const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.definitionKeyword, t.operatorKeyword], color: 'var(--hl-keyword)' },
  { tag: [t.comment, t.lineComment, t.blockComment], color: 'var(--hl-comment)', fontStyle: 'italic' },
  { tag: [t.string, t.special(t.string), t.regexp], color: 'var(--hl-string)' },
  { tag: t.escape, color: 'var(--hl-escape)' },
  { tag: [t.number, t.bool, t.atom, t.null], color: 'var(--hl-constant)' },
  { tag: [t.typeName, t.className], color: 'var(--hl-type)' },
  { tag: t.namespace, color: 'var(--hl-module)' },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: 'var(--hl-function)' },
  // An operator stays whole where a long line wraps: browsers break after any hyphen (`-` | `>`).
  { tag: [t.operator, t.arithmeticOperator, t.logicOperator, t.compareOperator], color: 'var(--hl-operator)', whiteSpace: 'nowrap' },
  { tag: [t.meta, t.annotation], color: 'var(--hl-tag)' },
  { tag: [t.propertyName], color: 'var(--hl-attribute)' },
  { tag: [t.definition(t.variableName)], color: 'var(--hl-function)' },
]);

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '14px', backgroundColor: 'transparent', color: 'var(--hl-fg)' },
  '.cm-scroller': { fontFamily: "'JetBrains Mono', ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", lineHeight: '1.6' },
  '.cm-content': { caretColor: 'var(--fg)', padding: '12px 0' },
  '.cm-gutters': { backgroundColor: 'transparent', color: 'var(--muted)', border: 'none' },
  '.cm-activeLine': { backgroundColor: 'var(--pg-active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'transparent', color: 'var(--fg)' },
  // The editor is a tab stop like any other control: the site's focus colour, inside the pane
  // (whose overflow would clip an outline drawn outside it).
  '&.cm-focused': { outline: '2px solid var(--info-line)', outlineOffset: '-2px' },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--fg)' },
  '.cm-selectionBackground, &.cm-focused .cm-selectionBackground, ::selection': { backgroundColor: 'var(--pg-selection) !important' },
  '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'underline wavy var(--accent)', textUnderlineOffset: '3px' },
  '.cm-lintRange-warning': { backgroundImage: 'none', textDecoration: 'underline wavy var(--warn-line)', textUnderlineOffset: '3px' },
});

const common: Extension = [highlightSpecialChars(), syntaxHighlighting(highlight), theme, EditorView.lineWrapping];

/** What the island drives. */
export interface EditorHandle {
  view: EditorView;
  /** Marks the problems in the code (wavy underlines, gutter markers). */
  showProblems(problems: Problem[]): void;
  /** Puts the cursor at a 1-based line and column, scrolls there and focuses the editor. */
  moveTo(line: number, col: number): void;
  /** Replaces the whole code as one edit (undone with Ctrl+Z), the cursor kept on its line. */
  replaceCode(code: string): void;
  destroy(): void;
}

export interface EditorOptions {
  doc: string;
  /** Accessible name of the editing area. */
  label: string;
  onChange(code: string): void;
  /** Ctrl/Cmd+Enter. */
  onCompileNow(): void;
  /** Shift+Alt+F (as in VS Code). */
  onFormat?(): void;
}

/** Offset of a 1-based line and column, clamped into the document. */
function offsetOf(state: EditorState, line: number, col: number): number {
  const l = state.doc.line(Math.min(Math.max(line, 1), state.doc.lines));
  return l.from + Math.min(Math.max(col - 1, 0), l.length);
}

export function createEditor(parent: HTMLElement, opts: EditorOptions): EditorHandle {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: opts.doc,
      extensions: [
        common,
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        lintGutter(),
        StreamLanguage.define(rescriptMode),
        EditorState.tabSize.of(2),
        keymap.of([
          { key: 'Mod-Enter', run: () => (opts.onCompileNow(), true) },
          { key: 'Shift-Alt-f', run: () => (opts.onFormat?.(), opts.onFormat !== undefined) },
          // Tab indents; Escape then Tab leaves the editor (CodeMirror's focus-trap escape).
          indentWithTab,
          ...defaultKeymap,
          ...historyKeymap,
        ]),
        // A contenteditable is a tab stop already; the explicit tabindex tells checkers such as
        // axe (scrollable-region-focusable) that the scrolling editor holds a focusable element.
        EditorView.contentAttributes.of({ 'aria-label': opts.label, tabindex: '0' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) opts.onChange(u.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    view,
    showProblems(problems) {
      const state = view.state;
      const diagnostics: Diagnostic[] = problems.map((p) => {
        const from = offsetOf(state, p.line, p.col);
        // bsc's end column is inclusive (1-based), i.e. the exclusive 0-based offset.
        let to = offsetOf(state, p.endLine, p.endCol + 1);
        if (to <= from) to = Math.min(from + 1, state.doc.length);
        return { from, to: Math.max(to, from), severity: p.severity, message: p.message, source: p.kind };
      });
      view.dispatch(setDiagnostics(state, diagnostics));
    },
    moveTo(line, col) {
      const at = offsetOf(view.state, line, col);
      view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
      view.focus();
    },
    replaceCode(code) {
      const { state } = view;
      if (code === state.doc.toString()) return;
      const head = state.selection.main.head;
      const line = state.doc.lineAt(head);
      const after = EditorState.create({ doc: code }).doc;
      const kept = after.line(Math.min(line.number, after.lines));
      view.dispatch({ changes: { from: 0, to: state.doc.length, insert: code }, selection: { anchor: kept.from + Math.min(head - line.from, kept.length) } });
    },
    destroy: () => view.destroy(),
  };
}

/**
 * A read-only view of the compiled JavaScript. Its scrolling box is the one tab stop, named
 * `label`, so the keyboard scrolls it (arrows, Page Up/Down) as a browser scrolls any focused box;
 * the text is not editable, hence not focusable itself (axe: scrollable-region-focusable).
 */
export function createOutput(parent: HTMLElement, label: string): { setText(text: string): void; destroy(): void } {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: '',
      extensions: [
        common,
        lineNumbers(),
        javascriptLanguage,
        EditorState.readOnly.of(true),
        EditorView.editable.of(false),
        EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': 'true' }),
      ],
    }),
  });
  view.scrollDOM.tabIndex = 0;
  view.scrollDOM.setAttribute('role', 'region');
  view.scrollDOM.setAttribute('aria-label', label);
  return {
    setText(text) {
      if (text === view.state.doc.toString()) return;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    destroy: () => view.destroy(),
  };
}
