// Code fences: their meta (`res example {1,3} title="…"`), preludes, and the highlighted block.
import type { Code, RootContent } from 'mdast';
import { parseHighlightSpec, resolveLanguage } from '../highlight.ts';
import type * as C from '../../components/content.tsx';
import { report, startOf, tableNode, type WalkState } from './state.ts';
import { recordLink } from './links.ts';
import type { CodeLink } from '../code-links.ts';

interface FenceMeta {
  words: string[];
  highlight: Set<number> | undefined;
  title: string | undefined;
  /** `links="FROM-TO=HREF …"`: ranges of the code that are links (the API pages' signatures, src/api/sig-links.ts). */
  links: CodeLink[] | undefined;
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
  let links: FenceMeta['links'];
  for (const token of meta.match(/\{[^}]*\}|\w+="[^"]*"|\S+/g) ?? []) {
    if (token.startsWith('{')) {
      const spec = parseHighlightSpec(token.slice(1, -1));
      if (spec) highlight = spec;
      else report(state, node, 'warning', `Invalid line-highlight spec \`${token}\` (use e.g. {1,3-5})`, 'code-highlight-spec');
    } else if (token.startsWith('title=')) title = token.slice(7, -1);
    else if (token.startsWith('links="')) links = parseCodeLinks(state, node, token.slice(7, -1));
    else words.push(token);
  }
  return { words, highlight, title, links };
}

/** `FROM-TO=HREF` entries separated by spaces; one that is not is reported and left out. */
function parseCodeLinks(state: WalkState, node: Code, spec: string): CodeLink[] {
  const links: CodeLink[] = [];
  for (const entry of spec.split(' ').filter(Boolean)) {
    const m = /^(\d+)-(\d+)=(\S+)$/.exec(entry);
    const from = Number(m?.[1]);
    const to = Number(m?.[2]);
    if (m && from < to && to <= node.value.length) links.push({ from, to, href: m[3]! });
    else report(state, node, 'warning', `Invalid code link \`${entry}\` (use FROM-TO=HREF, offsets into the code)`, 'code-links');
  }
  return links;
}

/** SPEC §4: the run-in-playground button shows only for `res`/`rescript` code. */
export function isPlayable(lang: string): boolean {
  return /^(res|rescript)$/i.test(lang);
}

/** Code links of each page's walk already recorded for the link check: as written → resolved. */
const recordedCodeLinks = new WeakMap<WalkState, Map<string, string>>();

/**
 * A block's links with their targets resolved and recorded for the link check as any link of the
 * page, once per page and target (an API page names its own `t` in dozens of signatures). A
 * relative one is kept as written (`#type-t`, `../core/iterator#type-t`): the same block in every
 * version, and right on the page's alias copy.
 */
function checkedCodeLinks(state: WalkState, node: Code, links: CodeLink[]): CodeLink[] {
  let recorded = recordedCodeLinks.get(state);
  if (!recorded) recordedCodeLinks.set(state, (recorded = new Map()));
  return links.map((l) => {
    let href = recorded.get(l.href);
    if (href === undefined) recorded.set(l.href, (href = recordLink(state, l.href, node)));
    return { ...l, href: l.href.startsWith('/') ? href : l.href };
  });
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
  const links = meta.links && checkedCodeLinks(state, node, meta.links);
  const html = state.highlight({
    lang: grammar,
    code: node.value,
    ...(meta.highlight ? { highlight: meta.highlight } : {}),
    ...(links?.length ? { links } : {}),
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
