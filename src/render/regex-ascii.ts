/**
 * ASCII twins of grammar regexes: the same regex with each Unicode property escape (`\p{Alpha}`,
 * `\P{space}`, `\p{sc=Greek}`…) replaced by a class of exactly the ASCII characters it matches.
 *
 * oniguruma-to-es writes Oniguruma's POSIX classes and `\s`/`\d`-like escapes as property escapes,
 * so the JS/TS grammars' biggest regexes hold dozens of them. V8 compiles each one into a large
 * range table: `[\$_\p{Alpha}][\$_\p{Alpha}\p{Nd}]*` takes ~10× as long to compile as
 * `[\$_A-Za-z][\$_A-Za-z0-9]*`, and compiling the grammars' regexes was a third of a cold build's
 * highlighting (peers corpus, 200 pages: 229 regexes, ~115 ms).
 *
 * On a string of ASCII characters only (nearly every line of code), the twin gives exactly the
 * regex's answers: a match, lookahead or lookbehind only ever tests the string's own characters,
 * and for each of them the twin's class and the property agree, whatever the flags (under `i`, a
 * set of ASCII characters taken with the flag is closed under the flag's case folding, so the
 * class folds to itself). The tokenizer runs a line's twins when the line is ASCII, the regexes
 * themselves otherwise.
 */

/** ASCII character class contents (`\x..` ranges) matching what `escape` matches, by escape and flags. */
const asciiSets = new Map<string, string>();

function asciiSet(escape: string, flags: string): string {
  const key = `${flags}\u0000${escape}`;
  let set = asciiSets.get(key);
  if (set === undefined) {
    const re = new RegExp(`^${escape}$`, flags.replace(/[gyd]/g, ''));
    set = '';
    for (let c = 0; c < 128; c++) {
      if (!re.test(String.fromCharCode(c))) continue;
      let end = c;
      while (end + 1 < 128 && re.test(String.fromCharCode(end + 1))) end++;
      set += end === c ? hex(c) : `${hex(c)}-${hex(end)}`;
      c = end;
    }
    asciiSets.set(key, set);
  }
  return set;
}

const hex = (c: number): string => `\\x${c.toString(16).padStart(2, '0')}`;

/**
 * The ASCII twin of a regex, or undefined when it would be the regex itself or cannot be made here
 * (then the regex serves every line).
 *
 * Besides its property escapes, the twin drops the `u`/`v` flag where that changes nothing on
 * ASCII strings, which halves what is left of compiling it (V8 compiles a Unicode regex's classes
 * for surrogate pairs too). That holds when the pattern reads the same without the flag: no
 * `\u{…}` escape, none of the `v` flag's set syntax (a class in a class, `--`, `&&`, `\q{…}`), and
 * no `i` flag (Unicode case folding makes `ſ` match `s`, the legacy one does not). Every other
 * difference between the modes is in syntax a Unicode regex rejects, or in how surrogate pairs are
 * read, and an ASCII string has none.
 */
export function asciiTwin(source: string, flags: string): RegExp | undefined {
  const unicodeSets = flags.includes('v');
  if (!unicodeSets && !flags.includes('u')) return undefined; // no property escapes without u or v
  // Most grammar regexes can lose the flag: tried first, with an escape's ranges inlined in a class.
  const inline = replaceProperties(source, flags, false);
  if (!inline) return undefined;
  if (!inline.unicodeOnly && !flags.includes('i')) {
    const legacy = regExpOrUndefined(inline.source, flags.replace(/[uv]/g, ''));
    if (legacy) return legacy;
  }
  const twin = unicodeSets ? replaceProperties(source, flags, true) : inline;
  return twin && twin.source !== source ? regExpOrUndefined(twin.source, flags) : undefined;
}

/**
 * The source with each property escape replaced by its ASCII set: a class of it, or in a class
 * the ranges themselves, unless `nest` (a `v` class takes a nested class as one operand, as the
 * escape was, for `--` and `&&`). `unicodeOnly`: the source uses syntax only a Unicode regex
 * reads as written.
 */
function replaceProperties(source: string, flags: string, nest: boolean): { source: string; unicodeOnly: boolean } | undefined {
  const unicodeSets = flags.includes('v');
  let out = '';
  let unicodeOnly = false;
  let depth = 0; // class nesting (only `v` nests)
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1];
      if ((next === 'p' || next === 'P') && source[i + 2] === '{') {
        const close = source.indexOf('}', i + 3);
        if (close === -1) return undefined;
        let set: string;
        try {
          set = asciiSet(source.slice(i, close + 1), flags);
        } catch {
          return undefined;
        }
        out += source.slice(from, i) + (depth > 0 && !nest ? set : `[${set}]`);
        from = close + 1;
        i = close;
        continue;
      }
      if ((next === 'u' || next === 'q') && source[i + 2] === '{') unicodeOnly = true;
      i++; // any other escape is two characters at least, and none of the rest holds `[`, `]` or `\`
      continue;
    }
    if (c === '[') {
      if (depth > 0 && unicodeSets) unicodeOnly = true;
      if (depth === 0 || unicodeSets) depth++;
    } else if (c === ']' && depth > 0) depth--;
    else if (depth > 0 && unicodeSets && (c === '-' || c === '&') && source[i + 1] === c) unicodeOnly = true;
  }
  return { source: out + source.slice(from), unicodeOnly };
}

function regExpOrUndefined(source: string, flags: string): RegExp | undefined {
  try {
    return new RegExp(source, flags);
  } catch {
    return undefined;
  }
}

/** Whether every character of the string is ASCII. */
export function isAsciiString(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}
