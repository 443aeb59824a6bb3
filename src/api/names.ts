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
