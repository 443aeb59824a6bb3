// The playground's `code` query parameter: lz-string's URI-safe compression of the source.
// Anything in a URL is untrusted: decoding never throws, and what it returns is only ever text.
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { RELEASE } from '../code/playground-href.ts';
import type { ModuleFormat } from './protocol.ts';

/** Shown when the URL carries no code, or code that does not decode. Checked against ReScript 12. */
export const DEFAULT_EXAMPLE = `// Edit the ReScript code here: the JavaScript it compiles to appears beside it.

type shape =
  | Circle({radius: float})
  | Rectangle({width: float, height: float})

let area = shape =>
  switch shape {
  | Circle({radius}) => Math.Constants.pi *. radius *. radius
  | Rectangle({width, height}) => width *. height
  }

let shapes = [Circle({radius: 1.5}), Rectangle({width: 2.0, height: 3.0})]

let total = shapes->Array.reduce(0.0, (sum, shape) => sum +. area(shape))

Console.log(\`Total area: \${total->Float.toFixed(~digits=2)}\`)
`;

/** The encoding of the empty program (`Q`). */
const EMPTY = compressToEncodedURIComponent('');
/** lz-string's URI alphabet. */
const ALPHABET = /^[A-Za-z0-9+\-$]*$/;
/** Control characters no source file holds (tab, newline and carriage return are fine). */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** A UTF-16 surrogate without its pair: what decompressing noise tends to produce. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The code in a `code` parameter value (already URL-decoded, as URLSearchParams gives it), or null
 * when there is none or it does not decode to text; '' for a shared empty program. URL decoding turns a `+` of the compressed
 * form into a space (`application/x-www-form-urlencoded`), so spaces are read back as `+`.
 */
export function decodeCode(param: string | null | undefined): string | null {
  if (!param) return null;
  const packed = param.trim().replace(/ /g, '+');
  if (!ALPHABET.test(packed)) return null;
  let code: string | null;
  try {
    code = decompressFromEncodedURIComponent(packed);
  } catch {
    return null; // lz-string throws on some malformed input
  }
  // lz-string turns much noise into '' too, so only the empty program's own encoding means empty
  // code (a shared empty editor), and anything else that comes out empty is undecodable.
  if (code === '') return packed === EMPTY ? '' : null;
  if (!code || CONTROL.test(code) || LONE_SURROGATE.test(code)) return null;
  return code;
}

/**
 * The compiler release the code was written for (`?from=v11.0.0`, set by the docs' run-in-playground
 * links), or null when there is none or it is not a release.
 */
export function fromRelease(search: string): string | null {
  const from = new URLSearchParams(search).get('from');
  return from !== null && RELEASE.test(from) ? from : null;
}

/** The major version of a release or compiler version (`v11.0.0`, `12.3.1`), or NaN. */
export function majorOf(version: string): number {
  return Number(/^v?(\d+)\./.exec(version)?.[1] ?? NaN);
}

/** The module format of a page's query string (`?module=commonjs`), else ES modules. */
export function moduleFromSearch(search: string): ModuleFormat {
  return new URLSearchParams(search).get('module') === 'commonjs' ? 'commonjs' : 'esmodule';
}

/** `search` with its `module` parameter for `format` (none for the default, ES modules), the code kept as written. */
export function searchWithModule(search: string, format: ModuleFormat): string {
  const code = /[?&]code=([^&#]*)/.exec(search)?.[1];
  const params = new URLSearchParams(search);
  params.delete('module');
  params.delete('code');
  if (format !== 'esmodule') params.set('module', format);
  const parts = [params.toString(), code === undefined ? '' : `code=${code}`].filter(Boolean);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** The code from a page's query string (`?code=…`), or null. */
export function codeFromSearch(search: string): string | null {
  return decodeCode(new URLSearchParams(search).get('code'));
}

/** The compressed form of `code` for a `code` parameter. */
export function encodeCode(code: string): string {
  return compressToEncodedURIComponent(code);
}

/** `search` with its `code` parameter set to `code` (other parameters kept, in order). */
export function searchWithCode(search: string, code: string): string {
  const params = new URLSearchParams(search);
  params.delete('code');
  const rest = params.toString();
  // Written by hand: URLSearchParams would percent-encode the `$` and `+` the alphabet uses.
  return `?${rest ? `${rest}&` : ''}code=${encodeCode(code)}`;
}
