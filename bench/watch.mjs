// Edit-to-reload latency of `docsgen serve --watch` on a copy of the repo site.
//
//   node bench/watch.mjs [--edits 10] [--port 4106] [--kind paragraph|title] [--no-route]
//
// (--no-route: the stream URL of docsgen before incremental watch, which took no route.)
//
// Copies content/, config/ and public/ to a temp dir, starts `serve --watch` there, opens the
// live-reload event stream as the edited page would (its route in the query), then saves the page
// N times and measures, for each save, the time from the write to the `reload` event for that page.
// Prints every sample and the median.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const edits = Number(arg('edits', '10'));
const port = Number(arg('port', '4106'));
const kind = arg('kind', 'paragraph');
const bin = arg('bin', path.join(repo, 'bin', 'docsgen.js'));

const root = mkdtempSync(path.join(tmpdir(), 'docsgen-bench-watch-'));
for (const d of ['content', 'config', 'public', 'node_modules/.cache/docsgen']) {
  if (existsSync(path.join(repo, d))) cpSync(path.join(repo, d), path.join(root, d), { recursive: true });
}
const route = '/docs/manual/v11.0.0/pipe';
const file = path.join(root, 'content/docs/manual/v11.0.0/pipe.mdx');
const original = readFileSync(file, 'utf8');

const child = spawn(process.execPath, [bin, 'serve', '--watch', '--root', root, '--port', String(port)], {
  env: { ...process.env, NO_COLOR: '1' },
});
let output = '';
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));
const until = async (check, ms = 120_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out:\n${output}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

try {
  await until(() => output.includes(`:${port}/`));
  let reloads = 0;
  let lastReload = 0;
  await new Promise((resolve) => {
    http.get({ host: '127.0.0.1', port, path: process.argv.includes('--no-route') ? '/__docsgen/events' : `/__docsgen/events?route=${encodeURIComponent(route)}` }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        for (const _ of chunk.matchAll(/^event: reload$/gm)) {
          reloads++;
          lastReload = performance.now();
        }
      });
      resolve();
    });
  });
  await new Promise((r) => setTimeout(r, 1500)); // the watcher is ready
  const samples = [];
  for (let i = 0; i < edits; i++) {
    const text =
      kind === 'title'
        ? original.replace(/^title: .*$/m, `title: "Pipe ${i}"`)
        : original.replace(/\n\n([A-Z][^\n]+)\n/, `\n\n$1 Edit ${i}.\n`);
    const seen = reloads;
    const t0 = performance.now();
    writeFileSync(file, text);
    await until(() => reloads > seen, 30_000);
    samples.push(lastReload - t0);
    await new Promise((r) => setTimeout(r, 300));
  }
  samples.sort((a, b) => a - b);
  const median = samples.length % 2 ? samples[(samples.length - 1) / 2] : (samples[samples.length / 2 - 1] + samples[samples.length / 2]) / 2;
  console.log(`${kind} edits: ${samples.map((s) => s.toFixed(0)).join(' ')} ms`);
  console.log(`median ${median.toFixed(0)} ms over ${samples.length} edits`);
} finally {
  child.kill();
  rmSync(root, { recursive: true, force: true });
}
