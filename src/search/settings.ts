// config/search.json, checked against config/schemas/search.schema.json and resolved with defaults.
import { schemaValidator } from '../pipeline/schema-validators.ts';
import { placeOf } from '../util/yaml-positions.ts';
import { message } from '../pipeline/messages.ts';
import type { ConfigFile, Message } from '../pipeline/types.ts';

/** The search settings every build step and the modal's config read. */
export interface ResolvedSearchSettings {
  provider: 'embedded' | 'algolia';
  indexName: string;
  appId?: string;
  apiKey?: string;
  hosts?: string[];
  insights: boolean;
  defaultVersion: string;
  missingResultsUrl?: string;
  maxContent: number;
}

export const DEFAULT_SEARCH: ResolvedSearchSettings = {
  provider: 'embedded',
  indexName: 'docs',
  insights: false,
  defaultVersion: 'v11.0.0',
  maxContent: 2000,
};

/** Settings from config/search.json (defaults without one); problems as positioned messages. */
export function resolveSearchSettings(
  file: ConfigFile | undefined,
  schema: ConfigFile | undefined,
): { settings: ResolvedSearchSettings; messages: Message[] } {
  const messages: Message[] = [];
  if (!file || file.data === undefined) return { settings: DEFAULT_SEARCH, messages };
  if (schema && schema.data && typeof schema.data === 'object') {
    // A project schema that is not valid JSON Schema: the load stage reports it at its place.
    const compiled = schemaValidator('search', schema);
    const check = compiled instanceof Error ? undefined : compiled;
    if (check && !check(file.data)) {
      for (const e of check.errors ?? []) {
        if (e.keyword === 'if') continue; // the failing `then` says what is missing
        const field = e.instancePath.split('/').slice(1).join('.');
        let place = placeOf(file.doc.positions, e.instancePath);
        let reason = `Search setting \`${field}\` ${e.message ?? 'is invalid'}`;
        if (e.keyword === 'required') {
          const missing = String(e.params['missingProperty']);
          const when = (file.data as { provider?: unknown }).provider === 'algolia' ? ' (the algolia provider needs appId, apiKey and indexName)' : '';
          reason = `Missing search setting \`${missing}\`${when}`;
        } else if (e.keyword === 'additionalProperties') {
          const extra = String(e.params['additionalProperty']);
          place = placeOf(file.doc.positions, `${e.instancePath}/${extra}`) ?? place;
          reason = `Unknown search setting \`${extra}\``;
        } else if (e.keyword === 'enum') {
          reason = `Search setting \`${field}\` must be one of ${(e.params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
        }
        messages.push(message(file.displayPath, place, 'error', reason, 'search-config'));
      }
      return { settings: DEFAULT_SEARCH, messages };
    }
  }
  const raw = file.data as Partial<ResolvedSearchSettings> & { $schema?: string };
  const settings: ResolvedSearchSettings = { ...DEFAULT_SEARCH };
  for (const [k, v] of Object.entries(raw)) if (k !== '$schema' && v !== undefined) (settings as unknown as Record<string, unknown>)[k] = v;
  return { settings, messages };
}
