// Makes the playground's compiler ready: the pinned ReScript 12 toolchain in tools/rescript/v12
// (the one scripts/check-examples.mjs compiles the v12 examples with) and @rescript/react's
// compiled interfaces in it, which `docsgen serve`'s POST /api/compile passes to bsc so JSX and
// React code compile as in the official playground. Run by `npm ci` (the `prepare` script);
// skipped when both are there. Without it, the endpoint falls back to the ReScript 12 of
// tools/api, which has no React bindings. A failure is reported and leaves `npm ci` to succeed:
// the site builds without it, and only React code in the playground is affected.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'tools', 'rescript', 'v12');
const react = path.join(dir, 'node_modules', '@rescript', 'react');
const rescriptBin = path.join(dir, 'node_modules', '.bin', process.platform === 'win32' ? 'rescript.cmd' : 'rescript');

/** Runs a command; `quiet` keeps its output unless it fails (the React build prints a page of deprecation warnings). */
function run(command, args, cwd, quiet = false) {
  const r = spawnSync(command, args, { cwd, stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (r.status !== 0 && quiet) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`.slice(-4000));
  return r.status === 0;
}

function warn(what) {
  console.warn(`docsgen: ${what}; the playground will not compile React code until \`node scripts/install-playground.mjs\` succeeds`);
  process.exit(0);
}

if (!existsSync(rescriptBin) || !existsSync(path.join(react, 'package.json'))) {
  console.log('docsgen: installing the playground compiler (ReScript 12 and @rescript/react) into tools/rescript/v12');
  // `npm install --no-save`, as check-examples does: the lockfile pins every version, and npm
  // skips rescript's platform binaries for other systems, which `npm ci` would insist on.
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  if (!run(npm, ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', dir], dir)) warn('installing tools/rescript/v12 failed');
}
if (!existsSync(path.join(react, 'lib', 'ocaml', 'React.cmi'))) {
  console.log('docsgen: building @rescript/react for the playground');
  if (!run(rescriptBin, ['build'], react, true)) warn('building @rescript/react failed');
}
