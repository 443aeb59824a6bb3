import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
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

  it('turns output with no place into one error at 1:1, and no output into none', () => {
    expect(parseCompilerOutput('Fatal error: exception Failure("boom")\n')).toEqual([
      { line: 1, col: 1, endLine: 1, endCol: 1, message: 'Fatal error: exception Failure("boom")', kind: 'Error', severity: 'error' },
    ]);
    expect(parseCompilerOutput('')).toEqual([]);
  });
});
