// Every JSON file under config/ is held to a JSON Schema (config/schemas/), at load, before
// anything is built: one positioned message per violation, then the checks a schema cannot
// express (addresses, version strings, aliases, sidebar route prefixes).
//
// Which schema: the file's own `"$schema"` when it is a relative path (`./schemas/site.schema.json`:
// the name is the file name, so a project's copy or docsgen's own is found alike); else
// `config/<name>.json` → `schemas/<name>.schema.json`; a file in a directory,
// `config/<dir>/…/<base>.json` → `<dir>-<base>`, else `<dir>`, else `<dir>` without its plural `s`
// (`sidebars/x.json` → `sidebar`, `api/v12.0.0/toc_tree.json` → `api-toc_tree`,
// `api/v12.0.0/core.json` → `api`). A file no schema matches is only checked to be JSON. The
// front-matter schemas (docs, blog, community, syntax, page) are never picked by a file's name.
import type { ErrorObject } from 'ajv';
import { closest } from '../util/text.ts';
import { schemaValidator } from './schema-validators.ts';
import { escapePointer, placeOf } from '../util/yaml-positions.ts';
import { message } from './messages.ts';
import { FRONT_MATTER_SCHEMAS } from './validate.ts';
import type { ConfigFile, Message, Point } from './types.ts';

/** More problems than this in one file are summed up in one message. */
const MAX_MESSAGES_PER_FILE = 50;

/** The schema name a config file (path under config/) is validated against, and whether its `$schema` named it. */
export function schemaNameFor(rel: string, data: unknown, schemas: ReadonlyMap<string, unknown>): { name: string; named: boolean } | undefined {
  const ref = isObject(data) ? data['$schema'] : undefined;
  if (typeof ref === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(ref)) {
    const base = ref.split(/[\\/]/).pop() ?? '';
    return { name: base.replace(/\.schema\.json$|\.json$/, ''), named: true };
  }
  const parts = rel.replace(/\.json$/, '').split('/');
  const candidates = parts.length === 1 ? [parts[0]!] : [`${parts[0]}-${parts[parts.length - 1]}`, parts[0]!, parts[0]!.replace(/s$/, '')];
  const name = candidates.find((c) => schemas.has(c) && !FRONT_MATTER_SCHEMAS.has(c));
  return name === undefined ? undefined : { name, named: false };
}

/**
 * Validates each file against its schema; a file with violations gets `invalid`. The `$schema`
 * key is then taken out of every file's data: it is for editors, and no consumer should see it
 * (a sidebar would read it as a category).
 */
export function validateConfigFiles(files: ReadonlyMap<string, ConfigFile>, schemas: ReadonlyMap<string, ConfigFile>): Message[] {
  const out: Message[] = [];
  const badSchemas = new Set<ConfigFile>();
  for (const [rel, file] of files) {
    if (file.data === undefined) continue; // not JSON: reported as config-json
    const messages: Message[] = [];
    const pick = schemaNameFor(rel, file.data, schemas);
    const schema = pick && schemas.get(pick.name);
    if (pick?.named && !schema) {
      const known = [...schemas.keys()].filter((n) => !FRONT_MATTER_SCHEMAS.has(n));
      const guess = closest(pick.name, known);
      messages.push(
        message(file.displayPath, placeOf(file.doc.positions, '/$schema'), 'error', `"$schema" names no schema of config/schemas (${pick.name}.schema.json)`, 'config-schema',
          guess ? `Did you mean "./schemas/${guess}.schema.json"?` : `Known: ${known.map((k) => `${k}.schema.json`).join(', ')}`),
      );
    } else if (schema && schema.data !== undefined) {
      // (A schema file that is not JSON is reported as config-json; the files it would check wait.)
      const check = schemaValidator(pick.name, schema);
      if (check instanceof Error) {
        const at = placeOf(schema.doc.positions, check.pointer ?? '') ?? { line: 1, column: 1 };
        if (!badSchemas.has(schema)) out.push(message(schema.displayPath, at, 'error', check.message, 'config-schema'));
        badSchemas.add(schema);
      } else if (!check(file.data)) {
        const errors = (check.errors ?? []).filter((e) => e.keyword !== 'propertyNames' && e.keyword !== '$ref' && e.keyword !== 'if'); // an `if` failure repeats what its `then` says
        for (const e of errors) messages.push(violation(file, e));
      }
    }
    messages.push(...semanticMessages(rel, file, files));
    if (messages.some((m) => m.severity === 'error')) file.invalid = true;
    if (messages.length > MAX_MESSAGES_PER_FILE) {
      const rest = messages.length - MAX_MESSAGES_PER_FILE;
      messages.length = MAX_MESSAGES_PER_FILE;
      messages.push(message(file.displayPath, { line: 1, column: 1 }, 'error', `…and ${rest} more problem${rest === 1 ? '' : 's'} in this file`, 'config-schema'));
    }
    out.push(...messages);
  }
  for (const file of files.values()) if (isObject(file.data)) delete file.data['$schema'];
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** `/nav/0/name` → `nav[0].name`. */
export function fieldLabel(pointer: string): string {
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(seg)) out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function article(type: string): string {
  if (type === 'null') return 'null';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** A value as shown in a message: short. */
function shown(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}

function keyPlace(file: ConfigFile, pointer: string): Point | undefined {
  return file.doc.keyPositions[pointer] ?? placeOf(file.doc.positions, pointer);
}

/** One ajv violation as a message at the offending value (an unknown key: at the key). */
function violation(file: ConfigFile, e: ErrorObject): Message {
  const at = (pointer: string) => placeOf(file.doc.positions, pointer) ?? { line: 1, column: 1 };
  const label = fieldLabel(e.instancePath);
  const subject = label ? `"${label}"` : 'The file';
  const within = label ? ` in "${label}"` : '';
  const say = (reason: string, place: Point | undefined = at(e.instancePath), note?: string) =>
    message(file.displayPath, place ?? { line: 1, column: 1 }, 'error', reason, 'config-schema', note);
  if (e.propertyName !== undefined) {
    // A key that breaks `propertyNames` (its schema's `pattern`, `minLength`).
    const key = e.propertyName;
    const place = keyPlace(file, `${e.instancePath}/${escapePointer(key)}`);
    const rule = e.keyword === 'pattern' ? `must match ${(e.params as { pattern: string }).pattern}` : (e.message ?? 'is not allowed');
    return say(`Key ${JSON.stringify(key)}${within} ${rule}`, place);
  }
  switch (e.keyword) {
    case 'type': {
      const expected = ([] as string[]).concat((e.params as { type: string | string[] }).type).map(article).join(' or ');
      return say(`${subject} must be ${expected} (found ${kindOf(e.data)})`);
    }
    case 'required':
      return say(`Missing required key "${(e.params as { missingProperty: string }).missingProperty}"${within}`);
    case 'additionalProperties': {
      const key = (e.params as { additionalProperty: string }).additionalProperty;
      const allowed = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {}).filter((k) => k !== '$schema');
      const guess = suggestKey(key, allowed);
      const note = guess ? `Did you mean "${guess}"?` : allowed.length ? `Allowed keys: ${allowed.map((k) => `"${k}"`).join(', ')}` : undefined;
      return say(`Unknown key ${JSON.stringify(key)}${within}`, keyPlace(file, `${e.instancePath}/${escapePointer(key)}`), note);
    }
    case 'enum': {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
      const guess = typeof e.data === 'string' ? closest(e.data, allowed.filter((v): v is string => typeof v === 'string')) : undefined;
      return say(`${subject} must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')} (found ${shown(e.data)})`, undefined, guess ? `Did you mean "${guess}"?` : undefined);
    }
    case 'minLength':
      return (e.params as { limit: number }).limit === 1 ? say(`${subject} must not be empty`) : say(`${subject} ${e.message}`);
    case 'minItems':
      return say(`${subject} must list at least ${(e.params as { limit: number }).limit} item${(e.params as { limit: number }).limit === 1 ? '' : 's'}`);
    case 'minimum':
    case 'maximum':
      return say(`${subject} ${e.message} (found ${shown(e.data)})`);
    case 'pattern': {
      // The pattern alone reads as noise to an author; the field's description says what it wants.
      const description = (e.parentSchema as { description?: string } | undefined)?.description;
      return say(`${subject} has the wrong form (found ${shown(e.data)}): it must match ${(e.params as { pattern: string }).pattern}`, undefined, description);
    }
    case 'uniqueItems': {
      const { i, j } = e.params as { i: number; j: number };
      return say(`${subject} lists ${shown((e.data as unknown[])[i])} twice (items ${j} and ${i})`, at(`${e.instancePath}/${i}`));
    }
    default:
      return say(`${subject} ${e.message ?? 'is invalid'}`);
  }
}

// ---------------------------------------------------------------------------------------------
// What a schema cannot say.

/**
 * SPEC §5's version parser: vMAJOR.MINOR.PATCH with an optional -alpha.N, -beta.N, -dev.N or
 * -rc.N, every number an integer in 32-bit range. undefined when it accepts `v`, else why not.
 */
export function versionProblem(v: string): string | undefined {
  const m = /^v(\d+)\.(\d+)\.(\d+)(?:-(?:alpha|beta|dev|rc)\.(\d+))?$/.exec(v);
  if (!m) return 'expected vMAJOR.MINOR.PATCH with an optional -alpha.N, -beta.N, -dev.N or -rc.N (v12.0.0, v12.0.0-rc.1)';
  if (m.slice(1).some((n) => n !== undefined && Number(n) > 2 ** 31 - 1)) return 'its numbers must be at most 2147483647 (32 bits)';
  return undefined;
}

/**
 * Words a section may use as a version: the React docs keep their newest release in
 * content/docs/react/latest/ (SPEC §2: "Versions: v0.10.0, v0.11.0, latest"), a real directory of
 * pages rather than an alias of a numbered version, so `latest` (and likewise `next`) is accepted
 * where a version is; an alias of the same name in that section is then refused as ambiguous.
 */
export const VERSION_WORDS: ReadonlySet<string> = new Set(['latest', 'next']);

function semanticMessages(rel: string, file: ConfigFile, files: ReadonlyMap<string, ConfigFile>): Message[] {
  const out: Message[] = [];
  const data = file.data;
  if (!isObject(data)) return out;
  const valueAt = (pointer: string) => placeOf(file.doc.positions, pointer);
  const keyAt = (pointer: string) => keyPlace(file, pointer);
  const say = (place: Point | undefined, reason: string, ruleId: string, note?: string) => out.push(message(file.displayPath, place, 'error', reason, ruleId, note));

  if (rel === 'site.json') {
    for (const key of ['url', 'editBase']) {
      const v = data[key];
      if (typeof v === 'string' && v !== '' && !isWebAddress(v)) {
        say(valueAt(`/${key}`), `"${key}" must be an absolute http(s) address (found ${shown(v)})`, 'config-url', key === 'url' ? 'Write it in full: "https://example.org"' : undefined);
      }
    }
    const sidebars = data['sidebars'];
    if (isObject(sidebars)) {
      const present = [...files.keys()].flatMap((f) => /^sidebars\/([^/]+)\.json$/.exec(f)?.[1] ?? []);
      for (const [name, prefix] of Object.entries(sidebars)) {
        const pointer = `/sidebars/${escapePointer(name)}`;
        if (typeof prefix === 'string' && !prefix.startsWith('/')) {
          say(valueAt(pointer), `Sidebar "${name}" is mapped to ${shown(prefix)}: a route prefix starts with /`, 'config-route', `Did you mean "/${prefix}"?`);
        }
        if (!present.includes(name)) {
          const guess = closest(name, present);
          say(keyAt(pointer), `"sidebars" maps "${name}", but there is no config/sidebars/${name}.json`, 'config-route', guess ? `Did you mean "${guess}"?` : undefined);
        }
      }
    }
  }

  if (rel === 'versions.json') {
    for (const [section, raw] of Object.entries(data)) {
      if (section === '$schema' || !isObject(raw)) continue;
      const base = `/${escapePointer(section)}`;
      const versions = Array.isArray(raw['versions']) ? raw['versions'].filter((v): v is string => typeof v === 'string') : [];
      (Array.isArray(raw['versions']) ? raw['versions'] : []).forEach((v, i) => {
        if (typeof v !== 'string' || VERSION_WORDS.has(v)) return;
        const problem = versionProblem(v);
        if (problem) say(valueAt(`${base}/versions/${i}`), `"${v}" is not a version: ${problem}`, 'config-version');
      });
      const aliases = isObject(raw['aliases']) ? raw['aliases'] : {};
      for (const [alias, target] of Object.entries(aliases)) {
        const pointer = `${base}/aliases/${escapePointer(alias)}`;
        if (versions.includes(alias)) {
          say(keyAt(pointer), `Alias "${alias}" of "${section}" is also one of its versions: links to it would be ambiguous`, 'config-alias');
        } else if (typeof target === 'string' && !versions.includes(target)) {
          const guess = closest(target, versions);
          say(valueAt(pointer), `Alias "${alias}" names "${target}", which is not a version of "${section}"`, 'config-alias',
            guess ? `Did you mean "${guess}"?` : `Versions: ${versions.map((v) => `"${v}"`).join(', ') || 'none'}`);
        }
      }
      (Array.isArray(raw['routed']) ? raw['routed'] : []).forEach((alias, i) => {
        if (typeof alias !== 'string' || Object.hasOwn(aliases, alias)) return;
        const guess = closest(alias, Object.keys(aliases));
        say(valueAt(`${base}/routed/${i}`), `Routed alias "${alias}" is not an alias of "${section}"`, 'config-alias', guess ? `Did you mean "${guess}"?` : undefined);
      });
      for (const key of ['labels', 'banners']) {
        const byVersion = raw[key];
        if (!isObject(byVersion)) continue;
        for (const v of Object.keys(byVersion)) {
          if (versions.includes(v)) continue;
          const guess = closest(v, versions);
          say(keyAt(`${base}/${key}/${escapePointer(v)}`), `"${key}" names "${v}", which is not a version of "${section}"`, 'config-version', guess ? `Did you mean "${guess}"?` : undefined);
        }
      }
    }
  }
  return out;
}

/**
 * The allowed key an unknown one was probably meant to be: the closest by spelling, ignoring case,
 * else one it contains (`siteUrl` → `url`) or that contains it.
 */
export function suggestKey(key: string, allowed: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  const byLower = new Map(allowed.map((k) => [k.toLowerCase(), k]));
  const near = closest(lower, byLower.keys());
  if (near !== undefined) return byLower.get(near);
  const inside = allowed.filter((k) => k.length >= 3 && (lower.includes(k.toLowerCase()) || k.toLowerCase().includes(lower)));
  return inside.sort((a, b) => b.length - a.length)[0];
}

function isWebAddress(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.host !== '';
  } catch {
    return false;
  }
}
