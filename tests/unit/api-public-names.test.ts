// Signatures in the API reference name modules as code writes them, not by their compiled file.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { publicModuleNames, usePublicNames, withPublicNames } from '../../src/api/public-names.ts';
import type { GeneratedApi } from '../../src/api/types.ts';

/** A library folder with these files. */
function library(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-names-'));
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('public module names', () => {
  it('follow the libraries\' own aliases, nested ones included, in ReScript and OCaml sources', () => {
    const lib = library({
      'RescriptCore.res': 'module Intl = Core__Intl\nmodule Ordering = Core__Ordering\n\nlet x = 1\n',
      'Core__Intl.res': 'module Common = Core__Intl__Common\nmodule Collator = Core__Intl__Collator\n',
      'js.ml': 'module Re = Js_re (** regular expressions *)\nmodule Nullable = Js_null_undefined\nmodule Null_undefined = Js_null_undefined\n',
      'Belt.res': 'module Set = Belt_Set\n// a comment\nmodule Id = Belt_Id\n',
      'Belt_Set.res': 'module Dict = Belt_SetDict\nmodule Make = (Id: Belt_Id.Comparable) => {}\n',
    });
    const names = publicModuleNames([lib], [{ module: 'RescriptCore', path: '' }, { module: 'Js', path: 'Js' }, { module: 'Belt', path: 'Belt' }]);
    expect(Object.fromEntries(names)).toEqual({
      Core__Intl: 'Intl',
      Core__Ordering: 'Ordering',
      Core__Intl__Common: 'Intl.Common',
      Core__Intl__Collator: 'Intl.Collator',
      Js_re: 'Js.Re',
      // The first of two aliases of one file.
      Js_null_undefined: 'Js.Nullable',
      Belt_Set: 'Belt.Set',
      Belt_Id: 'Belt.Id',
      Belt_SetDict: 'Belt.Set.Dict',
    });
  });

  it('replace a file\'s name only where it starts a path, and leave unexposed modules as printed', () => {
    const names = new Map([
      ['Core__Intl__Common', 'Intl.Common'],
      ['Core__Ordering', 'Ordering'],
      ['Js_re', 'Js.Re'],
    ]);
    expect(withPublicNames("let compare: (array<'a>, array<'a>, ('a, 'a) => Core__Ordering.t) => Core__Ordering.t", names)).toBe(
      "let compare: (array<'a>, array<'a>, ('a, 'a) => Ordering.t) => Ordering.t",
    );
    expect(withPublicNames('type options = {localeMatcher?: Core__Intl__Common.localeMatcher}', names)).toBe('type options = {localeMatcher?: Intl.Common.localeMatcher}');
    expect(withPublicNames('let exec_: (Js_re.t, string) => option<result>', names)).toBe('let exec_: (Js.Re.t, string) => option<result>');
    // Not a path start (already qualified, or no dot after it), or no alias: as printed.
    expect(withPublicNames('let f: Other.Js_re.t => Js_re', names)).toBe('let f: Other.Js_re.t => Js_re');
    expect(withPublicNames('let null: Primitive_js_extern.null<int>', names)).toBe('let null: Primitive_js_extern.null<int>');
  });

  it('rewrite every item signature of a version\'s data', () => {
    const api: GeneratedApi = {
      version: 'v11.0.0',
      layout: 'new',
      source: 'test',
      toc: {},
      libs: { core: { 'core/array': { name: 'Array', items: [{ kind: 'value', name: 'fromIterator', signature: "let fromIterator: Core__Iterator.t<'a> => array<'a>" }, { kind: 'type', name: 't' }] } } },
    };
    usePublicNames(api, new Map([['Core__Iterator', 'Iterator']]));
    expect(api.libs['core']!['core/array']!.items![0]!.signature).toBe("let fromIterator: Iterator.t<'a> => array<'a>");
    expect(api.libs['core']!['core/array']!.items![1]!.signature).toBeUndefined();
  });
});
