#!/usr/bin/env node
import { createRequire } from 'node:module';

const { load, saveCodeCaches, startEarly } = createRequire(import.meta.url)('./load.cjs');
// A build of 50 pages or more highlights code on a thread of its own: start it now, while this
// thread loads the CLI and reads the content.
if (process.argv[2] === 'build' && !process.argv.some((a) => a === '--workers' || a.startsWith('--workers='))) startEarly('highlight-worker.cjs');
await load('cli.cjs').main(process.argv);
saveCodeCaches();
