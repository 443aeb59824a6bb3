// The ReScript grammar converted at build time must highlight exactly as the grammar converted at
// run time, and must never be used once the grammar has changed.
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { createHighlighterCore, type LanguageRegistration } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { PRECOMPILED_RESCRIPT_GRAMMAR, RESCRIPT_GRAMMAR, precompile, revivePrecompiled } from '../../src/render/precompiled-grammar.ts';
import { grammarRegexes } from '../../src/render/regex-literals.ts';
import { CSS_VARIABLE_THEME } from '../../src/render/theme.ts';
import { repo } from '../helpers/cli.ts';

const text = fs.readFileSync(path.join(repo, RESCRIPT_GRAMMAR), 'utf8');

describe('precompiled ReScript grammar', () => {
  it('is the one npm ci made from the current grammar', () => {
    const built = JSON.parse(fs.readFileSync(path.join(repo, PRECOMPILED_RESCRIPT_GRAMMAR), 'utf8'));
    expect(built).toEqual(JSON.parse(JSON.stringify(precompile(text))));
  });

  it('holds the regexes the engine would build from the patterns', () => {
    const revived = revivePrecompiled(path.join(repo, PRECOMPILED_RESCRIPT_GRAMMAR), text)!;
    const key = (r: RegExp) => `${r.flags}/${r.source}/${JSON.stringify((r as { rawOptions?: unknown }).rawOptions ?? null)}`;
    const fromJson = grammarRegexes([JSON.parse(text)]).map(key).sort();
    expect(fromJson.length).toBeGreaterThan(90);
    expect(grammarRegexes([revived]).map(key).sort()).toEqual(fromJson);
  });

  it('highlights every ReScript example of the site exactly as the grammar converted at run time', async () => {
    const revived = revivePrecompiled(path.join(repo, PRECOMPILED_RESCRIPT_GRAMMAR), text)!;
    const make = (grammar: LanguageRegistration) =>
      createHighlighterCore({ themes: [CSS_VARIABLE_THEME], langs: [{ ...grammar, name: 'rescript' }], engine: createJavaScriptRegexEngine({ forgiving: true }) });
    const [a, b] = await Promise.all([make(revived), make(JSON.parse(text) as LanguageRegistration)]);
    let blocks = 0;
    for (const file of fg.sync('content/docs/manual/v12.0.0/*.mdx', { cwd: repo, absolute: true })) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/^```res[^\n]*\n([\s\S]*?)^```/gm)) {
        blocks++;
        const opts = { lang: 'rescript', theme: CSS_VARIABLE_THEME.name! };
        expect(a.codeToHtml(m[1]!, opts), file).toBe(b.codeToHtml(m[1]!, opts));
      }
    }
    expect(blocks).toBeGreaterThan(200);
  });

  it('is not used once the grammar has changed', () => {
    expect(revivePrecompiled(path.join(repo, PRECOMPILED_RESCRIPT_GRAMMAR), `${text} `)).toBeUndefined();
    expect(revivePrecompiled(path.join(repo, 'dist', 'missing.json'), text)).toBeUndefined();
  });
});
