// config/playground.json (schema: config/schemas/playground.schema.json), read into the settings
// the /try page's island gets as props. Checked here by hand, with a place for every problem.

/** What the playground island needs to know about compilers. */
export interface PlaygroundSettings {
  /** Base URL of the official browser compiler bundles (no trailing slash); absent: none. */
  compilerBaseUrl?: string;
  /** Bundle versions, newest first; the first is the default. */
  versions: string[];
  /**
   * The ReScript runtime the build published beside the site (src/pipeline/playground-runtime.ts),
   * for running what the bundle of the same version compiles: a static host has no endpoint to
   * serve it. Absent when no bundle is named, or none is of the installed runtime's version.
   */
  runtime?: PublishedRuntime;
}

/** A ReScript runtime published with the site: `{path}{module}` is each of its modules. */
export interface PublishedRuntime {
  /** `12.3.1`: the bundle `v12.3.1` runs with it. */
  version: string;
  /** Site path of its folder, ending in `/`. */
  path: string;
  /** Its modules' file names (`Stdlib_Array.js`). */
  modules: string[];
}

/** A problem in the file, at a JSON pointer. */
export interface PlaygroundConfigProblem {
  pointer: string;
  reason: string;
}

const BASE_URL = /^(https?:\/\/[^\s?#]+[^/\s?#]|\/[^\s?#]*[^/\s?#])$/;
const VERSION = /^v\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$/;

/** The settings in the file's data (missing file: no bundle), and what is wrong with it. */
export function resolvePlaygroundSettings(data: unknown): { settings: PlaygroundSettings; problems: PlaygroundConfigProblem[] } {
  const settings: PlaygroundSettings = { versions: [] };
  const problems: PlaygroundConfigProblem[] = [];
  if (data === undefined) return { settings, problems };
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    return { settings, problems: [{ pointer: '', reason: 'Expected an object {"compilerBaseUrl": "…", "versions": […]}' }] };
  }
  for (const [key, value] of Object.entries(data)) {
    if (key === '$schema') continue; // the editor's pointer to config/schemas/playground.schema.json
    if (key === 'compilerBaseUrl') {
      if (typeof value !== 'string') problems.push({ pointer: '/compilerBaseUrl', reason: 'Expected `compilerBaseUrl` to be a string' });
      else if (value !== '' && !BASE_URL.test(value)) {
        problems.push({ pointer: '/compilerBaseUrl', reason: 'Expected `compilerBaseUrl` to be an http(s) URL or a site path, without a trailing slash, query or hash' });
      } else if (value !== '') settings.compilerBaseUrl = value;
    } else if (key === 'versions') {
      if (!Array.isArray(value)) {
        problems.push({ pointer: '/versions', reason: 'Expected `versions` to be an array of versions like "v12.0.0"' });
        continue;
      }
      value.forEach((v: unknown, i) => {
        if (typeof v !== 'string' || !VERSION.test(v)) problems.push({ pointer: `/versions/${i}`, reason: 'Expected a version like "v12.0.0"' });
        else if (settings.versions.includes(v)) problems.push({ pointer: `/versions/${i}`, reason: `Version ${v} is listed twice` });
        else settings.versions.push(v);
      });
    } else {
      problems.push({ pointer: `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, reason: `Unknown setting \`${key}\` (known: compilerBaseUrl, versions)` });
    }
  }
  if (settings.compilerBaseUrl && settings.versions.length === 0) {
    problems.push({ pointer: '/versions', reason: 'With a `compilerBaseUrl`, list at least one compiler version in `versions`' });
    delete settings.compilerBaseUrl;
  }
  return { settings, problems };
}
