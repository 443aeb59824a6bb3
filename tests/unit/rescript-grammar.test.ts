// The ReScript TextMate grammar (src/render/grammars/rescript.tmLanguage.json), loaded the way the
// renderer loads it: a shiki core highlighter with the JavaScript regex engine. Every construct is
// checked by the scopes the grammar gives its tokens, so a broken rule fails a named test.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHighlighterCore, type HighlighterCore, type LanguageRegistration } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import githubDark from 'shiki/themes/github-dark.mjs';
import githubLight from 'shiki/themes/github-light.mjs';

const grammarPath = fileURLToPath(new URL('../../src/render/grammars/rescript.tmLanguage.json', import.meta.url));
const grammar = JSON.parse(readFileSync(grammarPath, 'utf8')) as LanguageRegistration;

/** One scoped piece of source text, with its scope stack minus the root `source.rescript`. */
interface Piece {
  line: number;
  text: string;
  scopes: string[];
}

let js: HighlighterCore;
let onig: HighlighterCore;

beforeAll(async () => {
  js = await createHighlighterCore({
    themes: [githubDark, githubLight],
    langs: [grammar],
    engine: createJavaScriptRegexEngine(), // not forgiving: an untranslatable regex throws
  });
  onig = await createHighlighterCore({
    themes: [githubDark],
    langs: [grammar],
    engine: createOnigurumaEngine(import('shiki/wasm')),
  });
});

function pieces(code: string, hl: HighlighterCore = js): Piece[] {
  const { tokens } = hl.codeToTokens(code, { lang: 'rescript', theme: 'github-dark', includeExplanation: 'scopeName' });
  const out: Piece[] = [];
  tokens.forEach((line, i) => {
    for (const token of line) {
      for (const e of token.explanation ?? []) {
        out.push({ line: i + 1, text: e.content, scopes: e.scopes.map((s) => s.scopeName).slice(1) });
      }
    }
  });
  return out;
}

/** The nth piece whose text, trimmed, is exactly `text`. */
function find(code: string, text: string, nth = 0): Piece {
  const hits = pieces(code).filter((p) => p.text.trim() === text);
  const hit = hits[nth];
  if (!hit) {
    const seen = pieces(code)
      .filter((p) => p.text.trim())
      .map((p) => `${JSON.stringify(p.text)}[${p.scopes.join(' ')}]`)
      .join(' ');
    throw new Error(`no piece #${nth} ${JSON.stringify(text)} in ${JSON.stringify(code)}; got ${seen}`);
  }
  return hit;
}

const has = (p: Piece, prefix: string) => p.scopes.some((s) => s === prefix || s.startsWith(`${prefix}.`));

/** Asserts that `text` (nth occurrence) carries a scope starting with `prefix`. */
function expectScope(code: string, text: string, prefix: string, nth = 0): Piece {
  const p = find(code, text, nth);
  expect(p.scopes, `${JSON.stringify(text)} in ${JSON.stringify(code)}`).toSatisfy(() => has(p, prefix));
  return p;
}

function expectNotScope(code: string, text: string, prefix: string, nth = 0): void {
  const p = find(code, text, nth);
  expect(has(p, prefix), `${JSON.stringify(text)} should not be ${prefix}: ${p.scopes.join(' ')}`).toBe(false);
}

const KEYWORDS = new Set(
  `let rec nonrec and type module open include switch if else for while in to downto try catch exception
  external mutable as constraint private async await assert lazy when of true false`.split(/\s+/),
);
// A keyword word is fine when it is highlighted as a keyword, or sits in a string/comment, or is the
// name of an attribute (`@as`).
const KEYWORD_OK = ['keyword', 'storage', 'constant', 'string', 'comment', 'entity.other.attribute-name'];

function unscopedKeywords(code: string): string[] {
  const bad: string[] = [];
  for (const p of pieces(code)) {
    for (const word of p.text.match(/[A-Za-z_][A-Za-z0-9_']*/g) ?? []) {
      if (KEYWORDS.has(word) && !KEYWORD_OK.some((k) => has(p, k))) {
        bad.push(`line ${p.line}: ${JSON.stringify(word)} [${p.scopes.join(' ') || 'no scope'}]`);
      }
    }
  }
  return bad;
}

describe('grammar file', () => {
  it('declares the ReScript scope', () => {
    expect(grammar.scopeName).toBe('source.rescript');
    expect(grammar.name).toBe('rescript');
  });

  it('tokenizes to the original text, line by line', () => {
    const all = pieces(PROGRAM);
    PROGRAM.split('\n').forEach((line, i) => {
      const text = all.filter((p) => p.line === i + 1).map((p) => p.text).join('');
      expect(text, `line ${i + 1}`).toBe(line);
    });
  });
});

describe('keywords', () => {
  it.each([
    ['let x = 1', 'let', 'storage.type'],
    ['let rec f = x => f(x)', 'rec', 'storage.modifier'],
    ['let rec f = x => g(x)\nand g = x => f(x)', 'and', 'keyword'],
    ['type t = int', 'type', 'storage.type'],
    ['module M = {\n  let x = 1\n}', 'module', 'storage.type'],
    ['open Belt', 'open', 'keyword.control.import'],
    ['include Foo', 'include', 'keyword.control.import'],
    ['switch x {\n| _ => 1\n}', 'switch', 'keyword.control'],
    ['if a { 1 } else { 2 }', 'if', 'keyword.control'],
    ['if a { 1 } else { 2 }', 'else', 'keyword.control'],
    ['for i in 0 to 10 { () }', 'for', 'keyword.control'],
    ['for i in 0 to 10 { () }', 'in', 'keyword.control'],
    ['for i in 0 to 10 { () }', 'to', 'keyword.control'],
    ['for i in 10 downto 0 { () }', 'downto', 'keyword.control'],
    ['while true { () }', 'while', 'keyword.control'],
    ['try f() catch {\n| _ => ()\n}', 'try', 'keyword.control'],
    ['try f() catch {\n| _ => ()\n}', 'catch', 'keyword.control'],
    ['exception Boom(string)', 'exception', 'storage.type'],
    ['external f: int => int = "f"', 'external', 'storage.type'],
    ['type r = {mutable x: int}', 'mutable', 'storage.modifier'],
    ['let f = (~x as y) => y', 'as', 'keyword'],
    ['type t = private int', 'private', 'storage.modifier'],
    ["type t<'a> = 'a constraint 'a = int", 'constraint', 'keyword'],
    ['let f = async () => await g()', 'async', 'storage.modifier'],
    ['let f = async () => await g()', 'await', 'keyword.control'],
    ['assert(x > 0)', 'assert', 'keyword'],
    ['let l = lazy(1)', 'lazy', 'keyword'],
    ['switch x {\n| Some(y) when y > 1 => y\n| _ => 0\n}', 'when', 'keyword.control'],
    ['module type S = module type of Foo', 'of', 'keyword'],
  ])('%j: %s is %s', (code, word, scope) => {
    expectScope(code, word, scope);
  });

  it('true and false are language constants', () => {
    expectScope('let b = true || false', 'true', 'constant.language.boolean');
    expectScope('let b = true || false', 'false', 'constant.language.boolean');
  });

  it('does not treat a keyword-like prefix of an identifier as a keyword', () => {
    const code = 'let letter = toValue + inner';
    expect(pieces(code).filter((p) => has(p, 'keyword') || has(p, 'storage')).map((p) => p.text.trim())).toEqual([
      'let',
      '=',
      '+',
    ]);
  });
});

describe('strings and characters', () => {
  it('double-quoted strings with escapes', () => {
    const code = 'let s = "a\\n\\"b\\u{1F600}\\t"';
    expectScope(code, '"', 'string.quoted.double');
    expectScope(code, 'a', 'string.quoted.double');
    for (const esc of ['\\n', '\\"', '\\u{1F600}', '\\t']) expectScope(code, esc, 'constant.character.escape');
    expectScope(code, '"', 'punctuation.definition.string.end', 1);
  });

  it('a string ends at its closing quote', () => {
    expectScope('let s = "x" ++ y', '++', 'keyword.operator');
    expectNotScope('let s = "x" ++ y', '++', 'string');
  });

  it('template strings with interpolation highlight the nested code', () => {
    const code = 'let t = `sum: ${Int.toString(a + 1)} and ${if ok { "y" } else { "n" }}`';
    expectScope(code, 'sum:', 'string.template');
    expectScope(code, '${', 'punctuation.definition.template-expression.begin');
    const int = expectScope(code, 'Int', 'entity.name.namespace');
    expect(has(int, 'string')).toBe(false);
    expectScope(code, 'toString', 'entity.name.function');
    expectScope(code, '1', 'constant.numeric');
    expectScope(code, 'if', 'keyword.control');
    expectScope(code, '"', 'string.quoted.double');
    expectScope(code, 'and', 'string.template');
    expectScope(code, '`', 'punctuation.definition.string.template.end', 1);
  });

  it('braces inside an interpolation do not close it', () => {
    const code = 'let t = `${ {a: 1}.a } tail`';
    expectScope(code, 'tail', 'string.template');
  });

  it('j and js prefixes and tagged templates', () => {
    expectScope('let s = j`hi $name`', 'j', 'storage.type.string');
    expectScope('let s = j`hi $name`', 'name', 'variable.other');
    expectScope('let s = js`café`', 'js', 'storage.type.string');
    expectScope('let s = js`café`', 'café', 'string.template');
    const tagged = 'let q = sql`select * from t where id = ${id}`';
    expectScope(tagged, 'sql', 'entity.name.function.tagged-template');
    expectScope(tagged, 'select * from t where id =', 'string.template');
    expectNotScope(tagged, 'id', 'string');
    expectScope(tagged, 'id', 'meta.embedded');
  });

  it('escaped backtick inside a template string', () => {
    expectScope('let s = `a\\`b`', '\\`', 'constant.character.escape');
    expectScope('let s = `a\\`b` ++ c', '++', 'keyword.operator');
  });

  it("char literals, but not type variables like 'a", () => {
    expectScope("let c = 'a'", "'a'", 'string.quoted.single');
    expectScope("let c = '\\n'", "'\\n'", 'string.quoted.single');
    expectScope("let c = '\"'", "'\"'", 'string.quoted.single');
    const tv = expectScope("type t<'a> = array<'a>", "'a", 'variable.parameter.type');
    expect(has(tv, 'string')).toBe(false);
    expectNotScope("let f = (x: 'a, y: 'b) => x", "'a", 'string');
  });
});

describe('comments', () => {
  it('line comments', () => {
    expectScope('let x = 1 // one', '//', 'comment.line.double-slash');
    expectScope('let x = 1 // one', 'one', 'comment.line.double-slash');
  });

  it('block comments nest', () => {
    const code = '/* outer /* inner */ still outer */ let x = 1';
    expectScope(code, 'still outer', 'comment.block');
    expectScope(code, 'let', 'storage.type');
  });

  it('doc comments', () => {
    const code = '/** Adds one.\n * @param x */\nlet add1 = x => x + 1';
    expectScope(code, 'Adds one.', 'comment.block.documentation');
    expectScope(code, '* @param x', 'comment.block.documentation');
    expectScope(code, 'add1', 'entity.name.function');
  });

  it('a comment marker inside a string is text', () => {
    expectNotScope('let url = "http://x" ++ y', '++', 'comment');
  });
});

describe('numbers', () => {
  it.each([
    ['42', 'constant.numeric.integer'],
    ['1_000_000', 'constant.numeric.integer'],
    ['3.14', 'constant.numeric.float'],
    ['1.', 'constant.numeric.float'],
    ['1.5e-3', 'constant.numeric.float'],
    ['2e10', 'constant.numeric.float'],
    ['0xFF_FF', 'constant.numeric.hex'],
    ['0o755', 'constant.numeric.octal'],
    ['0b1010_0101', 'constant.numeric.binary'],
    ['123n', 'constant.numeric.integer'],
    ['0xFFn', 'constant.numeric.hex'],
  ])('%s', (num, scope) => {
    expectScope(`let n = ${num}`, num, scope);
  });

  it('digits inside an identifier are not a number', () => {
    expectNotScope('let x1 = 1', 'x1', 'constant.numeric');
  });
});

describe('types', () => {
  it('type declarations name the type, its parameters and its fields', () => {
    const code = "type t<'a> = {\n  name: string,\n  mutable items: array<'a>,\n  owner: option<person>,\n}";
    expectScope(code, 't', 'entity.name.type');
    expectScope(code, "'a", 'variable.parameter.type');
    expectScope(code, 'name', 'variable.other.property');
    expectScope(code, 'string', 'support.type.primitive');
    expectScope(code, 'array', 'support.type.primitive');
    expectScope(code, 'person', 'entity.name.type');
  });

  it('variant type declarations: constructors, payload types, recursive and', () => {
    const code = 'type rec tree =\n  | Leaf\n  | Node(tree, int, tree)\nand forest = list<tree>';
    expectScope(code, 'tree', 'entity.name.type');
    expectScope(code, 'Leaf', 'variable.other.enummember');
    expectScope(code, 'Node', 'variable.other.enummember');
    expectScope(code, 'tree', 'entity.name.type', 1);
    expectScope(code, 'forest', 'entity.name.type');
  });

  it('polymorphic variant bounds do not open a type argument list', () => {
    const code = 'let f = (s: [< #a | #b]) =>\n  switch s {\n  | #a => 1\n  | #b => 2\n  }\nlet g: [> #a] = #a';
    expectScope(code, '<', 'keyword.operator.bound');
    expectScope(code, 'switch', 'keyword.control');
    expectNotScope(code, 'switch', 'meta.type.annotation');
    expectScope(code, 'let', 'storage.type', 1);
    expectScope(code, '>', 'keyword.operator.bound');
  });

  it('a type declaration stops before the next item', () => {
    const code = 'type t = int\nJs.log(1)\nlet x = 1';
    expectScope(code, 'log', 'entity.name.function');
    expectNotScope(code, 'log', 'entity.name.type');
  });

  it('type annotations on let, parameters, return types and externals', () => {
    const code = 'let xs: array<Js.Dict.t<int>> = []';
    expectScope(code, 'xs', 'variable.other');
    expectScope(code, 'array', 'support.type.primitive');
    expectScope(code, 'Js', 'entity.name.namespace');
    expectScope(code, 't', 'entity.name.type');
    expectScope(code, '=', 'keyword.operator.assignment');
    const params = 'let f = (~size: array<int>=[], x: t, ~onClick: ReactEvent.Mouse.t => unit): result => x';
    expectScope(params, 'size', 'variable.parameter.labeled');
    expectScope(params, 'x', 'variable.parameter');
    expectScope(params, 't', 'entity.name.type');
    expectScope(params, 't', 'entity.name.type', 1);
    expectScope(params, 'unit', 'support.type.primitive');
    expectScope(params, 'result', 'support.type.primitive');
    expectNotScope(params, '>', 'keyword.operator.comparison');
    const ext = 'external join: (string, string) => string = "join"';
    expectScope(ext, 'join', 'entity.name.function');
    expectScope(ext, 'string', 'support.type.primitive', 2);
    expectScope(ext, 'join', 'string.quoted.double', 1);
  });
});

describe('constructors, polymorphic variants and modules', () => {
  it('capitalised identifiers are constructors unless followed by a dot', () => {
    const code = 'let x = Some(Belt.Array.length(xs))\nlet y = Color.Red';
    expectScope(code, 'Some', 'variable.other.enummember');
    expectScope(code, 'Belt', 'entity.name.namespace');
    expectScope(code, 'Array', 'entity.name.namespace');
    expectNotScope(code, 'Belt', 'variable.other.enummember');
    expectScope(code, 'Color', 'entity.name.namespace');
    expectScope(code, 'Red', 'variable.other.enummember');
  });

  it('module declarations, aliases, functors, open and include', () => {
    expectScope('module Foo = {\n  let x = 1\n}', 'Foo', 'entity.name.namespace');
    expectScope('module A = Belt.Array', 'Array', 'entity.name.namespace');
    expectScope('module S = Set.Make(Cmp)', 'Make', 'entity.name.namespace');
    expectScope('module type T = {\n  let x: int\n}', 'T', 'entity.name.namespace');
    expectScope('open Belt.Array', 'Array', 'entity.name.namespace');
    expectScope('include Foo', 'Foo', 'entity.name.namespace');
  });

  it('polymorphic variants', () => {
    expectScope('let c = #red', 'red', 'constant.other.polymorphic-variant');
    expectScope('let c = #red', '#', 'constant.other.polymorphic-variant');
    expectScope('let c = #"foo bar"', '"foo bar"', 'constant.other.polymorphic-variant');
    expectScope('let c = #1', '1', 'constant.other.polymorphic-variant');
    expectScope('type c = [#red | #green]', 'green', 'constant.other.polymorphic-variant');
  });

  it('exceptions name a constructor', () => {
    expectScope('exception Boom(string)', 'Boom', 'variable.other.enummember');
    expectScope('exception Boom(string)', 'string', 'support.type.primitive');
  });
});

describe('attributes and extension points', () => {
  it('decorators', () => {
    const code = '@module("fs") external read: string => string = "readFileSync"';
    expectScope(code, '@', 'punctuation.decorator');
    expectScope(code, 'module', 'entity.other.attribute-name');
    expectNotScope(code, 'module', 'storage');
    expectScope(code, 'fs', 'string.quoted.double');
    expectScope('@react.component\nlet make = () => React.null', 'react.component', 'entity.other.attribute-name');
    expectScope('@@warning("-27")', '@@', 'punctuation.decorator');
    expectScope('@@warning("-27")', 'warning', 'entity.other.attribute-name');
    expectScope('type t = {@as("type") type_: string}', 'as', 'entity.other.attribute-name');
  });

  it('extension points', () => {
    expectScope('let x = %raw(`1 + 1`)', '%', 'keyword.other.extension');
    expectScope('let x = %raw(`1 + 1`)', 'raw', 'keyword.other.extension');
    expectScope('let x = %raw(`1 + 1`)', '1 + 1', 'string.template');
    expectScope('%%raw("import x from \'y\'")', '%%', 'keyword.other.extension');
    expectScope('let r = %re("/a+/g")', 're', 'keyword.other.extension');
  });
});

describe('operators and labels', () => {
  it.each([
    ['x->f', '->', 'keyword.operator.pipe'],
    ['x |> f', '|>', 'keyword.operator.pipe'],
    ['x => x', '=>', 'keyword.operator.arrow'],
    ['"a" ++ "b"', '++', 'keyword.operator.concatenation'],
    ['1. +. 2.', '+.', 'keyword.operator.arithmetic'],
    ['1. *. 2.', '*.', 'keyword.operator.arithmetic'],
    ['a == b', '==', 'keyword.operator.comparison'],
    ['a === b', '===', 'keyword.operator.comparison'],
    ['a !== b', '!==', 'keyword.operator.comparison'],
    ['a < b', '<', 'keyword.operator.comparison'],
    ['a <= b', '<=', 'keyword.operator.comparison'],
    ['r := 1', ':=', 'keyword.operator.assignment'],
    ['{...r, a: 1}', '...', 'keyword.operator.spread'],
    ['a && !b || c', '&&', 'keyword.operator.logical'],
    ['a && !b || c', '||', 'keyword.operator.logical'],
    ['a - b * c / d', '*', 'keyword.operator.arithmetic'],
    ['c ? a : b', '?', 'keyword.operator'],
  ])('%s: %s', (expr, op, scope) => {
    expectScope(`let v = ${expr}`, op, scope);
  });

  it('labeled arguments', () => {
    const code = 'let f = (~name, ~age=?, ()) => g(~name, ~age?)';
    expectScope(code, 'name', 'variable.parameter.labeled');
    expectScope(code, '~', 'punctuation.definition.parameter');
    expectScope(code, 'age', 'variable.parameter.labeled');
    expectScope(code, '?', 'keyword.operator.optional');
    expectScope(code, 'name', 'variable.parameter.labeled', 1);
  });
});

describe('function definitions and calls', () => {
  it.each([
    ['let add = (a, b) => a + b', 'add'],
    ['let inc = x => x + 1', 'inc'],
    ['let fetch = async (~url) => await get(url)', 'fetch'],
    ['let rec loop = (n): int => n == 0 ? 0 : loop(n - 1)', 'loop'],
    ['let make = (~onClick: ReactEvent.Mouse.t => unit, ()) => onClick', 'make'],
    ['let rec a = () => b()\nand b = () => a()', 'b'],
  ])('%s defines %s', (code, name) => {
    expectScope(code, name, 'entity.name.function');
  });

  it('a non-function binding is not a function name', () => {
    expectNotScope('let pair = (1, 2)', 'pair', 'entity.name.function');
  });

  it('calls', () => {
    expectScope('Js.log(x)', 'log', 'entity.name.function');
    expectScope('let y = compute(1)', 'compute', 'entity.name.function');
  });
});

describe('JSX', () => {
  it('tags, attributes and children', () => {
    const code =
      'let el = <div className="box" onClick={_ => setOpen(o => !o)} disabled key=id>\n' +
      '  {React.string("hi")}\n' +
      '  <Comp.Sub value=42 ?optional />\n' +
      '</div>';
    expectScope(code, '<', 'punctuation.definition.tag.begin');
    expectScope(code, 'div', 'entity.name.tag');
    expectScope(code, 'className', 'entity.other.attribute-name');
    expectScope(code, 'box', 'string.quoted.double');
    expectScope(code, 'onClick', 'entity.other.attribute-name');
    expectScope(code, 'setOpen', 'entity.name.function');
    expectScope(code, 'disabled', 'entity.other.attribute-name');
    expectScope(code, 'key', 'entity.other.attribute-name');
    expectNotScope(code, 'id', 'entity.other.attribute-name');
    expectScope(code, 'React', 'entity.name.namespace');
    expectScope(code, 'hi', 'string.quoted.double');
    expectScope(code, 'Comp', 'entity.name.tag');
    expectScope(code, 'Sub', 'entity.name.tag');
    expectScope(code, 'value', 'entity.other.attribute-name');
    expectScope(code, '42', 'constant.numeric');
    expectScope(code, 'optional', 'entity.other.attribute-name');
    expectScope(code, '/>', 'punctuation.definition.tag.end');
    expectScope(code, '</', 'punctuation.definition.tag.begin');
    expectScope(code, 'div', 'entity.name.tag', 1);
  });

  it('boolean and constructor attribute values', () => {
    const code = 'let x = <input readOnly=true disabled=false kind=Text.Plain value=v />';
    expectScope(code, 'true', 'constant.language.boolean');
    expectScope(code, 'false', 'constant.language.boolean');
    expectScope(code, 'Plain', 'variable.other.enummember');
    expectScope(code, 'v', 'variable.other.readwrite');
    expectScope(code, 'value', 'entity.other.attribute-name');
  });

  it('fragments and nested elements', () => {
    const code = 'let f = <>\n  <span> {x} </span>\n  <br />\n</>\nlet after = 1';
    expectScope(code, 'span', 'entity.name.tag');
    expectScope(code, 'br', 'entity.name.tag');
    expectScope(code, '</', 'punctuation.definition.tag.begin', 1);
    expectScope(code, 'let', 'storage.type', 1);
    expectNotScope(code, 'let', 'meta.jsx.children', 1);
  });

  it('a comparison or a type application is not a tag', () => {
    expectNotScope('let b = a < b && c > d', 'b', 'entity.name.tag', 1);
    expectNotScope('let f = (x: array<int>) => x', 'int', 'entity.name.tag');
    expectNotScope('let v = a<b', 'b', 'entity.name.tag');
  });
});

describe('themes', () => {
  function colorOf(code: string, text: string, theme: 'github-dark' | 'github-light', nth = 0): string {
    const { tokens } = js.codeToTokens(code, { lang: 'rescript', theme, includeExplanation: 'scopeName' });
    const hits = tokens.flat().filter((t) => (t.explanation ?? []).some((e) => e.content.trim() === text));
    const hit = hits[nth];
    if (!hit?.color) throw new Error(`no coloured token ${text}`);
    return hit.color.toLowerCase();
  }

  const code =
    '// note\n@module("m") external f: int => string = "f"\nlet x = Some(Js.Math.floor(1.5)) ++ "s"\nlet el = <div id="a" />';

  it.each(['github-dark', 'github-light'] as const)('%s colours the categories distinctly', (theme) => {
    const c = (t: string, nth = 0) => colorOf(code, t, theme, nth);
    const keyword = c('let');
    const string = c('s');
    const comment = c('note');
    const number = c('1.5');
    const ctor = c('Some');
    const mod = c('Js');
    const tag = c('div');
    const attr = c('id');
    const prim = c('int');
    expect(new Set([keyword, string, comment, number, tag]).size).toBe(5);
    expect(ctor).not.toBe(mod);
    expect(tag).not.toBe(attr);
    expect(prim).not.toBe(c('f', 1)); // a primitive type is not coloured like a function name
    expect(keyword).toBe(c('external'));
  });
});

// ---------------------------------------------------------------------------------------------
// Fixtures: every construct above as a separate snippet, plus a realistic program.

const FIXTURES: Record<string, string> = {
  bindings: 'let x = 1\nlet rec f = n => n == 0 ? 0 : f(n - 1)\nand g = () => f(1)',
  records: 'type person = {name: string, mutable age: int}\nlet p = {name: "A", age: 3}\np.age = p.age + 1',
  variants: 'type shape = Circle(float) | Rect({w: float, h: float})\nlet area = s =>\n  switch s {\n  | Circle(r) => r *. r\n  | Rect({w, h}) => w *. h\n  }',
  loops: 'for i in 0 to 3 {\n  Js.log(i)\n}\nfor i in 3 downto 0 {\n  ()\n}\nwhile false {\n  ()\n}',
  exceptions: 'exception Oops(string)\nlet x = try raise(Oops("a")) catch {\n| Oops(m) => m\n}',
  modules: 'module type Show = {\n  type t\n  let show: t => string\n}\nmodule IntShow: Show with type t = int = {\n  type t = int\n  let show = Int.toString\n}\nopen IntShow\ninclude Belt',
  externals: '@module("path") @variadic\nexternal join: array<string> => string = "join"\n@val external doc: {..} = "document"\n@send external push: (array<\'a>, \'a) => unit = "push"',
  async: 'let load = async (~url: string) => {\n  let res = await fetch(url)\n  await res->json\n}',
  lazy: 'let l = lazy(expensive())\nassert(Lazy.force(l) > 0)',
  constraint: "type box<'a> = {v: 'a} constraint 'a = int\ntype t = private string",
  templates: 'let a = `x ${y}`\nlet b = j`x $y`\nlet c = js`ü`\nlet d = gql`query { a }`',
  jsx: '@react.component\nlet make = (~items) =>\n  <ul className="list">\n    {items->Array.map(i => <li key=i> {React.string(i)} </li>)->React.array}\n  </ul>',
  raw: '%%raw(`import "x"`)\nlet add = %raw(`(a, b) => a + b`)',
  polyvariants: 'type color = [#red | #"light blue" | #1]\nlet c: color = #red',
};

const PROGRAM = `/**
 * A small todo app.
 */
@@warning("-27")

open RescriptCore

module Todo = {
  type status = Active | Completed
  type t = {
    id: int,
    title: string,
    mutable status: status,
    tags: array<string>,
  }

  let make = (~id, ~title, ~tags=[]) => {id, title, status: Active, tags}

  let toggle = todo =>
    switch todo.status {
    | Active => {...todo, status: Completed}
    | Completed => {...todo, status: Active}
    }
}

type filter = [#all | #active | #completed]

type action =
  | Add(string)
  | Toggle(int)
  | SetFilter(filter)

exception InvalidTitle(string)

@module("./storage.js") external save: array<Todo.t> => promise<unit> = "save"
@val external localStorage: {..} = "localStorage"

let validate = title => {
  let trimmed = title->String.trim
  if trimmed == "" {
    raise(InvalidTitle(title))
  } else if String.length(trimmed) > 80 {
    Error(\`Title too long: \${trimmed}\`)
  } else {
    Ok(trimmed)
  }
}

let rec sum = (xs: list<int>) =>
  switch xs {
  | list{} => 0
  | list{x, ...rest} => x + sum(rest)
  }

let count = (todos, filter: filter) =>
  todos
  ->Array.filter(todo =>
    switch (filter, todo.Todo.status) {
    | (#all, _) => true
    | (#active, Active) | (#completed, Completed) => true
    | _ => false
    }
  )
  ->Array.length

let nextId = ref(0)
let fresh = () => {
  nextId := nextId.contents + 1
  nextId.contents
}

let ratio = (a, b) => Int.toFloat(a) /. Int.toFloat(b) *. 100.0
let big = 9_007_199_254_740_993n
let mask = 0xFF land 0b1010
let quote = '"'
let label = j\`Done: $count\`

let persist = async todos => {
  try {
    await save(todos)
    Console.log("saved")
  } catch {
  | Exn.Error(e) => Console.error(e)
  }
}

@react.component
let make = (~initial: array<Todo.t>=[]) => {
  let (todos, setTodos) = React.useState(() => initial)
  let (filter, setFilter) = React.useState((): filter => #all)

  let onAdd = title =>
    switch validate(title) {
    | Ok(title) => setTodos(prev => prev->Array.concat([Todo.make(~id=fresh(), ~title)]))
    | Error(msg) => Console.warn(msg)
    | exception InvalidTitle(_) => ()
    }

  <div className="todo-app">
    <Header title="Todos" onAdd />
    <ul>
      {todos
      ->Array.map(todo => <li key={Int.toString(todo.id)}> {React.string(todo.title)} </li>)
      ->React.array}
    </ul>
    <Footer.Counter count={count(todos, filter)} onFilter={f => setFilter(_ => f)} />
    {for i in 0 to 2 {
      ignore(i)
    }
    React.null}
  </div>
}
`;

describe('fixtures', () => {
  it('the realistic program is about 100 lines', () => {
    expect(PROGRAM.split('\n').length).toBeGreaterThanOrEqual(100);
  });

  it.each(Object.entries({ ...FIXTURES, program: PROGRAM }))('%s highlights with no unscoped keyword', (_name, code) => {
    expect(() => pieces(code)).not.toThrow();
    expect(unscopedKeywords(code)).toEqual([]);
  });

  it('the realistic program keeps its structure to the end', () => {
    // Every region opened in the program is closed again: the last line is back at top level.
    const last = pieces(PROGRAM).filter((p) => p.line === PROGRAM.trimEnd().split('\n').length);
    expect(last.map((p) => [p.text, p.scopes])).toEqual([['}', ['punctuation.section.braces.end.rescript']]]);
    // Spot checks deep inside the program.
    expectScope(PROGRAM, 'Footer', 'entity.name.tag');
    expectScope(PROGRAM, 'onFilter', 'entity.other.attribute-name');
    expectScope(PROGRAM, 'InvalidTitle', 'variable.other.enummember', 2);
    expectScope(PROGRAM, 'make', 'entity.name.function', 1);
  });

  it('the JavaScript and Oniguruma engines tokenize identically', () => {
    for (const code of [PROGRAM, ...Object.values(FIXTURES)]) {
      expect(pieces(code, js)).toEqual(pieces(code, onig));
    }
  });
});
