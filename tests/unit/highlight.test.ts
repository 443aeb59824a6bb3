import { describe, expect, it } from 'vitest';
import { highlightToHtml, languagesIn, parseHighlightSpec, resolveLanguage } from '../../src/render/highlight.ts';
import { highlighter as getHighlighter } from '../helpers/compile.ts';
import { $$, parse, text } from '../helpers/html.ts';

describe('line-highlight specs (SPEC §5)', () => {
  it('accepts numbers and ranges written with -, .. and ...', () => {
    expect([...parseHighlightSpec('1,3-5')!]).toEqual([1, 3, 4, 5]);
    expect([...parseHighlightSpec('1..3')!]).toEqual([1, 2, 3]);
    expect([...parseHighlightSpec('2...4, 7')!]).toEqual([2, 3, 4, 7]);
  });

  it('rejects malformed specs', () => {
    expect(parseHighlightSpec('a-b')).toBeNull();
    expect(parseHighlightSpec('5-2')).toBeNull();
  });
});

describe('languages', () => {
  it('maps every documented alias', () => {
    expect(['res', 'rescript', 'resi'].map(resolveLanguage)).toEqual(['rescript', 'rescript', 'rescript']);
    expect(['js', 'javascript', 'ts', 'typescript', 'TS', 'sh', 'bash'].map(resolveLanguage)).toEqual([
      'javascript',
      'javascript',
      'typescript',
      'typescript',
      'typescript',
      'shellscript',
      'shellscript',
    ]);
    expect(['ml', 'ocaml', 'mli'].map(resolveLanguage)).toEqual(['ocaml', 'ocaml', 'ocaml']);
  });

  it('finds the fence languages a page uses, so only those grammars load', () => {
    expect([...languagesIn('```res example\nx\n```\n\n  ~~~ts {1}\n~~~\n> ```sh\n')].sort()).toEqual(['rescript', 'shellscript', 'typescript']);
  });

  it('falls back to plain text for unknown languages (SPEC §8)', async () => {
    const html = highlightToHtml(await getHighlighter(), { lang: resolveLanguage('brainfuck'), code: '+[-->-]' });
    const tree = parse(html);
    expect(text(tree)).toBe('+[-->-]');
    expect($$(tree, 'span[style]')).toHaveLength(0);
  });

  it('colours ReScript keywords and strings through theme variables (light and dark in CSS)', async () => {
    const html = highlightToHtml(await getHighlighter(), { lang: 'rescript', code: 'let greeting = "hello"' });
    const styled = $$(parse(html), 'span[style]').map((s) => [text(s), String(s.properties['style'])]);
    expect(styled.find(([t]) => t === 'let')?.[1]).toBe('color:var(--hl-keyword)');
    expect(styled.find(([t]) => t?.includes('hello'))?.[1]).toBe('color:var(--hl-string)');
  });

  it('marks highlighted lines', async () => {
    const html = highlightToHtml(await getHighlighter(), { lang: 'javascript', code: 'a\nb\nc', highlight: new Set([2, 3]) });
    const lines = $$(parse(html), '.line');
    expect(lines.map((l) => String(l.properties['className']))).toEqual(['line', 'line,highlighted', 'line,highlighted']);
  });
});
