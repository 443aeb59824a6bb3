// Inline code keeps its short hyphenated words on one line: a hyphen in code is an operator or part
// of a name, and a line break after it (`value-` | `>f`) misreads as two tokens.
import { describe, expect, it } from 'vitest';
import { inlineCodeRuns } from '../../src/render/compile/inline-code.ts';
import { compile } from '../helpers/compile.ts';

describe('inline code line breaks', () => {
  it('keeps each short word with a hyphen whole, and leaves the rest of the code breakable', () => {
    expect(inlineCodeRuns('value->f(a, b)')).toEqual([{ kept: 'value->f(a, b)' }]); // short: whole
    expect(inlineCodeRuns('npm install')).toEqual([{ kept: 'npm install' }]);
    expect(inlineCodeRuns('value->Array.map(x => x + 1)')).toEqual([{ kept: 'value->Array.map(x' }, ' => x + 1)']);
    expect(inlineCodeRuns('npx rescript-tools doc src/Api.res')).toEqual(['npx ', { kept: 'rescript-tools' }, ' doc src/Api.res']);
    expect(inlineCodeRuns('->')).toEqual([{ kept: '->' }]);
  });

  it('leaves long code without hyphenated words, code with no break, and overlong words as they are', () => {
    expect(inlineCodeRuns('Array.map')).toEqual(['Array.map']);
    expect(inlineCodeRuns('+ - * / plus and minus signs')).toEqual(['+ - * / plus and minus signs']);
    expect(inlineCodeRuns('Array.map')).toEqual(['Array.map']); // nothing to break at
    expect(inlineCodeRuns('')).toEqual(['']);
    const long = 'a-very-long-hyphenated-identifier-that-must-wrap';
    expect(inlineCodeRuns(`x ${long}`)).toEqual([`x ${long}`]);
  });

  it('writes kept words as nowrap spans in paragraphs, headings and footnoted pages alike', async () => {
    const fast = await compile('## `->` first\n\nUse `value->f` here.\n');
    expect(fast.html).toContain('<code><span class="nobr">-></span></code> first');
    expect(fast.html).toContain('<code><span class="nobr">value->f</span></code>');
    // A footnote sends the page down the general (hast) path, which must give the same spans.
    const general = await compile('Use `value->f` here.[^1]\n\n[^1]: A note.\n');
    expect(general.html).toContain('<code><span class="nobr">value->f</span></code>');
  });
});
