import { describe, expect, it } from 'vitest';
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { codeFromSearch, decodeCode, DEFAULT_EXAMPLE, encodeCode, fromRelease, majorOf, moduleFromSearch, searchWithCode, searchWithModule } from '../../src/components/playground/code-param.ts';
import { pageRelease, playgroundHref } from '../../src/components/code/playground-href.ts';
import { bundleUrls, fromBundleFormat, fromBundleResult, serverCompiler, CompilerUnavailable } from '../../src/components/playground/compilers.ts';
import { prepareRun, runtimeModules } from '../../src/components/playground/run.ts';
import { resolvePlaygroundSettings } from '../../src/components/playground/config.ts';

const SAMPLE = 'let greet = name => `Hello ${name}!`\n/* ünïcödé 😀 */\nConsole.log(greet("world"))\n';

describe('the playground code parameter', () => {
  it('decodes what the docs\' playground links encode', () => {
    expect(decodeCode(compressToEncodedURIComponent(SAMPLE))).toBe(SAMPLE);
    expect(codeFromSearch(`?code=${compressToEncodedURIComponent(SAMPLE)}`)).toBe(SAMPLE);
  });

  it('reads a `+` that URL decoding turned into a space as `+`', () => {
    const code = 'let value111 = 111 + 1\nConsole.log(value111)\n';
    const packed = compressToEncodedURIComponent(code);
    expect(packed).toContain('+'); // the code is chosen so that its compressed form has one
    // URLSearchParams decodes `+` to a space, as form encoding says.
    expect(new URLSearchParams(`code=${packed}`).get('code')).toContain(' ');
    expect(codeFromSearch(`?code=${packed}`)).toBe(code);
    expect(codeFromSearch(`?code=${packed.replace(/\+/g, '%2B')}`)).toBe(code);
    expect(codeFromSearch(`?code=${packed.replace(/\+/g, '%20')}`)).toBe(code);
  });

  it('gives null for missing, empty and undecodable code, never throwing', () => {
    for (const search of ['', '?', '?code=', '?other=1', '?code=%20', '?code=zzzzzzzzzzzzzz', '?code=ABCDEFG', '?code=<script>alert(1)</script>', '?code=%E0%A4%A', '?code=hello']) {
      expect(codeFromSearch(search), search).toBeNull();
    }
    expect(decodeCode(null)).toBeNull();
    expect(decodeCode(undefined)).toBeNull();
  });

  it('round-trips an empty program as empty, while other text that decompresses to nothing stays undecodable', () => {
    const search = searchWithCode('', '');
    expect(codeFromSearch(search)).toBe('');
    // lz-string decompresses much noise to '' as well: only the empty program's own encoding is empty code.
    for (const noise of ['hello', 'A', 'QQ']) {
      expect(decompressFromEncodedURIComponent(noise), noise).toBe('');
      expect(codeFromSearch(`?code=${noise}`), noise).toBeNull();
    }
  });

  it('writes the code into the query, keeping other parameters, and the link round-trips', () => {
    const search = searchWithCode('?version=v12.0.0&code=old', SAMPLE);
    expect(search.startsWith('?version=v12.0.0&code=')).toBe(true);
    expect(codeFromSearch(search)).toBe(SAMPLE);
    expect(codeFromSearch(searchWithCode('', DEFAULT_EXAMPLE))).toBe(DEFAULT_EXAMPLE);
    expect(encodeCode(SAMPLE)).toBe(compressToEncodedURIComponent(SAMPLE));
  });
});

describe('the playground module parameter', () => {
  it('is CommonJS only when it says so, ES modules for anything else', () => {
    expect(moduleFromSearch('?module=commonjs&code=Q')).toBe('commonjs');
    for (const search of ['', '?module=esmodule', '?module=amd', '?module=CommonJS']) expect(moduleFromSearch(search), search).toBe('esmodule');
  });

  it('is written before the code, which stays as written, and left out for ES modules', () => {
    const code = encodeCode('let x = 1');
    expect(searchWithModule(`?from=v11.0.0&code=${code}`, 'commonjs')).toBe(`?from=v11.0.0&module=commonjs&code=${code}`);
    expect(searchWithModule(`?module=commonjs&code=${code}`, 'esmodule')).toBe(`?code=${code}`);
    expect(searchWithModule('', 'esmodule')).toBe('');
    // Setting the code again keeps the module parameter.
    expect(moduleFromSearch(searchWithCode('?module=commonjs', 'let y = 2'))).toBe('commonjs');
  });
});

describe('config/playground.json', () => {
  it('takes a bundle base URL with its versions', () => {
    expect(resolvePlaygroundSettings({ compilerBaseUrl: 'https://cdn.example.org/bundles', versions: ['v12.0.0', 'v11.1.4'] })).toEqual({
      settings: { compilerBaseUrl: 'https://cdn.example.org/bundles', versions: ['v12.0.0', 'v11.1.4'] },
      problems: [],
    });
    expect(resolvePlaygroundSettings(undefined)).toEqual({ settings: { versions: [] }, problems: [] });
    expect(resolvePlaygroundSettings({ compilerBaseUrl: '', versions: [] }).problems).toEqual([]);
  });

  it('points at what is wrong, and drops a base URL it cannot use', () => {
    const { settings, problems } = resolvePlaygroundSettings({ compilerBaseUrl: 'https://cdn.example.org/', versions: ['12', 'v12.0.0', 'v12.0.0'], extra: 1 });
    expect(problems.map((p) => p.pointer)).toEqual(['/compilerBaseUrl', '/versions/0', '/versions/2', '/extra']);
    expect(settings.compilerBaseUrl).toBeUndefined();
    const noVersions = resolvePlaygroundSettings({ compilerBaseUrl: 'https://cdn.example.org' });
    expect(noVersions.problems).toEqual([{ pointer: '/versions', reason: expect.stringContaining('at least one') }]);
    expect(noVersions.settings.compilerBaseUrl).toBeUndefined();
  });
});

describe('config/playground.json and its schema', () => {
  it('agree: the repo file passes both, and what the checker refuses the schema refuses', async () => {
    const { Ajv } = await import('ajv');
    const { readFileSync } = await import('node:fs');
    const { repo } = await import('../helpers/cli.ts');
    const read = (f: string) => JSON.parse(readFileSync(`${repo}/config/${f}`, 'utf8')) as unknown;
    const validate = new Ajv({ allErrors: true }).compile(read('schemas/playground.schema.json') as object);
    const repoFile = read('playground.json');
    expect(validate(repoFile), JSON.stringify(validate.errors)).toBe(true);
    expect(resolvePlaygroundSettings(repoFile).problems).toEqual([]);
    const good = [{}, { compilerBaseUrl: 'https://cdn.example.org', versions: ['v12.0.0', 'v11.1.4-rc.1'] }, { compilerBaseUrl: '/bundles', versions: ['v12.0.0'] }];
    for (const data of good) {
      expect(validate(data), JSON.stringify(data)).toBe(true);
      expect(resolvePlaygroundSettings(data).problems, JSON.stringify(data)).toEqual([]);
    }
    const bad = [{ compilerBaseUrl: 'https://cdn.example.org/' }, { compilerBaseUrl: 'ftp://x' }, { versions: ['12.0.0'] }, { versions: ['v12.0.0', 'v12.0.0'] }, { other: true }, { versions: 'v12.0.0' }];
    for (const data of bad) {
      expect(validate(data), JSON.stringify(data)).toBe(false);
      expect(resolvePlaygroundSettings(data).problems.length, JSON.stringify(data)).toBeGreaterThan(0);
    }
  });
});

describe('the official compiler bundle', () => {
  it('is loaded from {base}/{version}/compiler.js, then the library files of that version', () => {
    expect(bundleUrls('https://cdn.example.org/', 'v12.0.0')).toEqual({
      compiler: 'https://cdn.example.org/v12.0.0/compiler.js',
      libraries: ['https://cdn.example.org/v12.0.0/@rescript/react/cmij.js', 'https://cdn.example.org/v12.0.0/compiler-builtins/cmij.js'],
    });
    expect(bundleUrls('/bundles', 'v11.1.4').libraries.map((u) => u.split('/v11.1.4/')[1])).toEqual([
      '@rescript/react/cmij.js',
      'compiler-builtins/cmij.js',
      '@rescript/core/cmij.js',
    ]);
  });

  it('maps its results: 0-based columns become 1-based, duplicate syntax errors go', () => {
    const loc = { fullMsg: 'full', shortMsg: 'short', row: 2, column: 16, endRow: 2, endColumn: 21 };
    expect(fromBundleResult({ type: 'type_error', errors: [loc] }).errors).toEqual([
      { line: 2, col: 17, endLine: 2, endCol: 21, message: 'short', kind: 'Type error', severity: 'error' },
    ]);
    expect(fromBundleResult({ type: 'syntax_error', errors: [loc, loc] }).errors).toHaveLength(1);
    const ok = fromBundleResult({ type: 'success', js_code: 'let x = 1;', warnings: [{ ...loc, warnNumber: 26, isError: false }] });
    expect(ok.js).toBe('let x = 1;');
    expect(ok.warnings[0]).toMatchObject({ kind: 'Warning 26', severity: 'warning', col: 17 });
    expect(fromBundleResult({ type: 'unexpected_error', msg: 'boom' }).failure).toBe('boom');
  });

  it('maps its formatter\'s answers: the code, the syntax errors at their places, or why it failed', () => {
    const loc = { fullMsg: 'full', shortMsg: 'short', row: 1, column: 8, endRow: 1, endColumn: 12 };
    expect(fromBundleFormat(() => ({ type: 'success', code: 'let x = 1\n' }))).toEqual({ code: 'let x = 1\n' });
    expect(fromBundleFormat(() => ({ type: 'syntax_error', errors: [loc] }))).toEqual({ errors: [{ line: 1, col: 9, endLine: 1, endCol: 12, message: 'short', kind: 'Syntax error', severity: 'error' }] });
    expect(fromBundleFormat(() => ({ type: 'unexpected_error', msg: 'jsoo exception' }))).toEqual({ failure: 'jsoo exception' });
    expect(fromBundleFormat(() => ({ type: 'mystery' }) as never)).toHaveProperty('failure');
    expect(fromBundleFormat(() => { throw new Error('boom'); })).toEqual({ failure: 'boom' });
  });
});

describe('the server compiler client', () => {
  const respond = (status: number, body: string, type = 'application/json') =>
    (async () => new Response(body, { status, headers: { 'Content-Type': type } })) as typeof fetch;

  it('reads the endpoint\'s answers', async () => {
    const c = serverCompiler(respond(200, JSON.stringify({ js: 'x', warnings: [], version: '12.3.1' })));
    expect(await c.compile('let x = 1')).toEqual({ js: 'x', errors: [], warnings: [] });
    expect([c.label, c.version]).toEqual(['ReScript 12.3.1', '12.3.1']);
    const silent = serverCompiler(respond(200, JSON.stringify({ js: 'x' })));
    await silent.compile('x');
    expect([silent.label, silent.version], 'no version said: none made up').toEqual(['ReScript', undefined]);
    const failed = await serverCompiler(respond(413, JSON.stringify({ error: 'too large' }))).compile('x');
    expect(failed.failure).toBe('too large');
  });

  it('says a server error is the server\'s, not its bare error word', async () => {
    const failed = await serverCompiler(respond(500, JSON.stringify({ error: 'internal' }))).compile('x');
    expect(failed.failure).toMatch(/^Compiling failed on the server\b/);
    expect(failed.failure).not.toContain('internal');
    // The endpoint's own answers for a busy or stuck compiler are written for readers: kept.
    const busy = await serverCompiler(respond(503, JSON.stringify({ error: 'The compiler is busy; try again in a moment' }))).compile('x');
    expect(busy.failure).toBe('The compiler is busy; try again in a moment');
  });

  it('knows a static host has no endpoint', async () => {
    await expect(serverCompiler(respond(404, '<!doctype html>', 'text/html')).compile('x')).rejects.toBeInstanceOf(CompilerUnavailable);
    await expect(serverCompiler(respond(405, '')).compile('x')).rejects.toBeInstanceOf(CompilerUnavailable);
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(serverCompiler(offline).compile('x')).rejects.toBeInstanceOf(CompilerUnavailable);
  });
});

describe('<Playground /> in content', () => {
  it('renders the island with the site\'s compiler settings and the default example', async () => {
    const { compile, baseContext } = await import('../helpers/compile.ts');
    const settings = { compilerBaseUrl: 'https://cdn.example.org', versions: ['v12.0.0'] };
    const page = await compile('<Playground />\n', { ...baseContext, playground: settings });
    expect(page.messages).toEqual([]);
    expect(page.islands).toEqual(['Playground']);
    const island = /<div class="island" data-island="Playground" data-props="([^"]*)">/.exec(page.html);
    expect(JSON.parse(island![1]!.replace(/&quot;/g, '"'))).toEqual(settings);
    // Without scripts, the page still shows the example (escaped as text).
    expect(page.html).toContain('Math.Constants.pi *. radius *. radius');
    expect(page.html).toContain('<h1 class="pg-title"');
  });

  it('reports a bad config/playground.json at the offending value', async () => {
    const { playgroundConfigMessages } = await import('../../src/components/playground/config-messages.ts');
    const { parseJsonLazily } = await import('../../src/util/yaml-positions.ts');
    const text = '{\n  "compilerBaseUrl": "https://cdn.example.org/",\n  "versions": ["v12.0.0"]\n}\n';
    const doc = parseJsonLazily(text);
    const messages = playgroundConfigMessages({ displayPath: 'config/playground.json', data: doc.data, doc });
    expect(messages.map((m) => [m.file, m.line, m.column, m.ruleId, m.severity])).toEqual([['config/playground.json', 2, 22, 'config-playground', 'error']]);
  });
});

describe('the editor\'s ReScript tokenizer', () => {
  async function tokens(lines: string[]): Promise<[string, string | null][]> {
    const { StringStream } = await import('@codemirror/language');
    const { rescriptMode } = await import('../../src/components/playground/rescript-mode.ts');
    const state = rescriptMode.startState!(2);
    const out: [string, string | null][] = [];
    for (const line of lines) {
      const stream = new StringStream(line, 2, 2);
      while (!stream.eol()) {
        stream.start = stream.pos;
        const style = rescriptMode.token(stream, state);
        const text = stream.current();
        if (text.trim()) out.push([text, style]);
      }
    }
    return out;
  }

  it('tells keywords, constructors, modules, functions, numbers and operators apart', async () => {
    expect(await tokens(['let area = Circle(1.5)->Math.abs'])).toEqual([
      ['let', 'keyword'],
      ['area', 'variableName'],
      ['=', 'operator'],
      ['Circle', 'typeName'],
      ['(', 'punctuation'],
      ['1.5', 'number'],
      [')', 'punctuation'],
      ['->', 'operator'],
      ['Math', 'namespace'],
      ['.', 'punctuation'],
      ['abs', 'variableName'],
    ]);
  });

  it('keeps nested comments and template strings across lines, with code inside `${…}`', async () => {
    const t = await tokens(['/* a /* nested */', 'still comment */ let', 'let s = `a ${f({x: 1})} b', 'c` + 1']);
    expect(t.slice(0, 3)).toEqual([
      ['/* a /* nested */', 'comment'],
      ['still comment */', 'comment'],
      ['let', 'keyword'],
    ]);
    expect(t).toContainEqual(['${', 'meta']);
    expect(t).toContainEqual(['f', 'variableName.function']);
    expect(t).toContainEqual(['1', 'number']);
    expect(t).toContainEqual(['}', 'meta']);
    expect(t).toContainEqual(['c`', 'string']);
    expect(t.at(-1)).toEqual(['1', 'number']);
  });
});

describe('the release a playground link comes from', () => {
  it('is a compiler release only (v8.0.0, v12.0.0), never React bindings versions or anything else in the URL', () => {
    expect(fromRelease('?from=v11.0.0&code=Q')).toBe('v11.0.0');
    for (const bad of ['?from=v0.11.0', '?from=latest', '?from=v11', '?from=%3Cscript%3E', '?code=Q', '?from=v11.0.0-beta.1']) expect(fromRelease(bad), bad).toBeNull();
    expect(majorOf('v9.0.0')).toBe(9);
    expect(majorOf('12.3.1')).toBe(12);
  });

  it('goes into the run-in-playground link only when the page documents a release', () => {
    expect(playgroundHref('x', 'v11.0.0')).toMatch(/^\/try\?from=v11\.0\.0&code=/);
    expect(playgroundHref('x', 'v0.11.0')).toMatch(/^\/try\?code=/);
    expect(playgroundHref('x')).toMatch(/^\/try\?code=/);
    const page = (version: string | null) => ({ querySelector: () => (version === null ? null : { getAttribute: () => version }) }) as unknown as Document;
    expect(pageRelease(page('v12.0.0'))).toBe('v12.0.0');
    expect(pageRelease(page('latest'))).toBeUndefined();
    expect(pageRelease(page(null))).toBeUndefined();
  });
});

describe('preparing compiled code to run', () => {
  const js = [
    'import * as Stdlib_Array from "@rescript/runtime/lib/es6/Stdlib_Array.js";',
    "import * as Primitive_option from '@rescript/runtime/lib/es6/Primitive_option.js';",
    'let total = Stdlib_Array.reduce([1], 0, (a, b) => a + b);',
    'console.log("import x from \\"y\\"");',
    'export { total }',
  ].join('\n');

  it('points the runtime imports at the URL that serves them, and leaves the rest of the code as it was', () => {
    const prepared = prepareRun(js, 'http://127.0.0.1:3000/api/runtime/');
    expect(prepared).toEqual({
      module: js
        .replace('"@rescript/runtime/lib/es6/Stdlib_Array.js"', '"http://127.0.0.1:3000/api/runtime/Stdlib_Array.js"')
        .replace("'@rescript/runtime/lib/es6/Primitive_option.js'", "'http://127.0.0.1:3000/api/runtime/Primitive_option.js'"),
    });
  });

  it('names the imports it cannot run: any other module, and the runtime when nothing serves it', () => {
    const jsx = 'import * as JsxRuntime from "react/jsx-runtime";\nimport "./side-effect.js";\nexport * from "left-pad";\n';
    expect(prepareRun(jsx, 'http://127.0.0.1:3000/api/runtime/')).toEqual({ missing: ['react/jsx-runtime', './side-effect.js', 'left-pad'] });
    expect(prepareRun(js, undefined)).toEqual({ missing: ['@rescript/runtime/lib/es6/Stdlib_Array.js', '@rescript/runtime/lib/es6/Primitive_option.js'] });
    // A runtime path that would leave the runtime's folder is not pointed anywhere.
    expect(prepareRun('import * as X from "@rescript/runtime/lib/es6/../../package.json";', 'http://h/api/runtime/')).toEqual({ missing: ['@rescript/runtime/lib/es6/../../package.json'] });
  });

  it('with a published runtime, takes an import of one of its modules by another path as that module (the browser compiler may write them so)', () => {
    const known = new Set(['Stdlib_Array.js', 'Primitive_option.js']);
    const other = 'import * as Stdlib_Array from "./stdlib/Stdlib_Array.js";\nimport * as Own from "./Own.js";\nexport { Stdlib_Array, Own }';
    expect(prepareRun(other, 'https://example.org/playground/runtime/12.3.1/', false, known)).toEqual({ missing: ['./Own.js'] });
    const runnable = 'import * as Stdlib_Array from "./stdlib/Stdlib_Array.js";\nconsole.log(Stdlib_Array.reduce([1, 2], 0, (a, b) => a + b));';
    expect(prepareRun(runnable, 'https://example.org/playground/runtime/12.3.1/', false, known)).toEqual({
      module: runnable.replace('"./stdlib/Stdlib_Array.js"', '"https://example.org/playground/runtime/12.3.1/Stdlib_Array.js"'),
    });
    // In a frame, the import map knows the runtime by the package's specifier.
    const app = `import * as JsxRuntime from "react/jsx-runtime";\n${runnable}\nlet App = { make: () => JsxRuntime.jsx("p", {}) };\nexport { App }`;
    expect(prepareRun(app, 'https://example.org/playground/runtime/12.3.1/', true, known)).toEqual({
      render: { module: app.replace('"./stdlib/Stdlib_Array.js"', '"@rescript/runtime/lib/es6/Stdlib_Array.js"'), runtime: ['Stdlib_Array.js'] },
    });
    // Without the list, such an import is another module, and cannot be run.
    expect(prepareRun(runnable, 'https://example.org/playground/runtime/12.3.1/')).toEqual({ missing: ['./stdlib/Stdlib_Array.js'] });
  });

  const react = [
    'import * as React from "react";',
    'import * as JsxRuntime from "react/jsx-runtime";',
    'import * as Stdlib_Int from "@rescript/runtime/lib/es6/Stdlib_Int.js";',
    'function Playground$App(props) { return JsxRuntime.jsx("p", { children: Stdlib_Int.toString(React.version.length) }); }',
    'let App = { make: Playground$App };',
    'export {',
    '  App,',
    '}',
  ].join('\n');

  it('runs code that uses React, or defines a module App, in a frame, its imports as compiled', () => {
    expect(prepareRun(react, 'http://h/api/runtime/', true)).toEqual({ render: { module: react, runtime: ['Stdlib_Int.js'] } });
    // A module App without React (a plain record of functions) is still what the reader wants shown.
    const app = 'let App = { make: () => null };\nexport {\n  App,\n}\n';
    expect(prepareRun(app, 'http://h/api/runtime/', true)).toEqual({ render: { module: app, runtime: [] } });
    // Code with neither runs in a worker, as before.
    expect(prepareRun(js, 'http://h/api/runtime/', true)).toHaveProperty('module');
    // Where no frame can run (the server, a client without the runner), React cannot be loaded.
    expect(prepareRun(react, 'http://h/api/runtime/', false)).toEqual({ missing: ['react', 'react/jsx-runtime'] });
    // Other packages stay out of reach in a frame too.
    expect(prepareRun(`import LeftPad from "left-pad";\n${react}`, 'http://h/api/runtime/', true)).toEqual({ missing: ['left-pad'] });
  });

  it('hands the frame every runtime module the code reaches, its own imports resolved through the import map', async () => {
    const served: Record<string, string> = {
      'http://h/rt/Stdlib_Int.js': 'import * as Primitive_int from "./Primitive_int.js";\nimport * as Primitive_option from "./Primitive_option.js";\nexport let x = 1;\n',
      'http://h/rt/Primitive_int.js': 'import * as Primitive_option from "./Primitive_option.js";\nexport let y = 2;\n',
      'http://h/rt/Primitive_option.js': 'export let z = 3;\n',
    };
    const asked: string[] = [];
    const modules = await runtimeModules(['Stdlib_Int.js'], 'http://h/rt/', async (url) => {
      asked.push(url);
      if (!(url in served)) throw new Error(`unexpected ${url}`);
      return served[url]!;
    });
    expect(Object.keys(modules).sort()).toEqual(['@rescript/runtime/lib/es6/Primitive_int.js', '@rescript/runtime/lib/es6/Primitive_option.js', '@rescript/runtime/lib/es6/Stdlib_Int.js']);
    expect(modules['@rescript/runtime/lib/es6/Stdlib_Int.js']).toBe(
      'import * as Primitive_int from "@rescript/runtime/lib/es6/Primitive_int.js";\nimport * as Primitive_option from "@rescript/runtime/lib/es6/Primitive_option.js";\nexport let x = 1;\n',
    );
    // Each module fetched once, though two modules import Primitive_option.
    expect(asked.sort()).toEqual(Object.keys(served).sort());
  });
});
