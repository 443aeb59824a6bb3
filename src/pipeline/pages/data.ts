// The pages' own config files (config/landing.json, packages.json, community.json), each checked
// against its JSON Schema in config/schemas/ with problems reported at their place in the JSON.
import type { ErrorObject } from 'ajv';
import { schemaValidator } from '../schema-validators.ts';
import { placeOf } from '../../util/yaml-positions.ts';
import { message } from '../messages.ts';
import type { ConfigFile, LoadedConfig, Message } from '../types.ts';

/** A config file's data when it matches its schema, else undefined (and messages say why). */
export interface CheckedData<T> {
  file: ConfigFile;
  data: T | undefined;
}

function describe(e: ErrorObject): string {
  const field = e.instancePath.split('/').slice(1).join('.') || 'the file';
  switch (e.keyword) {
    case 'required':
      return `Missing required field \`${(e.params as { missingProperty: string }).missingProperty}\` in ${field}`;
    case 'additionalProperties':
      return `Unknown field \`${(e.params as { additionalProperty: string }).additionalProperty}\` in ${field}`;
    case 'type':
      return `Expected \`${field}\` to be ${String((e.params as { type: string }).type)}`;
    default:
      return `\`${field}\` ${e.message ?? 'is invalid'}`;
  }
}

/** Checks `file` against `config/schemas/{schema}.schema.json` (when the schema exists). */
export function checkData<T>(config: LoadedConfig, file: ConfigFile | undefined, schema: string, messages: Message[]): CheckedData<T> | undefined {
  if (!file || file.data === undefined) return undefined; // absent, or did not parse (reported as config-json)
  const schemaFile = config.schemas.get(schema);
  if (!schemaFile) return { file, data: file.data as T };
  const validate = schemaValidator(schema, schemaFile);
  if (validate instanceof Error) {
    messages.push(message(schemaFile.displayPath, placeOf(schemaFile.doc.positions, validate.pointer ?? ''), 'error', validate.message, 'config-schema'));
    return undefined;
  }
  if (validate(file.data)) return { file, data: file.data as T };
  for (const e of validate.errors ?? []) {
    messages.push(message(file.displayPath, placeOf(file.doc.positions, e.instancePath), 'error', describe(e), 'config-schema'));
  }
  return { file, data: undefined };
}
