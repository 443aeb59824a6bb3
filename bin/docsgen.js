#!/usr/bin/env node
import { createRequire } from 'node:module';

const { load, saveCodeCaches } = createRequire(import.meta.url)('./load.cjs');
await load('cli.cjs').main(process.argv);
saveCodeCaches();
