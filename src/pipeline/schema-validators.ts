// One place where a JSON Schema becomes a validator, for every kind of file docsgen checks (config
// files, front matter, the pages' data, search settings). docsgen's own schemas are compiled ahead
// of time (scripts/gen-config-validators.mjs → config-validators.generated.ts): compiling them at
// run time went through `new Function`, never reached the V8 code cache, and cost ~100 ms of every
// build, warm ones included. A schema that differs from the one compiled (a project's own, or one
// edited since) is compiled at run time, once per process, with the same options.
import { Ajv, type ErrorObject } from 'ajv';
import { sha1 } from '../util/text.ts';
import { PRECOMPILED } from './config-validators.generated.ts';
import type { ConfigFile } from './types.ts';

export type SchemaCheck = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** A schema that cannot be compiled; `pointer` is where in the schema, when known. */
export type SchemaError = Error & { pointer?: string };

/**
 * The options every validator is made with, ahead of time or at run time, so both report alike:
 * all errors, `verbose` (errors carry the failing value), lengths in UTF-16 code units.
 */
export const AJV_OPTIONS = { allErrors: true, strict: false, validateSchema: false, verbose: true, unicode: false, logger: false } as const;

let ajv: Ajv | undefined;
/** Validators by schema text: `serve --watch` rebuilds in one process, and a schema may change. */
const compiled = new Map<string, SchemaCheck | SchemaError>();

/**
 * The validator of schema `name` (its file, config/schemas/<name>.schema.json), or why it cannot be
 * made. A project's own schema is first checked against the JSON Schema meta-schema (docsgen's own
 * are, by a test: compiling the meta-schema's validator costs more than the schemas).
 */
export function schemaValidator(name: string, schema: ConfigFile): SchemaCheck | SchemaError {
  const key = JSON.stringify(schema.data);
  const hit = compiled.get(key);
  if (hit) return hit;
  const pre = (PRECOMPILED as Record<string, { hash: string; validate: SchemaCheck } | undefined>)[name];
  if (pre && pre.hash === sha1(key)) {
    compiled.set(key, pre.validate);
    return pre.validate;
  }
  ajv ??= new Ajv(AJV_OPTIONS);
  let fn: SchemaCheck | SchemaError;
  try {
    if (!schema.builtin && !ajv.validateSchema(schema.data as object)) {
      fn = Object.assign(new Error(`Invalid JSON Schema: ${ajv.errorsText(ajv.errors?.slice(0, 1), { dataVar: 'schema' })}`), {
        pointer: ajv.errors?.[0]?.instancePath ?? '',
      });
    } else {
      fn = ajv.compile(schema.data as object) as SchemaCheck;
    }
  } catch (err) {
    fn = new Error(`Invalid JSON Schema: ${(err as Error).message}`);
  }
  compiled.set(key, fn);
  return fn;
}
