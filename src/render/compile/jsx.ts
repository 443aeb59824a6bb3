// JSX-style tags and `{…}` expressions: attributes evaluated as literals (never run), components'
// props checked against the registry, HTML tags passed on with safe attributes.
import { toString } from 'mdast-util-to-string';
import type { RootContent } from 'mdast';
import { evaluateStatic, NotStatic, programExpression, type StaticValue } from '../static-eval.ts';
import { resolveLanguage } from '../highlight.ts';
import { message } from '../../pipeline/messages.ts';
import { closest } from '../../util/text.ts';
import { COMPONENTS, COMPONENT_NAMES, type PropType } from '../../components/registry.ts';
import type { CodeTabItem } from '../../components/code/CodeTabs.tsx';
import { isPlayable, parseFenceMeta } from './code.ts';
import { recordLink } from './links.ts';
import { report, startOf, tableNode, type WalkState } from './state.ts';

export type JsxNode = {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: {
    type: string;
    name?: string;
    value?: string | null | { value: string; data?: { estree?: unknown } };
    position?: { start: { line: number; column: number } };
  }[];
  children: RootContent[];
  position?: { start: { line: number; column: number } };
};

/** The attributes' values, and the names of those reported as not literals. */
function evaluateAttributes(state: WalkState, node: JsxNode): { values: Record<string, StaticValue>; rejected: Set<string> } {
  const out: Record<string, StaticValue> = {};
  const rejected = new Set<string>();
  for (const attr of node.attributes) {
    const at = attr.position ? attr : node;
    if (attr.type !== 'mdxJsxAttribute' || attr.name === undefined) {
      report(state, at, 'error', `Spread attributes are not supported on <${node.name}>: write each attribute as name="value"`, 'attribute-not-static');
      continue;
    }
    const value = attr.value;
    if (value === null || value === undefined) out[attr.name] = true;
    else if (typeof value === 'string') out[attr.name] = value;
    else {
      const expr = programExpression(value.data?.estree);
      if (expr === null) continue;
      try {
        out[attr.name] = evaluateStatic(expr);
      } catch (err) {
        if (!(err instanceof NotStatic)) throw err;
        rejected.add(attr.name);
        const place = err.offsetLine ? { line: err.offsetLine, column: (err.offsetColumn ?? 0) + 1 } : startOf(at);
        state.messages.push(
          message(
            state.input.displayPath,
            place,
            'error',
            `Attribute \`${attr.name}\` of <${node.name}> must be a literal (string, number, boolean, array or object); found ${describe(err.nodeType)}`,
            'attribute-not-static',
            'Content is never executed: expressions that need running code are not allowed.',
          ),
        );
      }
    }
  }
  return { values: out, rejected };
}

function describe(nodeType: string): string {
  return nodeType.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

const TYPE_CHECK: Record<PropType, (v: StaticValue) => boolean> = {
  string: (v) => typeof v === 'string',
  'string[]': (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  boolean: (v) => typeof v === 'boolean',
  number: (v) => typeof v === 'number',
};

function checkProps(state: WalkState, node: JsxNode, name: string, props: Record<string, StaticValue>, rejected: ReadonlySet<string>): boolean {
  const spec = COMPONENTS[name]!;
  let ok = true;
  // A problem with an attribute is reported at the attribute (the tag when it has no place).
  const at = (prop: string) => node.attributes.find((a) => a.name === prop && a.position) ?? node;
  for (const [prop, s] of Object.entries(spec.props)) {
    const v = props[prop];
    if (v === undefined) {
      if (s.required) {
        // One written but not a literal is reported where it is written.
        if (!rejected.has(prop)) report(state, node, 'error', `<${name}> needs the \`${prop}\` attribute`, 'component-prop-missing');
        ok = false;
      }
    } else if (s.type === 'boolean' && (v === 'true' || v === 'false')) {
      // The ReScript site's components took `withShadow="true"` as truthy; read the string as
      // the boolean it names, and say how to write it.
      props[prop] = v === 'true';
      report(
        state,
        at(prop),
        'warning',
        `Attribute \`${prop}\` of <${name}> is the string "${v}"; read as the boolean ${v}`,
        'component-prop-coerced',
        `Write ${prop}={${v}}.`,
      );
    } else if (!TYPE_CHECK[s.type](v)) {
      report(state, at(prop), 'error', `Attribute \`${prop}\` of <${name}> must be a ${s.type}`, 'component-prop-type');
      ok = false;
    } else if (s.required && typeof v === 'string' && v.trim() === '') {
      // `src=""` would render an image or video with nothing to show.
      report(state, at(prop), 'error', `Attribute \`${prop}\` of <${name}> is empty`, 'component-prop-empty');
      ok = false;
    }
  }
  for (const prop of Object.keys(props)) {
    if (!(prop in spec.props) && prop !== 'key') {
      report(state, at(prop), 'warning', `<${name}> has no attribute \`${prop}\` (known: ${Object.keys(spec.props).join(', ') || 'none'})`, 'component-prop-unknown');
    }
  }
  // Said only of a component otherwise right (an attribute in error is what to fix first).
  if (ok && spec.textAlternative && !spec.textAlternative.some((p) => typeof props[p] === 'string' || rejected.has(p))) {
    const first = spec.textAlternative[0]!;
    report(
      state,
      node,
      'warning',
      `<${name}> has no ${spec.textAlternative.map((p) => `\`${p}\``).join(' or ')}: screen readers skip what it shows`,
      'component-text-alternative',
      `Say what it shows with ${first}="…", or write ${first}="" if it only decorates.`,
    );
  }
  return ok;
}

function compileCodeTab(state: WalkState, node: JsxNode, props: Record<string, StaticValue>): RootContent {
  const labels = Array.isArray(props['labels']) ? (props['labels'] as string[]) : [];
  const tabs: CodeTabItem[] = [];
  const panels: string[] = [];
  for (const child of node.children) {
    if (child.type !== 'code') {
      if (!(child.type === 'paragraph' && toString(child).trim() === '')) {
        report(state, child, 'warning', '<CodeTab> holds only code blocks; this content is dropped', 'codetab-content');
      }
      continue;
    }
    const meta = parseFenceMeta(state, child);
    const lang = child.lang ?? '';
    const grammar = resolveLanguage(lang);
    const tab: CodeTabItem = { label: labels[tabs.length] ?? (lang || 'Code'), lang: grammar };
    if (isPlayable(lang)) tab.playground = true;
    tabs.push(tab);
    panels.push(
      state.highlight({ lang: grammar, code: child.value, ...(meta.highlight ? { highlight: meta.highlight } : {}) }),
    );
  }
  if (labels.length > 0 && labels.length !== tabs.length) {
    report(state, node, 'warning', `<CodeTab> has ${labels.length} labels for ${tabs.length} code blocks`, 'codetab-labels');
  }
  const tabProps: Record<string, unknown> = { id: `tabs-${++state.tabCount}`, tabs, panels };
  if (state.preludes.length && tabs.some((t) => t.playground)) tabProps['prelude'] = state.preludes.join('\n\n');
  return tableNode(state, 'CodeTab', tabProps);
}

function htmlProperties(state: WalkState, node: JsxNode, attrs: Record<string, StaticValue>): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'className' || name === 'class') props['className'] = String(value).split(/\s+/).filter(Boolean);
    else if (name === 'style' && value && typeof value === 'object' && !Array.isArray(value)) {
      props['style'] = Object.entries(value)
        .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${String(v)}`)
        .join('; ');
    } else if ((name === 'href' || name === 'src') && typeof value === 'string') {
      props[name] = recordLink(state, value, node, name === 'src');
    } else if (/^on[A-Z]/.test(name) || name === 'dangerouslySetInnerHTML') {
      report(state, node, 'error', `Attribute \`${name}\` is not allowed: content is never executed`, 'attribute-not-static');
    } else if (value !== undefined && value !== null && typeof value !== 'object') props[name] = value;
  }
  return props;
}

export function compileJsx(state: WalkState, node: JsxNode): RootContent[] {
  const name = node.name;
  if (name === null) return state.walkChildren(state, node.children); // fragment <>…</>
  const { values: attrs, rejected } = evaluateAttributes(state, node);
  if (/^[a-z][a-z0-9-]*$/.test(name)) {
    if (name === 'script' || name === 'style' || name === 'iframe') {
      report(state, node, 'error', `<${name}> is not allowed in content`, 'unknown-component');
      return [];
    }
    return [
      {
        type: 'docsgenElement',
        children: state.walkChildren(state, node.children),
        data: { hName: name, hProperties: htmlProperties(state, node, attrs) },
      } as unknown as RootContent,
    ];
  }
  if (!(name in COMPONENTS)) {
    const guess = guessComponent(name);
    report(
      state,
      node,
      'error',
      `Unknown component <${name}>`,
      'unknown-component',
      `${guess ? `Did you mean <${guess}>? ` : ''}Known components: ${COMPONENT_NAMES.join(', ')}; lowercase tags are HTML elements.`,
    );
    return state.walkChildren(state, node.children);
  }
  if (!checkProps(state, node, name, attrs, rejected)) return state.walkChildren(state, node.children);
  switch (name) {
    case 'CodeTab':
      return [compileCodeTab(state, node, attrs)];
    case 'WarningTable':
      return [tableNode(state, name, { warnings: state.ctx.warnings })];
    case 'CommunityContent':
    case 'CommunityResources':
      return [tableNode(state, name, { links: state.ctx.communityLinks }, state.walkChildren(state, node.children))];
    case 'Playground':
      state.islands.add('Playground');
      return [tableNode(state, name, { settings: state.ctx.playground ?? { versions: [] } })];
    case 'DonationForm':
      return [tableNode(state, name, { links: state.ctx.supportLinks })];
    case 'UrlBox':
      return [tableNode(state, name, { ...attrs, href: recordLink(state, String(attrs['href']), node) }, state.walkChildren(state, node.children))];
    case 'Intro':
    case 'Info':
    case 'Warn':
      return [{ type: 'docsgenElement', children: state.walkChildren(state, node.children), data: { hName: name } } as unknown as RootContent];
    default:
      // Image and Video: the file they show must be one of the site's.
      if (typeof attrs['src'] === 'string') attrs['src'] = recordLink(state, attrs['src'], node, true);
      return [tableNode(state, name, attrs, state.walkChildren(state, node.children))];
  }
}

export function compileExpression(state: WalkState, node: { type: string; value: string; data?: { estree?: unknown } }): RootContent[] {
  const expr = programExpression(node.data?.estree);
  if (expr === null) {
    // `{/* a comment */}` is dropped on purpose; an empty `{ }` is most likely meant as text.
    if (node.value.trim() === '') {
      report(
        state,
        node,
        'warning',
        'Empty `{ }` renders nothing',
        'expression-empty',
        'To show the braces, escape them as `\\{ \\}` or use inline code.',
      );
    }
    return [];
  }
  try {
    const value = evaluateStatic(expr);
    if (typeof value === 'string' || typeof value === 'number') return [{ type: 'text', value: String(value) }];
    report(state, node, 'error', 'Only string and number literals can appear as `{…}` in text', 'expression-not-static');
  } catch (err) {
    if (!(err instanceof NotStatic)) throw err;
    report(
      state,
      node,
      'error',
      `Expressions in text are not evaluated: \`{${node.value.trim().slice(0, 40)}}\``,
      'expression-not-static',
      'To write a literal brace, escape it as `\\{`.',
    );
  }
  return [];
}

/** The known component a misspelt or lengthened tag probably meant (`<Warning>` → `Warn`). */
function guessComponent(name: string): string | undefined {
  const lower = name.toLowerCase();
  const byPrefix = COMPONENT_NAMES.find((c) => lower.startsWith(c.toLowerCase()) || c.toLowerCase().startsWith(lower));
  return byPrefix ?? closest(name, COMPONENT_NAMES, Math.max(2, Math.floor(name.length / 3)));
}
