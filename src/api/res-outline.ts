// An outline of printed ReScript signatures or sources (what `bsc -format` and `bsc -bs-read-cmi`
// print): the top-level declarations of a module, their doc attributes and nested modules. Not a
// parser of the language: it splits at lines that start a declaration outside brackets, strings
// and comments, which is all the printer's output needs.

export interface OutlineItem {
  kind: 'value' | 'type' | 'module' | 'moduleType' | 'other';
  name: string;
  /** The declaration without its attributes. */
  text: string;
  docs: string[];
  deprecated?: string;
  children?: OutlineItem[];
}

export interface Outline {
  /** Floating module docs (`@@ocaml.text(...)` / `@@ocaml.doc`), in order. */
  docs: string[];
  items: OutlineItem[];
}

const STARTS = /^(let|external|type|module|exception|include|open|and|@)/;

/** Splits `text` into top-level chunks (each: attributes + one declaration). */
function chunks(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  let lineStart = true;
  let hasDecl = false;
  let floating = false;
  let i = 0;
  const cut = (at: number) => {
    const piece = text.slice(start, at).trim();
    if (piece) out.push(piece);
    start = at;
    hasDecl = false;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (lineStart) {
      let j = i;
      while (text[j] === ' ' || text[j] === '\t') j++;
      if (depth === 0 && STARTS.test(text.slice(j, j + 9))) {
        // A floating attribute (`@@ocaml.text`) is a chunk of its own.
        const isFloating = text.startsWith('@@', j);
        const isAttr = text[j] === '@' && !isFloating;
        if (isFloating || floating || hasDecl) cut(j);
        floating = isFloating;
        if (!isAttr && !isFloating) hasDecl = true;
        else if (/^@[\w.]+(\([^)]*\))?\s+(let|external|type|module)\b/.test(text.slice(j, j + 200))) hasDecl = true;
      }
      lineStart = false;
    }
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    } else if (c === '`') {
      i++;
      while (i < text.length && text[i] !== '`') i += text[i] === '\\' ? 2 : 1;
    } else if (c === '/' && text[i + 1] === '*') {
      let nest = 1;
      i += 2;
      while (i < text.length && nest > 0) {
        if (text[i] === '/' && text[i + 1] === '*') (nest++, (i += 2));
        else if (text[i] === '*' && text[i + 1] === '/') (nest--, (i += 2));
        else i++;
      }
      continue;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    } else if (c === "'" && (text[i + 2] === "'" || (text[i + 1] === '\\' && text.indexOf("'", i + 2) - i <= 5))) {
      i = text.indexOf("'", i + 2);
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === '\n') lineStart = true;
    else if (c === '@' && depth === 0 && !lineStart && /\s/.test(text[i - 1] ?? ' ')) {
      // `… = "x"\n@attr` is handled at line start; an attribute after a declaration on one line is rare.
    }
    i++;
  }
  cut(text.length);
  return out;
}

/** The string literal starting at `text[i] === '"'`, unescaped, and the index after it. */
function readString(text: string, i: number): [string, number] {
  let s = '';
  i++;
  while (i < text.length && text[i] !== '"') {
    if (text[i] === '\\') {
      const n = text[i + 1]!;
      s += n === 'n' ? '\n' : n === 't' ? '\t' : n;
      i += 2;
    } else s += text[i++];
  }
  return [s, i + 1];
}

/** Leading attributes of a chunk: doc strings, deprecation, and the rest of the text. */
function attributes(chunk: string): { docs: string[]; floating: string[]; deprecated?: string; rest: string } {
  const docs: string[] = [];
  const floating: string[] = [];
  let deprecated: string | undefined;
  let i = 0;
  for (;;) {
    while (/\s/.test(chunk[i] ?? '')) i++;
    const m = /^(@@?)([\w.]+)/.exec(chunk.slice(i));
    if (!m) break;
    i += m[0].length;
    let arg = '';
    if (chunk[i] === '(') {
      // Attribute payload: a string, or anything up to the matching parenthesis.
      let j = i + 1;
      // The printer keeps comments (a licence header) before a floating doc string.
      for (;;) {
        while (/\s/.test(chunk[j] ?? '')) j++;
        if (chunk[j] !== '/' || chunk[j + 1] !== '*') break;
        const end = chunk.indexOf('*/', j + 2);
        if (end < 0) break;
        j = end + 2;
      }
      if (chunk[j] === '"') {
        const [s, after] = readString(chunk, j);
        arg = s;
        i = after;
        while (chunk[i] !== ')' && i < chunk.length) i++;
        i++;
      } else {
        let depth = 0;
        for (; i < chunk.length; i++) {
          if (chunk[i] === '(') depth++;
          else if (chunk[i] === ')' && --depth === 0) break;
        }
        i++;
      }
    }
    const name = m[2]!;
    if (name === 'ocaml.doc' || name === 'doc') (m[1] === '@@' ? floating : docs).push(arg);
    else if (name === 'ocaml.text') floating.push(arg);
    else if (name === 'deprecated' || name === 'ocaml.deprecated') deprecated = arg || 'Deprecated';
  }
  const out: { docs: string[]; floating: string[]; deprecated?: string; rest: string } = { docs, floating, rest: chunk.slice(i).trim() };
  if (deprecated !== undefined) out.deprecated = deprecated;
  return out;
}

/** The body between the first `{` after `from` and its match, or undefined. */
function braceBody(text: string, from: number): string | undefined {
  const open = text.indexOf('{', from);
  if (open < 0) return undefined;
  // Only `module X: {` / `module X = {` / functor result `=> {` bodies count.
  if (!/(:|=|=>)\s*$/.test(text.slice(from, open))) return undefined;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  return undefined;
}

/** The outline of printed ReScript code. */
export function outline(text: string): Outline {
  const result: Outline = { docs: [], items: [] };
  for (const chunk of chunks(text)) {
    const { docs, floating, deprecated, rest } = attributes(chunk);
    result.docs.push(...floating.map((d) => d.trim()).filter(Boolean));
    if (!rest) {
      // Docs with nothing after them (a file's leading comment) document the module.
      if (result.items.length === 0) result.docs.push(...docs.map((d) => d.trim()).filter(Boolean));
      continue;
    }
    let item: OutlineItem | undefined;
    let m: RegExpExecArray | null;
    if ((m = /^(?:let|external)\s+(?:rec\s+)?(\\?"[^"]*"|[\w']+)/.exec(rest))) {
      item = { kind: 'value', name: m[1]!.replace(/^\\?"|"$/g, ''), text: rest, docs: [] };
    } else if ((m = /^(?:type|and)\s+(?:rec\s+|nonrec\s+)?(?:\+|-)?([a-z_][\w']*)/.exec(rest))) {
      item = { kind: 'type', name: m[1]!, text: rest, docs: [] };
    } else if ((m = /^module\s+type\s+([A-Z][\w']*)/.exec(rest))) {
      item = { kind: 'moduleType', name: m[1]!, text: rest, docs: [] };
    } else if ((m = /^module\s+(?:rec\s+)?([A-Z][\w']*)/.exec(rest))) {
      item = { kind: 'module', name: m[1]!, text: rest, docs: [] };
    }
    if (!item) continue;
    item.docs = docs.map((d) => d.trim()).filter(Boolean);
    if (deprecated !== undefined) item.deprecated = deprecated;
    if (item.kind === 'module' || item.kind === 'moduleType') {
      const body = braceBody(rest, m!.index + m![0].length);
      if (body !== undefined) {
        const inner = outline(dedent(body));
        item.children = inner.items;
        item.docs.push(...inner.docs);
      }
    }
    result.items.push(item);
  }
  return result;
}

function dedent(body: string): string {
  const lines = body.split('\n');
  const indents = lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length);
  const min = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(Math.min(min, /^ */.exec(l)![0].length))).join('\n');
}
