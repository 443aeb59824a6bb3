// A small ReScript tokenizer for CodeMirror's stream parser: enough for the editor's colours
// (the site's code blocks use the full TextMate grammar at build time; this runs as you type).
import type { StreamParser, StringStream } from '@codemirror/language';

export interface RescriptState {
  /** Depth of nested block comments (ReScript's block comments nest). */
  comment: number;
  /** Inside a backtick template string; `depth` counts braces of an open `${…}`. */
  template: boolean;
  interpolation: number[];
}

const KEYWORDS = new Set([
  'and', 'as', 'assert', 'async', 'await', 'catch', 'constraint', 'else', 'exception', 'external',
  'for', 'if', 'in', 'include', 'lazy', 'let', 'module', 'mutable', 'of', 'open', 'private', 'rec',
  'switch', 'to', 'downto', 'try', 'type', 'when', 'while', 'with', 'dict', 'unpack',
]);
const ATOMS = new Set(['true', 'false']);
const OPERATOR = /^(?:->|=>|\|>|\+\+|\+\.|-\.|\*\.|\/\.|\*\*|===|!==|==|!=|<=|>=|:=|&&|\|\||\.\.\.|[-+*/=<>!&|^~?:%@#])/;

function templateBody(stream: StringStream, state: RescriptState): string {
  while (!stream.eol()) {
    if (stream.match('${', false)) {
      if (stream.current()) return 'string';
      stream.match('${');
      state.template = false;
      state.interpolation.push(0);
      return 'meta';
    }
    const ch = stream.next();
    if (ch === '\\') stream.next();
    else if (ch === '`') {
      state.template = false;
      return 'string';
    }
  }
  return 'string';
}

function blockComment(stream: StringStream, state: RescriptState): string {
  while (!stream.eol() && state.comment > 0) {
    if (stream.match('/*')) state.comment++;
    else if (stream.match('*/')) state.comment--;
    else stream.next();
  }
  return 'comment';
}

export const rescriptMode: StreamParser<RescriptState> = {
  name: 'rescript',
  startState: () => ({ comment: 0, template: false, interpolation: [] }),
  copyState: (s) => ({ comment: s.comment, template: s.template, interpolation: [...s.interpolation] }),
  token(stream, state) {
    if (state.comment > 0) return blockComment(stream, state);
    if (state.template) return templateBody(stream, state);
    if (stream.eatSpace()) return null;
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match('/*')) {
      state.comment = 1;
      return blockComment(stream, state);
    }
    const open = state.interpolation.length;
    if (open > 0) {
      if (stream.peek() === '{') state.interpolation[open - 1]!++;
      if (stream.peek() === '}') {
        if (state.interpolation[open - 1] === 0) {
          stream.next();
          state.interpolation.pop();
          state.template = true;
          return 'meta';
        }
        state.interpolation[open - 1]!--;
      }
    }
    if (stream.match(/^[a-z_][\w']*`/, false)) {
      // A tagged template (`sql\`…\``) or `j\`…\``: the tag, then the template.
      stream.match(/^[a-z_][\w']*/);
      return 'variableName.function';
    }
    const ch = stream.peek();
    if (ch === '`') {
      stream.next();
      state.template = true;
      return templateBody(stream, state);
    }
    if (ch === '"') {
      stream.next();
      let escaped = false;
      while (!stream.eol()) {
        const c = stream.next();
        if (c === '"' && !escaped) return 'string';
        escaped = !escaped && c === '\\';
      }
      return 'string';
    }
    if (stream.match(/^'(?:\\(?:[\\'"ntbr ]|\d{3}|x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\})|[^\\'])'/)) return 'string';
    if (stream.match(/^(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|\d[\d_]*(?:\.[\d_]*)?(?:[eE][-+]?\d+)?)[a-zA-Z]?/)) return 'number';
    if (stream.match(/^@{1,2}[A-Za-z_][\w.]*/)) return 'meta';
    if (stream.match(/^%{1,2}[A-Za-z_][\w.]*/)) return 'meta';
    if (stream.match(/^#[A-Za-z_0-9][\w']*/) || stream.match(/^#"[^"]*"/)) return 'atom';
    if (stream.match(/^'[a-z_][\w]*/)) return 'typeName'; // a type variable
    if (stream.match(/^[A-Z][\w']*/)) {
      // `Array.map`: a module; `Some(…)`, `Circle`: a constructor.
      return stream.peek() === '.' ? 'namespace' : 'typeName';
    }
    if (stream.match(/^[a-z_][\w']*/)) {
      const word = stream.current();
      if (KEYWORDS.has(word)) return 'keyword';
      if (ATOMS.has(word)) return 'bool';
      if (stream.string.charAt(stream.pos) === '(') return 'variableName.function';
      return 'variableName';
    }
    if (stream.match(OPERATOR)) return 'operator';
    stream.next();
    return 'punctuation';
  },
  languageData: {
    commentTokens: { line: '//', block: { open: '/*', close: '*/' } },
    closeBrackets: { brackets: ['(', '[', '{', '"', '`'] },
  },
};
