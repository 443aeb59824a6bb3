import fs from 'node:fs';
import path from 'node:path';
import { toString } from 'hast-util-to-string';
import { describe, expect, it } from 'vitest';
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { clearHighlightCaches, getHighlighter as threadHighlighter, HIGHLIGHTED_LANGUAGES, highlightAll, highlightToHtml, loadGrammar, languagesIn, parseHighlightSpec, resolveLanguage, WARM_UP, warmUpJobs } from '../../src/render/highlight.ts';
import { CSS_VARIABLE_THEME } from '../../src/render/theme.ts';
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

describe('the highlight thread\'s warm-up', () => {
  it('loads the grammar of each language it warms up, and colours its code', async () => {
    const html = await highlightAll(WARM_UP);
    expect(new Set(WARM_UP.map((job) => job.lang))).toEqual(new Set(['rescript', 'javascript', 'shellscript', 'json', 'typescript']));
    expect((await threadHighlighter()).getLoadedLanguages()).toEqual(expect.arrayContaining(WARM_UP.map((job) => job.lang)));
    for (const h of html) expect(h).toContain('style="color:var(--hl-');
  });

  it('warms up the grammars it is asked for: a snippet where there is one, else the grammar loaded', async () => {
    expect(warmUpJobs(['typescript', 'css', 'text', 'typescript']).map((job) => [job.lang, job.code !== ''])).toEqual([
      ['typescript', true],
      ['css', false],
    ]);
    await highlightAll(warmUpJobs(['css']));
    expect((await threadHighlighter()).getLoadedLanguages()).toContain('css');
  });
});

describe('line cache', () => {
  /** shiki's own tokenizer and regex engine, with the same grammars and theme. */
  let stock: HighlighterCore | undefined;
  async function reference(lang: string, code: string): Promise<string[][]> {
    stock ??= await createHighlighterCore({
      themes: [CSS_VARIABLE_THEME],
      langs: (await Promise.all(HIGHLIGHTED_LANGUAGES.map(loadGrammar))).flat(),
      engine: createJavaScriptRegexEngine({ forgiving: true }),
    });
    return stock.codeToTokensBase(code, { lang, theme: 'docsgen' }).map((line) =>
      line.map((t) => `${t.content}|${t.color === 'var(--hl-fg)' ? '' : (t.color ?? '')}|${(t.fontStyle ?? 0) & 1}`),
    );
  }
  function ours(html: string): string[][] {
    return $$(parse(html), '.line').map((line) =>
      $$(line, 'span').filter((s) => s !== line).map((s) => {
        const style = String(s.properties['style'] ?? '');
        const color = /color:([^;]+)/.exec(style)?.[1] ?? '';
        return `${toString(s)}|${color === 'var(--hl-fg)' ? '' : color}|${style.includes('italic') ? 1 : 0}`;
      }),
    );
  }

  // Multi-line constructs, where a line's tokens depend on the lines before it.
  const blocks: [string, string][] = [
    ['javascript', 'const s = `a\n${b}\nc`;\n/* open\n}\n*/\n}\nlet x = 1; // }'],
    ['typescript', 'interface A {\n  x: string;\n}\nconst t = `\n}\n`;\n}'],
    ['rescript', 'let s = `\n}\n`\n/* a\n}\n*/\n}\nlet f = x => x + 1\n@react.component\nlet make = () => <div> {"x"->React.string} </div>'],
    ['json', '{\n  "a": "}",\n  "b": [\n    1\n  ]\n}'],
    ['shellscript', 'cat <<EOF\n}\nEOF\n}\necho "a\n}\n"'],
  ];

  it('gives exactly the tokens of shiki\'s own tokenizer and regex engine, whatever was highlighted before', async () => {
    const h = await getHighlighter();
    clearHighlightCaches();
    for (const [lang, code] of blocks) expect(ours(highlightToHtml(h, { lang, code }))).toEqual(await reference(lang, code));
    // Again in reverse order with warm line caches, and shuffled line sets that share lines.
    clearHighlightCaches();
    for (const [lang, code] of [...blocks].reverse()) {
      const shuffled = code.split('\n').reverse().join('\n');
      expect(ours(highlightToHtml(h, { lang, code: shuffled }))).toEqual(await reference(lang, shuffled));
      expect(ours(highlightToHtml(h, { lang, code }))).toEqual(await reference(lang, code));
    }
  });

  it('agrees with shiki on every example of the v12 manual and the React docs', async () => {
    const h = await getHighlighter();
    let checked = 0;
    for (const file of ['content/docs/manual/v12.0.0', 'content/docs/react/latest'].flatMap((d) => fs.readdirSync(d).map((f) => path.join(d, f)))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```/gm)) {
        const lang = resolveLanguage(m[1]);
        if (lang === 'text') continue;
        const code = m[2]!.replace(/\n$/, '');
        expect(ours(highlightToHtml(h, { lang, code }))).toEqual(await reference(lang, code));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });
});
