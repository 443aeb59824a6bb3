import { describe, expect, it } from 'vitest';
import { Parser } from 'acorn';
import { evaluateStatic, NotStatic, programExpression } from '../../src/render/static-eval.ts';

const evalJs = (code: string) => evaluateStatic(programExpression(Parser.parse(`(${code})`, { ecmaVersion: 2022, locations: true })) as never);

describe('static attribute evaluation', () => {
  it('evaluates literals, arrays, objects and plain template literals', () => {
    expect(evalJs('["ReScript", "JS Output"]')).toEqual(['ReScript', 'JS Output']);
    expect(evalJs('{ a: 1, "b-c": [true, null], d: -2 }')).toEqual({ a: 1, 'b-c': [true, null], d: -2 });
    expect(evalJs('`no substitutions`')).toBe('no substitutions');
    expect(evalJs('false')).toBe(false);
  });

  it.each(['foo', 'f()', '`a ${b}`', 'a + 1', '{ ...x }', '{ [k]: 1 }', '() => 1', '/re/', 'new Date()'])(
    'refuses %s, which would need running code',
    (code) => {
      expect(() => evalJs(code)).toThrow(NotStatic);
    },
  );

  it('treats a comment-only expression as empty', () => {
    expect(programExpression(Parser.parse('/* c */', { ecmaVersion: 2022 }))).toBeNull();
  });
});
