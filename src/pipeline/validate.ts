import type { ErrorObject } from 'ajv';
import { schemaValidator, type SchemaCheck } from './schema-validators.ts';
import { escapePointer, placeOf } from '../util/yaml-positions.ts';
import { closest } from '../util/text.ts';
import { message } from './messages.ts';
import type { ContentKind, LoadedConfig, Message, Page, PageMeta, SourceFile } from './types.ts';

export interface ValidateOptions {
  sources: SourceFile[];
  config: LoadedConfig;
}

export interface ValidateResult {
  pages: Page[];
  messages: Message[];
}

/** Which schema validates each kind's front matter. */
const SCHEMA_OF: Record<ContentKind, string> = {
  docs: 'docs',
  api: 'page',
  'api-legacy': 'page',
  blog: 'blog',
  community: 'community',
  syntax: 'syntax',
  page: 'page',
};

/** The front-matter schemas' names: config files are never validated against these by name. */
export const FRONT_MATTER_SCHEMAS: ReadonlySet<string> = new Set(Object.values(SCHEMA_OF));

/** Kinds whose files may have no front matter at all. */
const OPTIONAL_FRONT_MATTER = new Set<ContentKind>(['api', 'api-legacy', 'page']);

/** API pages (the `api` overview included, as the docs team writes it) may omit front matter. */
function frontMatterOptional(source: SourceFile): boolean {
  return OPTIONAL_FRONT_MATTER.has(source.kind) || (source.kind === 'docs' && source.section === 'manual' && source.slug === 'api');
}

export type Validator = (source: SourceFile) => { meta: PageMeta; messages: Message[] };

/** Compiles every schema once; the returned function validates one file's front matter. */
export function createValidator(config: LoadedConfig): { validate: Validator; messages: Message[] } {
  // Compiled on first use: a site without blog posts never pays for the blog schema.
  const compiled = new Map<string, SchemaCheck | undefined>();
  const messages: Message[] = [];
  const schemaFor = (name: string): SchemaCheck | undefined => {
    if (compiled.has(name)) return compiled.get(name);
    const file = config.schemas.get(name);
    let fn: SchemaCheck | undefined;
    if (file) {
      const check = schemaValidator(name, file);
      if (check instanceof Error) {
        const at = placeOf(file.doc.positions, check.pointer ?? '') ?? { line: 1, column: 1 };
        messages.push(message(file.displayPath, at, 'error', check.message, 'config-schema'));
      } else fn = check;
    }
    compiled.set(name, fn);
    return fn;
  };
  // The fields each schema names: a front matter field outside them is most often a misspelling
  // (`descripton:` quietly dropped the page's description), so it is a warning with a guess.
  const fieldsOf = new Map<string, string[] | undefined>();
  const knownFields = (name: string): string[] | undefined => {
    if (!fieldsOf.has(name)) {
      const props = (config.schemas.get(name)?.data as { properties?: Record<string, unknown> } | undefined)?.properties;
      fieldsOf.set(name, props ? Object.keys(props) : undefined);
    }
    return fieldsOf.get(name);
  };
  const validate: Validator = (source) => {
    const out: Message[] = [];
    const fm = source.frontMatter;
    if (source.notUtf8) {
      out.push(message(source.displayPath, source.notUtf8, 'error', 'The file is not UTF-8 from here: its bytes would show as �', 'encoding-utf8', 'save the file as UTF-8 (a Latin-1 or Windows-1252 file reads wrong from its first accented letter)'));
    }
    if (fm) out.push(...fm.errors);
    const data = fm?.data;
    const schemaName = SCHEMA_OF[source.kind];
    const check = schemaFor(schemaName);
    if (data === undefined || data === null) {
      if (!frontMatterOptional(source) && check && !fm?.errors.length) {
        out.push(
          message(source.displayPath, { line: 1, column: 1 }, 'error', 'Missing front matter: this kind of page needs at least `title`', 'frontmatter-required'),
        );
      }
      return { meta: {}, messages: out };
    }
    if (check && !check(data)) {
      for (const e of check.errors ?? []) out.push(schemaMessage(source, e));
    }
    out.push(...unknownFields(source, data, knownFields(schemaName)));
    return { meta: usableMeta(data, source.kind !== 'syntax'), messages: out };
  };
  return { validate, messages };
}

/** A warning for each front matter field the page's schema does not name, with the likeliest one it meant. */
function unknownFields(source: SourceFile, data: unknown, known: string[] | undefined): Message[] {
  if (!known || !data || typeof data !== 'object' || Array.isArray(data)) return [];
  const out: Message[] = [];
  for (const key of Object.keys(data)) {
    if (known.includes(key)) continue;
    const guess = closest(key, known, Math.max(2, Math.floor(key.length / 3)));
    const place = placeOf(source.frontMatter?.positions ?? {}, `/${escapePointer(key)}`) ?? { line: 2, column: 1 };
    out.push(
      message(source.displayPath, place, 'warning', `Unknown front matter field \`${key}\`: it is ignored`, 'frontmatter-unknown', guess ? `Did you mean \`${guess}\`?` : `Known fields: ${known.map((k) => `\`${k}\``).join(', ')}.`),
    );
  }
  return out;
}

function fieldName(e: ErrorObject): string {
  const path = e.instancePath.split('/').slice(1).join('.');
  return path;
}

function schemaMessage(source: SourceFile, e: ErrorObject): Message {
  const positions = source.frontMatter?.positions ?? {};
  const place = placeOf(positions, e.instancePath) ?? { line: 2, column: 1 };
  const field = fieldName(e);
  const shown = source.displayPath;
  switch (e.keyword) {
    case 'type': {
      const expected = ([] as string[]).concat((e.params as { type: string | string[] }).type).map(article).join(' or ');
      return message(shown, place, 'error', `Expected \`${field || 'front matter'}\` to be ${expected}`, 'frontmatter-type');
    }
    case 'required': {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      return message(shown, placeOf(positions, '') ?? { line: 2, column: 1 }, 'error', `Missing required field \`${missing}\``, 'frontmatter-required');
    }
    case 'pattern':
      return message(shown, place, 'error', `Expected \`${field}\` to match ${(e.params as { pattern: string }).pattern}`, 'frontmatter-pattern');
    case 'enum':
      return message(
        shown,
        place,
        'error',
        `Expected \`${field}\` to be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`,
        'frontmatter-enum',
      );
    case 'minLength':
      return message(shown, place, 'error', `Expected \`${field}\` not to be empty`, 'frontmatter-empty');
    default:
      return message(shown, place, 'error', `\`${field || 'front matter'}\` ${e.message ?? 'is invalid'}`, `frontmatter-${e.keyword}`);
  }
}

function article(type: string): string {
  if (type === 'null') return 'null';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/**
 * The fields rendering may use. SPEC §5: front matter that is not an object, or whose title is
 * not a string, is treated as absent; other fields are kept only when they have the right type.
 */
export function usableMeta(data: unknown, requireTitle = true): PageMeta {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const d = data as Record<string, unknown>;
  // Syntax lookup entries are named by `name`, not `title`.
  if (requireTitle && typeof d['title'] !== 'string') return {};
  const meta: PageMeta = {};
  for (const key of ['title', 'metaTitle', 'canonical', 'author', 'date', 'previewImg', 'articleImg', 'badge', 'id', 'name', 'summary', 'category', 'status'] as const) {
    if (typeof d[key] === 'string') meta[key] = d[key];
  }
  if (typeof d['description'] === 'string' || d['description'] === null) meta.description = d['description'];
  if (Array.isArray(d['keywords'])) meta.keywords = d['keywords'].filter((k): k is string => typeof k === 'string');
  if (Array.isArray(d['aliases'])) meta.aliases = d['aliases'].filter((k): k is string => typeof k === 'string' && k !== '');
  return meta;
}

/** Validates every file's front matter against its kind's schema. */
export async function validateContent({ sources, config }: ValidateOptions): Promise<ValidateResult> {
  const { validate, messages } = createValidator(config);
  const pages: Page[] = [];
  for (const source of sources) {
    const result = validate(source);
    messages.push(...result.messages);
    pages.push({ source, meta: result.meta });
  }
  return { pages, messages };
}
