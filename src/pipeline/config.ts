import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sha1 } from '../util/text.ts';
import { DocsgenError } from './errors.ts';
import type { CheckLevel } from './types.ts';

/** What the CLI (or a test) asks for; every field optional. */
export interface InlineConfig {
  /** Project root; other paths are resolved against it. Default: cwd. */
  root?: string;
  content?: string;
  config?: string;
  out?: string;
  /** Warnings fail the build. */
  strict?: boolean;
  /** Severity of broken links and anchors (the `--links` flag); wins over site.json `links`. */
  links?: CheckLevel;
  /** Severity when neither the flag nor site.json says: `error` for build and check, `warn` for serve. */
  linksDefault?: CheckLevel;
  quiet?: boolean;
  verbose?: boolean;
  /** Write the site even when content has errors (they are still reported). */
  force?: boolean;
  /** Render worker threads; 0 renders on the main thread. Default: by page count and cores. */
  workers?: number;
  /** Directory for the on-disk cache; false disables it. */
  cache?: string | false;
  /** Fixed "now" for reproducible output (copyright year, feed dates). */
  now?: Date;
}

/** Config resolved once: absolute paths, defaults, a hash of everything that affects output. */
export interface ResolvedConfig {
  readonly root: string;
  readonly contentDir: string;
  readonly configDir: string;
  readonly outDir: string;
  /** Built-in config (schemas) used where the project has none. */
  readonly builtinConfigDir: string;
  readonly strict: boolean;
  /** From the command line, if given. */
  readonly links: CheckLevel | undefined;
  readonly linksDefault: CheckLevel;
  readonly quiet: boolean;
  readonly verbose: boolean;
  readonly force: boolean;
  readonly workers: number | undefined;
  readonly cacheDir: string | false;
  readonly toolVersion: string;
  readonly now: Date;
}

/** docsgen's own install directory (works from src/ under vitest and from dist/ when bundled). */
export function toolDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return dir;
}

export function resolveConfig(inline: InlineConfig = {}): ResolvedConfig {
  const root = path.resolve(inline.root ?? process.cwd());
  const contentDir = path.resolve(root, inline.content ?? 'content');
  const configDir = path.resolve(root, inline.config ?? 'config');
  const outDir = path.resolve(root, inline.out ?? 'out');
  if (!existsSync(contentDir)) throw new DocsgenError('ContentDirMissing', contentDir, 2);
  for (const forbidden of [root, contentDir, configDir, path.parse(outDir).root]) {
    if (outDir === forbidden || forbidden.startsWith(outDir + path.sep)) {
      throw new DocsgenError('OutDirUnsafe', outDir, 2);
    }
  }
  const tool = toolDir();
  const pkg = JSON.parse(readFileSync(path.join(tool, 'package.json'), 'utf8')) as { version: string };
  const cacheDir =
    inline.cache === false ? false : path.resolve(root, inline.cache ?? path.join('node_modules', '.cache', 'docsgen'));
  return Object.freeze({
    root,
    contentDir,
    configDir,
    outDir,
    builtinConfigDir: path.join(tool, 'config'),
    strict: inline.strict ?? false,
    links: inline.links,
    linksDefault: inline.linksDefault ?? 'error',
    quiet: inline.quiet ?? false,
    verbose: inline.verbose ?? false,
    force: inline.force ?? false,
    workers: inline.workers,
    cacheDir,
    toolVersion: `${pkg.version}+${sha1(readFileSync(path.join(tool, 'package.json'))).slice(0, 8)}`,
    now: inline.now ?? new Date(),
  });
}

/** Path as shown in messages: relative to the project root. */
export function displayPath(config: Pick<ResolvedConfig, 'root'>, absPath: string): string {
  // Most paths are under the root: sliced, not resolved again (path.relative resolves both sides).
  if (absPath.startsWith(config.root) && absPath[config.root.length] === path.sep && !absPath.includes(`${path.sep}..`)) {
    return absPath.slice(config.root.length + 1).split(path.sep).join('/');
  }
  const rel = path.relative(config.root, absPath);
  return (rel.startsWith('..') ? absPath : rel).split(path.sep).join('/');
}
