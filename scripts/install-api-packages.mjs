// Installs the ReScript packages the API reference is extracted from (tools/api/package.json) into
// tools/api/node_modules. Run by `npm ci` (the `prepare` script) and skipped when they are there.
// Not in the main lockfile: rescript 12's optional platform binaries for other systems are not on
// every registry, and `npm ci` refuses a lockfile that lacks them; `npm install` skips them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'tools', 'api');
const wanted = Object.keys(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies);
const missing = wanted.filter((name) => !existsSync(path.join(dir, 'node_modules', name, 'package.json')));
if (missing.length === 0) process.exit(0);
console.log(`docsgen: installing the API reference's ReScript packages into tools/api (${missing.join(', ')})`);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const r = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts'], { cwd: dir, stdio: 'inherit' });
process.exit(r.status ?? 1);
