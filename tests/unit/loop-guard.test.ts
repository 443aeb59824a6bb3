import { describe, expect, it } from 'vitest';
import { parser } from '@lezer/javascript';
import { guardLoops, LOOP_GUARD_GLOBAL, loopGuard } from '../../src/components/playground/loop-guard.ts';

/** Runs a script's guarded form with a guard of `limitMs`, returning what it returns. */
function runGuarded(script: string, limitMs = 1000): unknown {
  return new Function(LOOP_GUARD_GLOBAL, guardLoops(script, parser))(loopGuard(limitMs));
}

describe('playground loop guards', () => {
  it('stops a loop that never ends, with an error that says so', () => {
    const started = performance.now();
    expect(() => runGuarded('let n = 0; while (true) { n++ }', 30)).toThrow(new RangeError('A loop ran for more than 0.03 s and was stopped (does it ever end?)'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(() => runGuarded('for (;;);', 30)).toThrow(RangeError);
    expect(() => runGuarded('do x = 1; while (true)', 30)).toThrow(RangeError);
  });

  it('stops each run of a loop on its own clock: a loop entered many times is not stopped by their sum', () => {
    // 200 short runs of one loop (a function called 200 times) take longer than the limit together, none alone.
    const script = 'let total = 0; const spin = () => { const end = performance.now() + 0.5; while (performance.now() < end) total++; }; Array.from({length: 200}, spin); return total > 0;';
    expect(runGuarded(script, 50)).toBe(true);
  });

  it('stops a loop stopped once at its first iteration when it starts again in the same task (React renders a failing component six times), and gives it its time again in the next', async () => {
    const guard = loopGuard(30);
    const module = 'return [() => { while (true) {} }, () => { let n = 0; while (true) { n++ } }]';
    const [spin, other] = new Function(LOOP_GUARD_GLOBAL, guardLoops(module, parser))(guard) as (() => void)[];
    let started = performance.now();
    expect(spin).toThrow(RangeError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(30);
    started = performance.now();
    for (let i = 0; i < 5; i++) expect(spin).toThrow(RangeError);
    expect(performance.now() - started).toBeLessThan(30);
    // Another loop of the same module is not affected.
    started = performance.now();
    expect(other).toThrow(RangeError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(30);
    await new Promise((resolve) => setTimeout(resolve, 0));
    started = performance.now();
    expect(spin).toThrow(RangeError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(30);
  });

  it('leaves what loops compute unchanged: labels, continue and break, bodies without braces, nesting, adjacent loops', () => {
    const scripts = [
      'let n = 0; outer: for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) { if (j === 2) continue outer; n += i * 10 + j } return n;',
      'let n = 0; a: b: while (true) { n++; if (n > 5) break a; } return n;',
      'let s = ""; for (const k in {x: 1, y: 2}) if (k) s += k; for (const v of [3, 4]) s += v; return s;',
      'let i = 0, j = 0; while(i<3)i++;while(j<2)j++;return i*10+j',
      'let i = 0; do i += 2; while (i < 7)\nreturn i',
      'let n = 0; if (n === 0) for (let i = 0; i < 3; i++) n += i; else n = -1; return n;',
      'let n = 0; switch (n) { case 0: while (n < 3) n++; break; default: n = -1 } return n;',
    ];
    for (const script of scripts) expect(runGuarded(script), script).toEqual(new Function(script)());
  });

  it('adds no line (a stack trace keeps its places) and leaves code without loops, or code it cannot parse, as it is', () => {
    const compiled = [
      'import * as Stdlib_Array from "@rescript/runtime/lib/es6/Stdlib_Array.js";',
      '',
      'function loop(_n) {',
      '  while (true) {',
      '    let n = _n;',
      '    _n = n + 1 | 0;',
      '    continue;',
      '  };',
      '}',
      '',
      'export {',
      '  loop,',
      '}',
    ].join('\n');
    const guarded = guardLoops(compiled, parser);
    expect(guarded).not.toBe(compiled);
    expect(guarded.split('\n')).toHaveLength(compiled.split('\n').length);
    expect(guarded.split('\n')[3]).toBe(`  {const __dgLoop0=${LOOP_GUARD_GLOBAL}(0);while (true) {__dgLoop0();`);
    let clean = true;
    parser.parse(guarded).iterate({ enter: (n) => void (n.type.isError && (clean = false)) });
    expect(clean).toBe(true);
    for (const unchanged of ['let x = 1;\nexport { x }', 'let x = (', 'while (']) expect(guardLoops(unchanged, parser)).toBe(unchanged);
  });
});
