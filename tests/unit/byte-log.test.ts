import { describe, expect, it } from 'vitest';
import { ByteLog } from '../../src/util/byte-log.ts';

/** Strings of every kind of UTF-8 length, some longer than a chunk (1 MB). */
function samples(): string[] {
  const out: string[] = [];
  for (let i = 0; i < 3000; i++) out.push(`${i} ${'é→😀x'.repeat(i % 97)} ${'a'.repeat((i * 37) % 900)}`);
  out.push('z'.repeat(1.5 * (1 << 20)), '', 'ü'.repeat(700_000), 'end');
  return out;
}

describe('ByteLog', () => {
  for (const inFile of [true, false]) {
    it(`gives back every string as appended (${inFile ? 'in a file' : 'in memory'})`, () => {
      const log = new ByteLog(inFile);
      const texts = samples();
      const places = texts.map((t) => log.append(t));
      // Read in another order than written: chunks in the file, kept ones and the current one.
      for (const i of [...texts.keys()].reverse()) expect(log.read(places[i]!)).toBe(texts[i]);
      expect(log.read(log.append('after reading'))).toBe('after reading');
    });
  }
});
