// Run by scripts/build-cli.mjs after bundling the CLI: prebuilds into dist/ the client assets, the
// ReScript grammar with its regexes converted (src/render/precompiled-grammar.ts), and the table of
// the grammars' required literals (src/render/regex-literals.ts), and the page the code-cache warm-up
// adds to its site so that every grammar's module is compiled (scripts/build-cli.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prebuildAssets } from './bundle.ts';
import { HIGHLIGHTED_LANGUAGES, loadGrammar } from '../render/highlight.ts';
import { LITERALS_FILE, literalTable } from '../render/regex-literals.ts';
import { PRECOMPILED_RESCRIPT_GRAMMAR, RESCRIPT_GRAMMAR, precompile } from '../render/precompiled-grammar.ts';
import { toolDir } from './config.ts';

const file = await prebuildAssets();
process.stdout.write(`prebuilt client assets: ${file}\n`);

// The ReScript grammar's regexes converted ahead of time (before the table: it reads them).
const precompiled = precompile(readFileSync(path.join(toolDir(), RESCRIPT_GRAMMAR), 'utf8'));
writeFileSync(path.join(toolDir(), PRECOMPILED_RESCRIPT_GRAMMAR), `${JSON.stringify(precompiled)}\n`);

const grammars = await Promise.all(HIGHLIGHTED_LANGUAGES.map((lang) => loadGrammar(lang)));
const table = literalTable(grammars);
writeFileSync(path.join(toolDir(), LITERALS_FILE), `${JSON.stringify(table)}\n`);
const entries = Object.values(table);
process.stdout.write(`required literals: ${entries.filter(Boolean).length} of ${entries.length} grammar regexes\n`);

const sample = 'let answer = {"value": 42, `text`: \'x\'} // note';
writeFileSync(
  path.join(toolDir(), 'dist', 'warm-up.md'),
  `---\ntitle: Every highlighted language\n---\n\n${HIGHLIGHTED_LANGUAGES.map((lang) => `## ${lang}\n\n\`\`\`${lang}\n${sample}\n\`\`\`\n`).join('\n')}`,
);
