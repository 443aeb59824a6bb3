import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { compilePage } from '../../src/render/compile.ts';
import { predictedHighlights } from '../../src/render/fences.ts';
import { blockKey } from '../../src/render/block-key.ts';
import type { HighlightOptions } from '../../src/render/highlight.ts';
import { baseContext } from '../helpers/compile.ts';

/** The jobs the compile of `raw` really sends to the highlighter. */
function askedFor(file: string, raw: string): HighlightOptions[] {
  const asked: HighlightOptions[] = [];
  const frontMatterLines = raw.startsWith('---\n') ? raw.slice(0, raw.indexOf('\n---', 3) + 4).split('\n').length : 0;
  compilePage(
    { id: path.basename(file), displayPath: file, raw, route: null, frontMatterLines, title: undefined, ...(file.endsWith('.md') ? { format: 'md' as const } : {}) },
    baseContext,
    (job) => (asked.push(job), ''),
  );
  return asked;
}

describe('likely code blocks', () => {
  it('are the blocks the compile asks to highlight, on the repo\'s content and the fixtures', () => {
    const files = [...fg.sync('content/**/*.{md,mdx}', { absolute: true }), ...fg.sync('tests/fixtures/**/content/**/*.{md,mdx}', { absolute: true })];
    let asked = 0;
    let predicted = 0;
    let hits = 0;
    for (const file of files) {
      const raw = fs.readFileSync(file, 'utf8');
      const real = new Set(askedFor(file, raw).map(blockKey));
      const guesses = predictedHighlights(raw).map(blockKey);
      asked += real.size;
      predicted += guesses.length;
      hits += guesses.filter((k) => real.has(k)).length;
    }
    expect(asked).toBeGreaterThan(3000);
    // Nearly every guess is asked for (a wrong one costs the highlight thread a block), and nearly
    // every block asked for was guessed (those in lists, quotes or with marked lines are not).
    expect(hits / predicted).toBeGreaterThan(0.97);
    expect(hits / asked).toBeGreaterThan(0.85);
  });

  it('read fences as CommonMark does: indentation, tildes, longer closing fences, info strings', () => {
    const raw = [
      '```res example',
      'let x = 1',
      '```',
      '',
      '  ~~~js',
      '  const a = 1;',
      '    indented();',
      '  ~~~~',
      '',
      '````ts title="a.ts"',
      '```',
      'inner fence is content',
      '````',
      '',
      '```res {1,2}',
      'let marked = true',
      '```',
      '',
      '```res prelude',
      'let hidden = 1',
      '```',
      '',
      '```unknown-language',
      'text',
      '```',
      '',
      '```sh',
      '```',
    ].join('\n');
    expect(predictedHighlights(raw)).toEqual([
      { lang: 'rescript', code: 'let x = 1' },
      { lang: 'javascript', code: 'const a = 1;\n  indented();' },
      { lang: 'typescript', code: '```\ninner fence is content' },
      { lang: 'shellscript', code: '' },
    ]);
  });
});
