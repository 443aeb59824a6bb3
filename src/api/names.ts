// Module names → route segments, shared by the generated (rescript-tools, legacy) and authored data.

/** `HashMapInt` → `hash-map-int`, `Array2` → `array-2`, `Null_undefined` → `null-undefined`, `JSON` → `json`. */
export function kebab(name: string): string {
  return name
    .replace(/_/g, '-')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/([A-Za-z])([0-9])/g, '$1-$2')
    .replace(/([0-9])([A-Za-z])/g, '$1-$2')
    .replace(/-+/g, '-')
    .toLowerCase();
}

/**
 * The page slug (under the version) of a module: the library, then the rest of the module path
 * flattened (`Belt.HashMap.Int` → `api/belt/hash-map-int`, `Stdlib.Array` → `api/stdlib/array`).
 */
export function moduleSlug(path: readonly string[]): string {
  const [lib, ...rest] = path;
  if (!lib) return 'api';
  return rest.length === 0 ? `api/${lib.toLowerCase()}` : `api/${lib.toLowerCase()}/${rest.map(kebab).join('-')}`;
}

/** A version is compared as a string with v12.0.0 (SPEC §5): Stdlib from there on, Core before. */
export function primaryLibrary(version: string): 'stdlib' | 'core' {
  return version >= 'v12.0.0' ? 'stdlib' : 'core';
}

/** `api/belt/set-int` → its library and module segment (none for a page outside the API). */
const API_ROUTE = /\/api\/([^/]+)(?:\/([^/]+))?$/;

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The full ReScript name of an API module page, from its route and title: readers search for
 * `Belt.Set` and `Js.Array`, and hits of Core's, Belt's and Js's `Array` must not all read `Array`.
 * The route holds the library and the module path flattened (`api/belt/hash-map-int`, see
 * `moduleSlug`), the title the module's own name (`Int`, or `SetInt` on legacy pages), so the part
 * of the route before the title's own segment is the parent module (`hash-map` → `HashMap`).
 */
export function apiModuleName(route: string, title: string): string {
  const m = API_ROUTE.exec(route);
  if (!m || !m[2] || !/^[A-Z][\w']*$/.test(title)) return title;
  const lib = capitalize(m[1]!);
  const own = kebab(title);
  const segment = m[2];
  if (segment !== own && segment.endsWith(`-${own}`)) {
    const parent = segment.slice(0, -own.length - 1).split('-').map(capitalize).join('');
    return `${lib}.${parent}.${title}`;
  }
  return `${lib}.${title}`;
}
