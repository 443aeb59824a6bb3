import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCompilerOutput } from '../../src/serve/compile-endpoint.ts';
import { repo } from '../helpers/cli.ts';

const sample = (name: string) => readFileSync(path.join(repo, 'tests', 'fixtures', 'compiler-output', name), 'utf8');

describe('parsing bsc error output', () => {
  it('reads a type error with its range and message, without the code frame', () => {
    // let x = 1
    // let y: string = x + 1
    const [p, ...rest] = parseCompilerOutput(sample('type-error.txt'));
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ line: 2, col: 17, endLine: 2, endCol: 21, kind: 'Type error', severity: 'error' });
    expect(p!.message).toBe(
      "This has type: int\nBut it's expected to have type: string\n\nYou can convert int to string with Int.toString.",
    );
  });

  it('drops colour codes (bsc colours its output unless told not to)', () => {
    const [p] = parseCompilerOutput(sample('type-error-color.txt'));
    expect(p).toMatchObject({ line: 2, col: 17, endLine: 2, endCol: 21 });
    expect(p!.message).not.toMatch(/\u001b/);
    expect(p!.message.startsWith('This has type: int')).toBe(true);
  });

  it('reads every syntax error, ranges across lines included', () => {
    // let x = 1 / let f = (a => / let z = 3 / let = / type t = {a: int
    const problems = parseCompilerOutput(sample('syntax-errors.txt'));
    expect(problems.map((p) => [p.line, p.col, p.endLine, p.endCol, p.kind])).toEqual([
      [2, 14, 3, 3, 'Syntax error'],
      [4, 5, 4, 5, 'Syntax error'],
      [5, 17, 6, 0, 'Syntax error'],
    ]);
    expect(problems[0]!.message).toBe('I\'m not sure what to parse here when looking at "let".');
    expect(problems[1]!.message).toMatch(/^I was expecting a name for this let-binding/);
    expect(problems[2]!.message).toBe('Did you forget a `}` here?');
  });

  it('reads warnings as warnings, with their number and the advice that follows', () => {
    const problems = parseCompilerOutput(sample('warnings.txt'));
    expect(problems.map((p) => [p.line, p.col, p.endCol, p.kind, p.severity])).toEqual([
      [5, 14, 40, 'Warning 8', 'warning'],
      [2, 7, 12, 'Warning 26', 'warning'],
    ]);
    expect(problems[0]!.message).toBe('You forgot to handle a possible case here, for example:\n| Some(0) | None');
    expect(problems[1]!.message).toMatch(/^unused variable unused\.\n\nFix this by:\n- Deleting/);
  });

  it('keeps a message that follows its frame with a list', () => {
    const [p] = parseCompilerOutput(sample('unbound-module.txt'));
    expect(p).toMatchObject({ line: 1, col: 9, endCol: 15, severity: 'error' });
    expect(p!.message).toMatch(/^The module or file Foo can't be found\.\n- If it's a third-party dependency:/);
  });

  it('counts columns as JavaScript strings do (an emoji is two)', () => {
    // let c = "😀" ++ 2   — `2` is at index 16 of the JS string
    const [p] = parseCompilerOutput(sample('astral-column.txt'));
    expect(p!.col).toBe('let c = "😀" ++ 2'.indexOf('2') + 1);
  });

  it('leaves out the code frame when bsc wraps long source lines in it', () => {
    // let someLongFunctionName = (firstArgument, secondArgument) => firstArgument ++ secondArgument ++ "a long format"
    // let x: int = someLongFunctionName("first argument value", "second argument value that is long") ++ "more text here"
    const [p, ...rest] = parseCompilerOutput(sample('long-line-type-error.txt'));
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ line: 2, col: 14, endLine: 2, endCol: 115, kind: 'Type error', severity: 'error' });
    expect(p!.message).toBe("This has type: string\nBut it's expected to have type: int\n\nYou can convert string to int with Int.fromString.");
  });

  it('reads several syntax errors on wrapped lines, each with its own message only', () => {
    // let greeting = (firstName, lastName) => "Hello, " ++ firstName ++ " " ++ lastName ++ ", nice to meet you" ++
    // let farewell = (firstName, lastName) => "Goodbye, " ++ firstName ++ " " ++ lastName ++ ", see you again" ++ ;
    // let = 3
    const problems = parseCompilerOutput(sample('long-line-syntax-errors.txt'));
    expect(problems.map((p) => [p.line, p.col, p.endLine, p.endCol, p.kind])).toEqual([
      [1, 109, 2, 3, 'Syntax error'],
      [2, 108, 2, 109, 'Syntax error'],
      [3, 5, 3, 5, 'Syntax error'],
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      'Did you forget to write an expression here?',
      'Did you forget to write an expression here?',
      'I was expecting a name for this let-binding. Example: `let message = "hello"`',
    ]);
  });

  it('reads warnings on wrapped lines, a message line that starts with `|` kept', () => {
    // let describe = (name, count) => {
    //   let unusedButWithAVeryLongNameSoThatTheLineIsWrappedByTheCompiler = name ++ " has been counted this many times"
    //   let alsoUnused = count + 1
    //   name
    // }
    // let render = (~title, ~subtitle) => title ++ " - " ++ subtitle ++ " and a long tail of text that goes on"
    // let result = switch Some(render(~title="The Title", ~subtitle="The Subtitle of the thing, which is long")) { | Some("") => 0 }
    const problems = parseCompilerOutput(sample('long-line-warnings.txt'));
    expect(problems.map((p) => [p.line, p.col, p.endCol, p.kind, p.severity])).toEqual([
      [7, 14, 126, 'Warning 8', 'warning'],
      [2, 7, 67, 'Warning 26', 'warning'],
      [3, 7, 16, 'Warning 26', 'warning'],
    ]);
    expect(problems[0]!.message).toBe('You forgot to handle a possible case here, for example:\n| Some("*") | None');
    expect(problems[1]!.message).toMatch(/^unused variable unusedButWithAVeryLongNameSoThatTheLineIsWrappedByTheCompiler\.\n\nFix this by:\n- Deleting/);
    expect(problems[2]!.message).toMatch(/^unused variable alsoUnused\./);
  });

  it('skips the frame\'s elided lines (`. │ ...`) and the dotted rule bsc draws beside a range (`┆`)', () => {
    // elided-frame.txt: the first example of the React docs' arrays-and-keys page (a 6-line <ol>);
    // dotted-frame.txt: the first of events (`React.useState` inside a module, without @rescript/react)
    const [elided] = parseCompilerOutput(sample('elided-frame.txt'));
    expect(elided).toMatchObject({ line: 4, col: 3, endLine: 9, endCol: 7 });
    expect(elided!.message).toMatch(/^Cannot compile JSX expression because JSX support is not enabled\./);
    const [dotted] = parseCompilerOutput(sample('dotted-frame.txt'));
    expect(dotted).toMatchObject({ line: 4, col: 29, endLine: 4, endCol: 42 });
    expect(dotted!.message).toMatch(/^The module or file React can't be found\.\n- If it's a third-party dependency:/);
  });

  it('reads a problem bsc places in the file but at no line (a JSX fragment) as its message at 1:1', () => {
    // let definition =
    //   <>
    //     <dt> {React.string("ReScript")} </dt> …
    //   </>
    expect(parseCompilerOutput(sample('no-position.txt'))).toEqual([
      {
        line: 1,
        col: 1,
        endLine: 1,
        endCol: 1,
        message: 'Cannot compile JSX expression because JSX support is not enabled. Add "jsx" settings to rescript.json to enable JSX support.',
        kind: 'Type error',
        severity: 'error',
      },
    ]);
  });

  it('never puts a line of the code frame into a message', () => {
    for (const name of readdirSync(path.join(repo, 'tests', 'fixtures', 'compiler-output')).filter((f) => f.endsWith('.txt'))) {
      for (const p of parseCompilerOutput(sample(name))) {
        expect(p.message, name).not.toMatch(/[│┆]|src\/Playground\.res|We've found a bug|Syntax error!|Warning number/);
      }
    }
  });

  it('turns output with no place into one error at 1:1, and no output into none', () => {
    expect(parseCompilerOutput('Fatal error: exception Failure("boom")\n')).toEqual([
      { line: 1, col: 1, endLine: 1, endCol: 1, message: 'Fatal error: exception Failure("boom")', kind: 'Error', severity: 'error' },
    ]);
    expect(parseCompilerOutput('')).toEqual([]);
  });
});
