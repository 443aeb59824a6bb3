// Finding the ReScript 12+ toolchain a site or docsgen has installed: the compiler binary the
// playground's endpoint runs (src/serve/compile-endpoint.ts), and the runtime its output imports,
// which a build publishes for the browser compiler on static hosts (playground-runtime.ts).
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { toolDir } from './config.ts';

/** Where the compiler binary and its runtime library are. */
export interface ResolvedCompiler {
  bsc: string;
  /** `@rescript/runtime` (ReScript 12+), passed as `-runtime-path`. */
  runtime: string;
  /**
   * Compiled interfaces of the libraries the code may use, passed as `-I`: @rescript/react's
   * `lib/ocaml`, when it is installed beside the compiler and built (empty otherwise).
   */
  includes: string[];
  version: string;
}

/**
 * @rescript/react's compiled interfaces, resolved from where `rescript` was found: the directory
 * `rescript build` writes a dependency's `.cmi` files to (rewatch passes the same `-I`), so the
 * toolchain that compiles the docs' examples (scripts/check-examples.mjs) compiles the playground's
 * code too; `npm ci` builds it there (scripts/install-playground.mjs). Null when not installed or
 * not built yet.
 */
function resolveReactInterfaces(fromDir: NodeJS.Require): string | null {
  try {
    const dir = path.join(path.dirname(fromDir.resolve('@rescript/react/package.json')), 'lib', 'ocaml');
    return existsSync(path.join(dir, 'React.cmi')) ? realpathSync(dir) : null;
  } catch {
    return null;
  }
}

/**
 * Finds a ReScript 12+ compiler: `rescript` resolved from each directory in turn, its platform
 * binary package (`@rescript/linux-x64` …) and `@rescript/runtime` resolved from it. Running
 * `bsc.exe` directly instead of `rescript build` in the temp project: ~0.05 s of CPU per compile
 * instead of ~0.4 s (the build tool starts node, ninja and a dependency scan for one file).
 */
export function resolveCompiler(searchFrom: string[]): ResolvedCompiler | null {
  for (const dir of searchFrom) {
    try {
      const fromDir = createRequire(path.join(dir, 'noop.js'));
      const pkgJson = fromDir.resolve('rescript/package.json');
      const fromRescript = createRequire(pkgJson);
      // The platform package exports only its `bin.js`, which sits beside `bin/`.
      const platform = path.dirname(fromRescript.resolve(`@rescript/${process.platform}-${process.arch}`));
      const bsc = path.join(platform, 'bin', 'bsc.exe');
      const runtimeJson = fromRescript.resolve('@rescript/runtime/package.json');
      const runtime = realpathSync(path.dirname(runtimeJson));
      // The runtime's version, not the `rescript` package's: where a ReScript 11 package is the one
      // named `rescript` (the API reference installs several), the 12 binary and runtime beside it
      // are what compiles.
      const version = (JSON.parse(readFileSync(runtimeJson, 'utf8')) as { version?: string }).version ?? 'unknown';
      if (existsSync(bsc)) {
        const react = resolveReactInterfaces(fromDir);
        return { bsc, runtime, includes: react ? [react] : [], version };
      }
    } catch {
      // not in this directory (or not ReScript 12+): try the next
    }
  }
  return null;
}

/**
 * The default places to look for a compiler (see `CompileEndpointOptions.searchFrom`): the site's
 * own (`from`, the working directory for `docsgen serve`), then docsgen's pinned toolchains.
 */
export function defaultSearchDirs(from = process.cwd()): string[] {
  return [from, path.join(toolDir(), 'tools', 'rescript', 'v12'), path.join(toolDir(), 'tools', 'api')];
}
