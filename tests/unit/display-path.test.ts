import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath } from '../../src/pipeline/config.ts';
import { sha1 } from '../../src/util/text.ts';
import { createHash } from 'node:crypto';

describe('displayPath', () => {
  const root = path.resolve('/work/site');
  it('shows a file under the root as the path the user types, with / separators', () => {
    expect(displayPath({ root }, path.join(root, 'content', 'docs', 'a.mdx'))).toBe('content/docs/a.mdx');
  });
  it('agrees with path.relative for every other path: outside the root, a sibling with the root as prefix, dot segments', () => {
    for (const p of ['/elsewhere/x.mdx', `${root}-2/x.mdx`, `${root}/../site/x.mdx`, root]) {
      const rel = path.relative(root, p);
      expect(displayPath({ root }, p)).toBe((rel.startsWith('..') ? p : rel).split(path.sep).join('/'));
    }
  });
});

describe('sha1', () => {
  it('is the hex SHA-1 of a string (as UTF-8) or of bytes', () => {
    for (const v of ['', 'café →', Buffer.from([0, 255, 7])]) expect(sha1(v)).toBe(createHash('sha1').update(v).digest('hex'));
  });
});
