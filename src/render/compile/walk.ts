// The walk over a page's Markdown tree: each node is checked, compiled (tags, expressions, code,
// links, heading ids) and handed on as the mdast that becomes the body.
import { toString } from 'mdast-util-to-string';
import type { Code, Heading as MdHeading, Parents, RootContent } from 'mdast';
import { compileCode } from './code.ts';
import { compileExpression, compileJsx, type JsxNode } from './jsx.ts';
import { recordLink } from './links.ts';
import { report, type WalkState } from './state.ts';

export function walkChildren(state: WalkState, children: readonly RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  // Index loops and one output array: the walk runs mostly before V8 optimises it, where a
  // `for…of`, a spread and an array per node each allocate (iterators and their results: ~10 % of
  // the main thread's allocations on the bench corpus).
  for (let i = 0; i < children.length; i++) walkNode(state, children[i]!, out);
  return out;
}

/**
 * Walks one node into `out`, then drops its source position: every message that needs it is
 * reported during the walk, and mdast-util-to-hast copies a position into each hast node it makes
 * (~20 % of its time on the bench corpus, and garbage), for nothing downstream to read.
 */
function walkNode(state: WalkState, node: RootContent, out: RootContent[]): void {
  const made = walkOne(state, node);
  if (Array.isArray(made)) for (let i = 0; i < made.length; i++) out.push(made[i]!);
  else if (made !== null) out.push(made);
  node.position = undefined;
}

/** The node as compiled: itself or another node, several nodes, or none (null). */
function walkOne(state: WalkState, node: RootContent): RootContent | RootContent[] | null {
  const type = node.type as string;
  switch (type) {
    case 'mdxjsEsm':
      report(state, node, 'warning', '`import`/`export` lines are ignored: components come from docsgen by name', 'esm-ignored');
      return null;
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return compileExpression(state, node as never);
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return compileJsx(state, node as unknown as JsxNode);
    case 'code':
      return compileCode(state, node as Code);
    case 'html':
      return null; // only reachable in the plain-Markdown fallback; raw HTML is never passed through
    case 'link':
    case 'definition':
    case 'image': {
      const n = node as { url: string };
      n.url = recordLink(state, n.url, node, type === 'image');
      break;
    }
    case 'paragraph': {
      // A paragraph holding only tags (`<div className="hidden">x</div>` on one line) is flow
      // content, as in MDX: unwrap it so block elements are not nested in <p>.
      const kids = (node as Parents).children as RootContent[];
      const onlyTags = kids.some((k) => (k.type as string) === 'mdxJsxTextElement') &&
        kids.every((k) => (k.type as string) === 'mdxJsxTextElement' || (k.type as string) === 'mdxTextExpression' || (k.type === 'text' && k.value.trim() === ''));
      if (onlyTags) return walkChildren(state, kids.filter((k) => k.type !== 'text'));
      break;
    }
    case 'heading': {
      const h = node as MdHeading;
      h.children = walkChildren(state, h.children) as MdHeading['children'];
      // `## Title {#id}` (plain Markdown pages only: in the dialect `{` opens an expression).
      const last = h.children[h.children.length - 1];
      const explicit = last?.type === 'text' && last.value.includes('{#') ? /\s*\{#([\w-]+)\}\s*$/.exec(last.value) : null;
      if (explicit && last?.type === 'text') last.value = last.value.slice(0, explicit.index);
      const text = toString(h).trim();
      const id = explicit ? state.headingIds.explicit(explicit[1]!) : state.headingIds.slug(text);
      state.headings.push({ depth: h.depth, text, id });
      h.data = { ...(h.data ?? {}), hProperties: { id } };
      return h;
    }
  }
  if ('children' in node) {
    (node as Parents).children = walkChildren(state, (node as Parents).children) as never;
  }
  return node;
}
