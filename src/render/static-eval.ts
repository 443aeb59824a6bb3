// Evaluates the literal subset of JavaScript allowed in tag attributes (`labels={["a", "b"]}`)
// from the syntax tree, without executing anything. Content is never run as code.

/** Minimal estree shapes we read (the full types live in @types/estree; we only need these). */
interface EsNode {
  type: string;
  [key: string]: unknown;
}

export type StaticValue = string | number | boolean | null | undefined | StaticValue[] | { [key: string]: StaticValue };

export class NotStatic extends Error {
  constructor(readonly nodeType: string, readonly offsetLine?: number, readonly offsetColumn?: number) {
    super(`not a literal: ${nodeType}`);
  }
}

function fail(node: EsNode): never {
  const loc = node['loc'] as { start?: { line: number; column: number } } | undefined;
  throw new NotStatic(node.type, loc?.start?.line, loc?.start?.column);
}

/** Evaluates a literal expression; throws NotStatic for anything that would need running code. */
export function evaluateStatic(node: EsNode): StaticValue {
  switch (node.type) {
    case 'Literal': {
      if ('regex' in node || 'bigint' in node) fail(node);
      return node['value'] as string | number | boolean | null;
    }
    case 'TemplateLiteral': {
      const expressions = node['expressions'] as EsNode[];
      // Reported at the first `${…}`.
      if (expressions.length > 0) fail({ ...expressions[0]!, type: 'TemplateSubstitution' });
      const quasis = node['quasis'] as { value: { cooked: string | null } }[];
      return quasis.map((q) => q.value.cooked ?? '').join('');
    }
    case 'ArrayExpression':
      return (node['elements'] as (EsNode | null)[]).map((el) => (el === null ? undefined : evaluateStatic(el)));
    case 'ObjectExpression': {
      const out: { [key: string]: StaticValue } = {};
      for (const prop of node['properties'] as EsNode[]) {
        if (prop.type !== 'Property' || prop['computed'] || prop['kind'] !== 'init' || prop['method']) fail(prop);
        const key = prop['key'] as EsNode;
        const name = key.type === 'Identifier' ? (key['name'] as string) : key.type === 'Literal' ? String(key['value']) : fail(key);
        out[name] = evaluateStatic(prop['value'] as EsNode);
      }
      return out;
    }
    case 'UnaryExpression': {
      const arg = evaluateStatic(node['argument'] as EsNode);
      if (node['operator'] === '-' && typeof arg === 'number') return -arg;
      if (node['operator'] === '+' && typeof arg === 'number') return arg;
      if (node['operator'] === '!' && typeof arg === 'boolean') return !arg;
      return fail(node);
    }
    case 'Identifier':
      if (node['name'] === 'undefined') return undefined;
      return fail(node);
    case 'ParenthesizedExpression':
      return evaluateStatic(node['expression'] as EsNode);
    default:
      return fail(node);
  }
}

/** The single expression of an MDX expression's estree Program, or null for `{/* comment *\/}`. */
export function programExpression(program: unknown): EsNode | null {
  const body = (program as { body?: EsNode[] } | undefined)?.body ?? [];
  if (body.length === 0) return null;
  const first = body[0]!;
  if (body.length === 1 && first.type === 'ExpressionStatement') return first['expression'] as EsNode;
  return first;
}
