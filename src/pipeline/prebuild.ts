// Run by scripts/build-cli.mjs after bundling the CLI: prebuilds the client assets into dist/, and
// the table of the shipped grammars' required literals (src/render/regex-literals.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { prebuildAssets } from './bundle.ts';
import { HIGHLIGHTED_LANGUAGES, loadGrammar } from '../render/highlight.ts';
import { LITERALS_FILE, literalTable } from '../render/regex-literals.ts';
import { toolDir } from './config.ts';

const file = await prebuildAssets();
process.stdout.write(`prebuilt client assets: ${file}\n`);

const grammars = await Promise.all(HIGHLIGHTED_LANGUAGES.map((lang) => loadGrammar(lang)));
const table = literalTable(grammars);
writeFileSync(path.join(toolDir(), LITERALS_FILE), `${JSON.stringify(table)}\n`);
const entries = Object.values(table);
process.stdout.write(`required literals: ${entries.filter(Boolean).length} of ${entries.length} grammar regexes\n`);
