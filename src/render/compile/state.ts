// What every step of a page's compile shares: its inputs, the walk's state, and the helpers that
// write into that state. Imports nothing from the other steps, so each of them can import it.
import type { HeadingIds } from './heading-ids.ts';
import type { Nodes, RootContent } from 'mdast';
import type { HighlighterCore } from 'shiki/core';
import type { HighlightOptions } from '../highlight.ts';
import { message } from '../../pipeline/messages.ts';
import type * as C from '../../components/content.tsx';
import type { PlaygroundSettings } from '../../components/playground/config.ts';
import type { Heading, LinkRef, Message } from '../../pipeline/types.ts';

/** Site facts a page's Markdown needs; the same for every page of a build. */
export interface CompileContext {
  /** Content file id without extension → route, to resolve relative links by file. */
  routeByFile: Record<string, string>;
  /** Section → alias → version (`manual` → `next` → `v12.0.0`) for aliases without routes of their own. */
  rewriteAliases: Record<string, Record<string, string>>;
  warnings: C.WarningEntry[];
  communityLinks: C.CommunityLink[];
  /** Ways to support the project (site.json `support`), for <DonationForm>. */
  supportLinks: C.CommunityLink[];
  /** config/playground.json, for <Playground>. */
  playground?: PlaygroundSettings;
}

export interface CompileInput {
  id: string;
  displayPath: string;
  raw: string;
  route: string | null;
  frontMatterLines: number;
  /** Validated front matter title, if any. */
  title: string | undefined;
  /** `md` parses plain Markdown (generated pages); default: the dialect. */
  format?: 'mdx' | 'md';
}

/**
 * How a page's code blocks become highlighted HTML: a highlighter on this thread, or a function
 * that returns the HTML, or a placeholder for it filled in later (compile-pages' highlight thread).
 */
export type Highlight = HighlighterCore | ((options: HighlightOptions) => string);

/** What the walk of one page's tree carries and collects. */
export interface WalkState {
  input: CompileInput;
  ctx: CompileContext;
  highlight: (options: HighlightOptions) => string;
  /**
   * The tree walk (`walk.ts`). Tags hold Markdown, so the tag compiler walks their children; it
   * reaches the walk through here because the walk imports the tag compiler.
   */
  walkChildren: (state: WalkState, children: readonly RootContent[]) => RootContent[];
  messages: Message[];
  links: LinkRef[];
  headings: Heading[];
  headingIds: HeadingIds;
  table: unknown[];
  islands: Set<string>;
  preludes: string[];
  tabCount: number;
  /** The file → route lookups the page's links made (CompiledPage.fileRoutes). */
  fileRoutes: Map<string, string | null>;
}

export type AnyNode = Nodes & { data?: Record<string, unknown>; position?: { start: { line: number; column: number } } };

export function startOf(node: { position?: { start: { line: number; column: number } } | undefined }) {
  return node.position?.start ?? { line: 1, column: 1 };
}

export function report(state: WalkState, node: unknown, severity: Message['severity'], reason: string, rule: string, note?: string) {
  state.messages.push(message(state.input.displayPath, startOf(node as AnyNode), severity, reason, rule, note));
}

/** A node that renders as `hName` with props from the table. */
export function tableNode(state: WalkState, hName: string, props: unknown, children: RootContent[] = []): RootContent {
  state.table.push(props);
  return {
    type: 'docsgenElement',
    children,
    data: { hName, hProperties: { dataC: String(state.table.length - 1) } },
  } as unknown as RootContent;
}
