// The syntax lookup's fuzzy matcher (src/components/syntax/fuzzy.ts), which runs in the browser.
import { describe, expect, it } from 'vitest';
import { editDistance, normalize, rankEntries, scoreEntry, scoreText, SCORE_EXACT } from '../../src/components/syntax/fuzzy.ts';

const entries = [
  { name: '@as', keywords: ['as', 'rename', 'field name'] },
  { name: 'as (pattern alias)', keywords: ['alias', 'pattern alias'] },
  { name: 'switch', keywords: ['match', 'pattern matching'] },
  { name: '@react.component', keywords: ['component', 'jsx'] },
  { name: '-> (pipe)', keywords: ['pipe', '->', 'chain'] },
  { name: '|> (pipe last)', keywords: ['|>', 'pipe last'] },
  { name: 'Some(x) / None (option)', keywords: ['option', 'null'] },
  { name: 'let', keywords: ['binding', 'variable'] },
  { name: 'get', keywords: ['property'] },
];
const names = (query: string) => rankEntries(query, entries).map((r) => r.entry.name);

describe('scoreText', () => {
  it('orders kinds of match: exact, prefix, substring, typo, subsequence, none', () => {
    const exact = scoreText('switch', 'switch');
    const prefix = scoreText('swi', 'switch');
    const substring = scoreText('itch', 'switch');
    const typo = scoreText('swithc', 'switch');
    const subsequence = scoreText('swh', 'switch');
    expect(exact).toBe(SCORE_EXACT);
    expect(exact).toBeGreaterThan(prefix);
    expect(prefix).toBeGreaterThan(substring);
    expect(substring).toBeGreaterThan(typo);
    expect(typo).toBeGreaterThan(subsequence);
    expect(subsequence).toBeGreaterThan(0);
    expect(scoreText('xyz', 'switch')).toBe(0);
  });

  it('tolerates one typo in short words and two in long ones, not more', () => {
    expect(scoreText('swich', 'switch')).toBeGreaterThan(0); // a missing letter
    expect(scoreText('excepton', 'exception')).toBeGreaterThan(0);
    expect(scoreText('fucntion', 'function')).toBeGreaterThan(0); // swapped neighbours
    expect(scoreText('deprectaed', 'deprecated')).toBeGreaterThan(0); // two edits, long word
    expect(scoreText('qwxtch', 'switch')).toBe(0); // two edits in a short word
  });

  it('does not match typos of three-letter words, nor scattered symbols', () => {
    expect(scoreText('let', 'get')).toBe(0);
    expect(scoreText('...', '+. -. *. /.')).toBe(0);
    expect(scoreText('...', '{...record}')).toBeGreaterThan(0);
  });

  it('finds abbreviations, preferring ones that start a word', () => {
    expect(scoreText('rct', '@react.component')).toBeGreaterThan(scoreText('rct', 'destructuring'));
    expect(scoreText('rct', 'r-a-n-d-o-m-c-t')).toBe(0); // too scattered
  });
});

describe('scoreEntry and rankEntries', () => {
  it('matches by name and by keyword, symbols included', () => {
    expect(names('->')).toEqual(['-> (pipe)']);
    expect(names('|>')).toEqual(['|> (pipe last)']);
    expect(names('null')).toEqual(['Some(x) / None (option)']);
  });

  it('puts the best matches first', () => {
    expect(names('pipe')).toEqual(['-> (pipe)', '|> (pipe last)']);
    expect(names('as').slice(0, 2)).toEqual(['@as', 'as (pattern alias)']);
    expect(names('swithc')[0]).toBe('switch');
    expect(names('rct')[0]).toBe('@react.component');
  });

  it('needs every word of a query to match, in any field', () => {
    expect(names('pipe last')).toEqual(['|> (pipe last)']);
    expect(names('pattern matching')).toEqual(['switch']);
    expect(names('pipe zebra')).toEqual([]);
  });

  it('ignores case and surrounding whitespace; an empty query matches nothing', () => {
    expect(normalize('  Pipe   LAST ')).toBe('pipe last');
    expect(scoreEntry('  SWITCH ', entries[2]!)).toBe(SCORE_EXACT);
    expect(names('   ')).toEqual([]);
  });

  it('treats the query as text: pattern characters have no special meaning', () => {
    expect(names('.*')).toEqual([]);
    expect(names('(x)')).toEqual(['Some(x) / None (option)']);
    expect(() => names('[(\\')).not.toThrow();
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps, up to a limit', () => {
    expect(editDistance('switch', 'switch', 2)).toBe(0);
    expect(editDistance('swtch', 'switch', 2)).toBe(1);
    expect(editDistance('swithc', 'switch', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2); // gave up past the limit
  });
});
