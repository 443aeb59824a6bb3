// The `llms` page of each docs version, when content does not write one but the version's sidebar
// names it: one template with the version filled in, linking that version's generated llms files
// (`buildGenerated` writes llms.txt, llms-full.txt and llms-small.txt for every docs version).
import { sha1 } from '../../util/text.ts';
import { extractFrontMatter } from '../load.ts';
import type { LoadedConfig, SourceFile } from '../types.ts';
import type { ResolvedSiteConfig } from '../site-config.ts';

export interface LlmsTemplateValues {
  /** `ReScript Language Manual v11.0.0` */
  name: string;
  /** `/docs/manual/v11.0.0` */
  base: string;
}

/** The one template: Markdown with front matter, `{name}` and `{base}` filled in. */
export function llmsMarkdown({ name, base }: LlmsTemplateValues): string {
  return `---
title: "LLMs"
description: ${JSON.stringify(`Plain-text versions of the ${name} documentation for AI assistants and coding tools.`)}
---

# LLMs

Language models have seen far more JavaScript than ReScript, and much of the ReScript they have
seen is outdated. This documentation is also published as plain text, so that an assistant answers
with the syntax and APIs of this version: the ${name} documentation.

## The Files

| File | Contents | Use it when |
| --- | --- | --- |
| [llms.txt](${base}/llms.txt) | an index: the title, a one-line description and the address of every page | a tool should pick the pages it needs by itself |
| [llms-full.txt](${base}/llms-full.txt) | every page of this version as Markdown, in one file | the model should have the whole documentation in its context |
| [llms-small.txt](${base}/llms-small.txt) | the same pages without the compiled JavaScript next to the examples | the context window is tight |

The files are made together with the website, so they always match the pages you are reading.
Other versions have their own files under their own version path.

## Using the Files

- **Chat assistants**: attach \`llms-small.txt\` or \`llms-full.txt\` to the conversation, then ask.
- **Editors and coding agents**: register the address of \`llms.txt\` or \`llms-full.txt\` as a documentation source.
- **Project instructions**: say in your agent's instructions file which version the project uses and where these files are.

Whatever the assistant writes, compile it: the compiler's errors name the line and the fix, and
code that compiles is free of whole classes of mistakes.
`;
}

/** Sidebars (`{section}-{version}`) that list an `llms` page. */
function versionsNamingLlms(config: LoadedConfig): { section: string; version: string }[] {
  const out: { section: string; version: string }[] = [];
  for (const [name, file] of config.sidebars) {
    const m = /^([a-z]+)-(.+)$/.exec(name);
    const data = file.data;
    if (!m || !data || typeof data !== 'object' || Array.isArray(data)) continue;
    if (Object.values(data as Record<string, unknown>).some((slugs) => Array.isArray(slugs) && slugs.includes('llms'))) {
      out.push({ section: m[1]!, version: m[2]! });
    }
  }
  return out;
}

/** Generated `llms` sources for the versions whose sidebar names one that content lacks. */
export function llmsSources(sources: SourceFile[], config: LoadedConfig, site: ResolvedSiteConfig): SourceFile[] {
  const routes = new Set(sources.map((s) => s.route));
  const out: SourceFile[] = [];
  for (const { section, version } of versionsNamingLlms(config)) {
    const base = `/docs/${section}/${version}`;
    if (routes.has(`${base}/llms`)) continue; // the site wrote its own
    const name = `${site.site.title} ${site.sections[section]?.name ?? section} ${site.sections[section]?.labels[version] ?? version}`;
    const raw = llmsMarkdown({ name, base });
    out.push({
      id: `docs/${section}/${version}/llms.generated`,
      absPath: `docs/${section}/${version}/llms.generated`,
      generated: true,
      displayPath: config.sidebars.get(`${section}-${version}`)!.displayPath,
      kind: 'docs',
      route: `${base}/llms`,
      section,
      version,
      slug: 'llms',
      raw,
      hash: sha1(raw),
      frontMatter: extractFrontMatter(raw, config.sidebars.get(`${section}-${version}`)!.displayPath),
    });
  }
  return out;
}
