// Code fences: their meta (`res example {1,3} title="…"`), preludes, and the highlighted block.
import type { Code, RootContent } from 'mdast';
import { parseHighlightSpec, resolveLanguage } from '../highlight.ts';
import type * as C from '../../components/content.tsx';
import { report, startOf, tableNode, type WalkState } from './state.ts';

interface FenceMeta {
  words: string[];
  highlight: Set<number> | undefined;
  title: string | undefined;
}

export function parseFenceMeta(state: WalkState, node: Code): FenceMeta {
  // `res{1,2}` (no space) puts the spec in `lang`; handle both places.
  let lang = node.lang ?? '';
  let meta = node.meta ?? '';
  const inLang = /^([^{]*)(\{.*)$/.exec(lang);
  if (inLang) {
    lang = inLang[1]!;
    meta = `${inLang[2]} ${meta}`;
  }
  node.lang = lang;
  const words: string[] = [];
  let highlight: Set<number> | undefined;
  let title: string | undefined;
  for (const token of meta.match(/\{[^}]*\}|\w+="[^"]*"|\S+/g) ?? []) {
    if (token.startsWith('{')) {
      const spec = parseHighlightSpec(token.slice(1, -1));
      if (spec) highlight = spec;
      else report(state, node, 'warning', `Invalid line-highlight spec \`${token}\` (use e.g. {1,3-5})`, 'code-highlight-spec');
    } else if (token.startsWith('title=')) title = token.slice(7, -1);
    else words.push(token);
  }
  return { words, highlight, title };
}

/** SPEC §4: the run-in-playground button shows only for `res`/`rescript` code. */
export function isPlayable(lang: string): boolean {
  return /^(res|rescript)$/i.test(lang);
}

export function compileCode(state: WalkState, node: Code): RootContent | null {
  const meta = parseFenceMeta(state, node);
  const lang = node.lang ?? '';
  const place = startOf(node);
  if (meta.words.includes('prelude')) {
    state.preludes.push(node.value);
    return null;
  }
  const grammar = resolveLanguage(lang);
  const html = state.highlight({
    lang: grammar,
    code: node.value,
    ...(meta.highlight ? { highlight: meta.highlight } : {}),
  });
  const variant = meta.words.includes('sig') ? 'sig' : meta.words.includes('example') ? 'example' : 'plain';
  const props: C.CodeBlockProps = { lang: grammar, html, variant };
  if (meta.title) props.title = meta.title;
  if (variant === 'example' && isPlayable(lang)) {
    props.playground = true;
    if (state.preludes.length) props.prelude = state.preludes.join('\n\n');
  }
  return tableNode(state, 'CodeBlock', props);
}
