// The module lists of the legacy API layout (v8.0.0–v10.0.0), as SPEC §2 gives them, and the
// compiler library file each module's interface lives in.
import { kebab } from './names.ts';

export interface LegacyModule {
  lib: 'belt' | 'js' | 'dom';
  /** Display name (`HashMapInt`, `TypedArray2.Float32Array`). */
  name: string;
  /** Page slug under the version (`api/belt/hash-map-int`, `api/js/typed-array-2_float-32-array`). */
  slug: string;
  /** Compiled module in `lib/ocaml` (`belt_HashMapInt`). */
  file: string;
  /** A nested module (or module type) of `file` documented on its own page. */
  sub?: string;
}

export const LEGACY_VERSIONS = ['v8.0.0', 'v9.0.0', 'v10.0.0'] as const;

const BELT = `Array Debug Float HashMap HashMapInt HashMapString HashSet HashSetInt HashSetString Id Int List Map
MapDict MapInt MapString MutableMap MutableMapInt MutableMapString MutableQueue MutableSet MutableSetInt
MutableSetString MutableStack Option Range Result Set SetDict SetInt SetString SortArray SortArrayInt SortArrayString`.split(/\s+/);

/** Js modules and their files (Js.Nullable is Js_null_undefined, Js.TypedArray2 is Js_typed_array2). */
const JS: [string, string][] = [
  ['Array', 'js_array'], ['Array2', 'js_array2'], ['Console', 'js_console'], ['Date', 'js_date'], ['Dict', 'js_dict'],
  ['Exn', 'js_exn'], ['Float', 'js_float'], ['Global', 'js_global'], ['Int', 'js_int'], ['Json', 'js_json'],
  ['List', 'js_list'], ['Math', 'js_math'], ['Null', 'js_null'], ['Nullable', 'js_null_undefined'],
  ['Null_undefined', 'js_null_undefined'], ['Obj', 'js_obj'], ['Option', 'js_option'], ['Promise', 'js_promise'],
  ['Re', 'js_re'], ['Result', 'js_result'], ['String', 'js_string'], ['String2', 'js_string2'],
  ['TypedArray', 'js_typed_array'], ['TypedArray2', 'js_typed_array2'], ['Types', 'js_types'],
  ['Undefined', 'js_undefined'], ['Vector', 'js_vector'],
];
const TYPED_ARRAY_SUBS = `ArrayBuffer DataView Float32Array Float64Array Int8Array Int16Array Int32Array Uint8Array
Uint16Array Uint32Array Uint8ClampedArray S`.split(/\s+/);

/** Every legacy module page of a version (the library overviews included, `sub`-less, lib-named). */
export function legacyModules(version: string): LegacyModule[] {
  const out: LegacyModule[] = [
    { lib: 'belt', name: 'Belt', slug: 'api/belt', file: 'belt' },
    { lib: 'js', name: 'Js', slug: 'api/js', file: 'js' },
    { lib: 'dom', name: 'Dom', slug: 'api/dom', file: 'dom' },
  ];
  for (const m of BELT) out.push({ lib: 'belt', name: m, slug: `api/belt/${kebab(m)}`, file: `belt_${m}` });
  for (const [name, file] of JS) {
    out.push({ lib: 'js', name, slug: `api/js/${kebab(name)}`, file });
    if (name.startsWith('TypedArray')) {
      for (const sub of TYPED_ARRAY_SUBS) {
        const seg = sub === 'S' ? 'type-s' : kebab(sub);
        out.push({ lib: 'js', name: `${name}.${sub}`, slug: `api/js/${kebab(name)}_${seg}`, file, sub });
      }
    }
  }
  // v8.0.0 documents Dom's Storage modules on pages of their own; later versions only the overview.
  if (version === 'v8.0.0') {
    out.push({ lib: 'dom', name: 'Storage', slug: 'api/dom/storage', file: 'dom_storage' });
    out.push({ lib: 'dom', name: 'Storage2', slug: 'api/dom/storage2', file: 'dom_storage2' });
  }
  return out;
}

/** Belt's sidebar categories (SPEC §2), by module name. */
export const BELT_CATEGORIES: [string, string[]][] = [
  ['Overview', ['Belt']],
  ['Basics', ['Array', 'List', 'Float', 'Int', 'Range', 'Id', 'Option', 'Result']],
  ['Set', ['HashSet', 'HashSetInt', 'HashSetString', 'Set', 'SetDict', 'SetInt', 'SetString']],
  ['Map', ['HashMap', 'HashMapInt', 'HashMapString', 'Map', 'MapDict', 'MapInt', 'MapString']],
  ['Mutable Collections', ['MutableMap', 'MutableMapInt', 'MutableMapString', 'MutableQueue', 'MutableSet', 'MutableSetInt', 'MutableSetString', 'MutableStack']],
  ['Sort Collections', ['SortArray', 'SortArrayInt', 'SortArrayString']],
  ['Utilities', ['Debug']],
];
