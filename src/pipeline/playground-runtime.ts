// The ReScript runtime, published with the site for the playground on a static host. Code the
// browser compiler bundle compiles imports the runtime's modules (`Stdlib_Array.js`); under
// `docsgen serve` the endpoint serves them (GET /api/runtime/…), a static host has no endpoint.
// So when config/playground.json names a bundle of the same version as the installed runtime
// (`@rescript/runtime` 12.3.1 and the bundle `v12.3.1`), the build writes the runtime's ES modules
// to out/playground/runtime/12.3.1/ and tells the /try page where they are.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PlaygroundSettings, PublishedRuntime } from '../components/playground/config.ts';
import type { OutputFile } from './types.ts';
import { defaultSearchDirs, resolveCompiler } from './rescript-toolchain.ts';

/** Where the runtime goes in out/, one folder per version. */
export const RUNTIME_DIR = 'playground/runtime';
/** A module of the runtime's ES module folder (its file names are plain). */
const MODULE_FILE = /^[\w$.-]+\.js$/;

export interface RuntimeToPublish {
  runtime: PublishedRuntime;
  /** Its files for out/, read when asked for (a build that writes nothing never reads them). */
  files(): OutputFile[];
}

/**
 * The runtime to publish for these settings, found from the site's root and then docsgen's own
 * toolchains, or undefined (no bundle named, no runtime installed, or none of the bundle versions
 * is the runtime's).
 */
export function runtimeToPublish(settings: PlaygroundSettings, root: string): RuntimeToPublish | undefined {
  if (!settings.compilerBaseUrl) return undefined;
  const compiler = resolveCompiler(defaultSearchDirs(root));
  if (!compiler || !settings.versions.includes(`v${compiler.version}`)) return undefined;
  const dir = path.join(compiler.runtime, 'lib', 'es6');
  let modules: string[];
  try {
    modules = readdirSync(dir).filter((name) => MODULE_FILE.test(name)).sort();
  } catch {
    return undefined;
  }
  const folder = `${RUNTIME_DIR}/${compiler.version}`;
  return {
    runtime: { version: compiler.version, path: `/${folder}/`, modules },
    files: () => modules.map((name) => ({ path: `${folder}/${name}`, contents: readFileSync(path.join(dir, name)) })),
  };
}
