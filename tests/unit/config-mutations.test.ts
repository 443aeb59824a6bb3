// Every config file of a site, 200 mutated variants each (wrong types, missing keys, extra keys,
// nulls, arrays for objects, huge strings, broken syntax), through `docsgen check` in-process:
// each must end in positioned messages (exit 1) or a clean check (exit 0), never an internal
// failure. The files are the repo's own config (whatever config/*.json holds when the test runs),
// a sidebar and the API data of the dialect fixture: one file of each kind.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { checkSite, configFiles, configSite } from '../helpers/config-site.ts';
import { schemaNameFor } from '../../src/pipeline/config-schema.ts';
import { FRONT_MATTER_SCHEMAS } from '../../src/pipeline/validate.ts';
import { repo } from '../helpers/cli.ts';
import type { Message } from '../../src/pipeline/types.ts';

const VARIANTS = Number(process.env['CONFIG_MUTATIONS'] ?? 200);
/** Every this many variants, the site is also built (pages rendered with the config), not only checked. */
const BUILD_EVERY = 10;

/** mulberry32: a seeded generator, so a failure can be replayed. */
function random(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

type Json = unknown;
type Path = (string | number)[];

function nodes(v: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => nodes(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) nodes(x, [...at, k], out);
  return out;
}

function get(root: Json, p: Path): Json {
  return p.reduce<Json>((v, k) => (v as Record<string | number, Json>)[k], root);
}

/** Sets an own property (`__proto__` included, as JSON.parse does). */
function setOwn(o: object, k: string | number, v: Json): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

const WEIRD: Json[] = [
  5, -1, 1.5, 0, 2 ** 53, true, false, null, '', ' ', 'x', '/', 'v1', 'v1.0', 'v99999999999.0.0', 'v1.2.3-gamma.1', 'latest', 'next',
  'http://', 'example.org', 'javascript:alert(1)', '{version}', '{latest}', '../../etc', 'constructor', '__proto__', '\u0000', 'é😀',
  [], {}, [1, 2], ['a', 'b'], { a: 1 }, [{}], [null], { name: 1, href: [] },
];
const KEYS = ['siteUrl', 'Title', 'extra', '__proto__', 'constructor', 'toString', '$schema', '', ' ', 'v1.0.0', 'Latest', 'x'.repeat(300), 'a/b', '~0'];

/** One mutation of `data`, described (for the failure message). */
function mutate(data: Json, r: (n: number) => number): { data: Json; what: string } {
  const root = { v: structuredClone(data) } as Record<string, Json>;
  const all = nodes(root['v']).map((p) => ['v', ...p] as Path);
  const p = all[r(all.length)]!;
  const parent = get(root, p.slice(0, -1)) as Record<string | number, Json>;
  const key = p[p.length - 1]!;
  const here = get(root, p);
  const pick = <T,>(xs: readonly T[]): T => xs[r(xs.length)]!;
  const op = pick(['type', 'type', 'type', 'null', 'shape', 'delete', 'delete', 'extra', 'extra', 'huge', 'rename', 'empty']);
  const at = `/${p.slice(1).join('/')}`;
  switch (op) {
    case 'type': {
      const v = pick(WEIRD);
      parent[key] = v;
      return { data: root['v'], what: `${at} = ${JSON.stringify(v)}` };
    }
    case 'null':
      parent[key] = null;
      return { data: root['v'], what: `${at} = null` };
    case 'shape':
      // An array for an object and an object for an array.
      parent[key] = Array.isArray(here) ? Object.fromEntries(here.map((x, i) => [String(i), x])) : here && typeof here === 'object' ? Object.values(here) : [here];
      return { data: root['v'], what: `${at}: array for object or object for array` };
    case 'delete':
      if (p.length === 1) return { data: root['v'], what: 'unchanged' };
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      return { data: root['v'], what: `delete ${at}` };
    case 'extra': {
      const target = here && typeof here === 'object' && !Array.isArray(here) ? (here as object) : parent && !Array.isArray(parent) ? parent : undefined;
      if (!target) return { data: root['v'], what: 'unchanged' };
      const existing = Object.keys(target);
      const k = r(3) === 0 && existing.length ? existing[r(existing.length)]!.slice(1) : pick(KEYS);
      const v = pick(WEIRD);
      setOwn(target, k, v);
      return { data: root['v'], what: `extra key ${JSON.stringify(k)} = ${JSON.stringify(v)} near ${at}` };
    }
    case 'huge': {
      const v = pick(['x'.repeat(200_000), 'é'.repeat(50_000) + '\n'.repeat(1000), Array.from({ length: 20_000 }, (_, i) => i), Array.from({ length: 5_000 }, () => 'introduction')]);
      parent[key] = v;
      return { data: root['v'], what: `${at} = huge ${Array.isArray(v) ? 'array' : 'string'}` };
    }
    case 'rename': {
      if (Array.isArray(parent) || p.length === 1) return { data: root['v'], what: 'unchanged' };
      const k = pick(KEYS);
      const v = parent[key];
      delete parent[key];
      setOwn(parent, k, v);
      return { data: root['v'], what: `rename ${at} to ${JSON.stringify(k)}` };
    }
    default: {
      const v = Array.isArray(here) ? [] : here && typeof here === 'object' ? {} : '';
      parent[key] = v;
      return { data: root['v'], what: `${at} emptied` };
    }
  }
}

/** Text-level slips: what a hand edit breaks. */
function breakSyntax(text: string, r: (n: number) => number): { text: string; what: string } {
  const cut = r(text.length);
  switch (r(4)) {
    case 0:
      return { text: text.slice(0, cut), what: `truncated at ${cut}` };
    case 1:
      return { text: text.replace(/(\]|\})\s*$/, ',$1'), what: 'trailing comma' };
    case 2:
      return { text: `${text.slice(0, cut)}${text.slice(cut + 1)}`, what: `character ${cut} dropped` };
    default:
      return { text: `\uFEFF${text}`, what: 'byte order mark' };
  }
}

/** The repo's config schemas (config files arriving later bring theirs). */
const BUILTIN = new Map(
  readdirSync(path.join(repo, 'config/schemas'))
    .map((f) => f.replace(/\.schema\.json$/, ''))
    .filter((n) => !FRONT_MATTER_SCHEMAS.has(n))
    .map((n) => [n, true] as const),
);
const ajv = new Ajv({ allErrors: true, strict: false });
const schemaCache = new Map<string, ReturnType<Ajv['compile']>>();
/** Whether the file's schema (compiled here, independently of docsgen) rejects the data. */
function schemaRejects(rel: string, data: Json): boolean {
  const pick = schemaNameFor(rel, data, BUILTIN);
  if (!pick || !BUILTIN.has(pick.name)) return false;
  let check = schemaCache.get(pick.name);
  if (!check) {
    check = ajv.compile(JSON.parse(readFileSync(path.join(repo, 'config/schemas', `${pick.name}.schema.json`), 'utf8')));
    schemaCache.set(pick.name, check);
  }
  return !check(data);
}

function internal(m: Message): boolean {
  return /is not a function|Cannot read propert|undefined \(reading|is not iterable|Maximum call stack/.test(m.reason);
}

describe('config mutations', () => {
  const root = configSite();
  // One file of each kind (the three sidebars share a schema, as do the API libraries).
  const kinds = new Map<string, string>();
  for (const rel of configFiles(root)) {
    const kind = schemaNameFor(rel, JSON.parse(readFileSync(path.join(root, 'config', rel), 'utf8')), BUILTIN)?.name ?? rel;
    if (!kinds.has(kind)) kinds.set(kind, rel);
  }
  const files = [...kinds.values()];


  // Each file is mutated in a site of its own; the API pages (most of a check's time) only where
  // the API data is mutated.
  const plain = configSite({ api: false });

  it('the unmutated sites check clean', async () => {
    expect((await checkSite(root)).messages).toEqual([]);
    expect((await checkSite(plain)).messages).toEqual([]);
  });

  it.each(files)('%s: every variant ends in positioned messages or a clean check, never an internal failure', { timeout: 900_000 }, async (rel) => {
    const site = rel.startsWith('api/') ? root : plain;
    const abs = path.join(site, 'config', rel);
    const original = readFileSync(abs, 'utf8');
    const data = JSON.parse(original) as Json;
    const r = random([...rel].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261));
    const counts = { variants: 0, exit1: 0, exit0: 0, schemaRejected: 0, syntax: 0, messages: 0, built: 0 };
    const rules = new Map<string, number>();
    try {
      for (let i = 0; i < VARIANTS; i++) {
        let text: string;
        let what: string;
        let mutated: Json | undefined;
        if (i % 20 === 19) {
          ({ text, what } = breakSyntax(original, r));
        } else {
          // One to three mutations on top of each other.
          mutated = data;
          const whats: string[] = [];
          for (let n = 1 + r(3); n > 0; n--) {
            const m = mutate(mutated, r);
            mutated = m.data;
            whats.push(m.what);
          }
          what = whats.join('; ');
          text = JSON.stringify(mutated, null, 2) ?? 'null';
        }
        writeFileSync(abs, text);
        const variant = `${rel} variant ${i} (${what})`;
        let result;
        try {
          result = await (i % BUILD_EVERY === 0 ? checkSite(site, { build: true }) : checkSite(site));
        } catch (err) {
          throw new Error(`${variant}: internal failure: ${(err as Error).stack}`);
        }
        counts.variants++;
        if (i % BUILD_EVERY === 0) counts.built++;
        const exit = result.ok ? 0 : 1;
        counts[exit ? 'exit1' : 'exit0']++;
        const lines = text.split('\n').length;
        for (const m of result.messages) {
          counts.messages++;
          rules.set(m.ruleId, (rules.get(m.ruleId) ?? 0) + 1);
          expect(internal(m), `${variant}: ${m.reason}`).toBe(false);
          expect(m.line, variant).toBeGreaterThanOrEqual(1);
          expect(m.column, variant).toBeGreaterThanOrEqual(1);
          expect(m.reason.length, variant).toBeGreaterThan(0);
          if (m.file === `config/${rel}`) expect(m.line, `${variant}: ${m.reason}`).toBeLessThanOrEqual(lines);
        }
        if (exit === 1) expect(result.errors, variant).toBeGreaterThan(0);
        const inFile = result.messages.filter((m) => m.file === `config/${rel}` && m.severity === 'error');
        if (mutated === undefined) {
          counts.syntax++;
          let parses = true;
          try {
            JSON.parse(text);
          } catch {
            parses = false;
          }
          if (!parses) expect(inFile.map((m) => m.ruleId), variant).toContain('config-json');
        } else if (schemaRejects(rel, mutated)) {
          counts.schemaRejected++;
          expect(exit, variant).toBe(1);
          expect(inFile.some((m) => m.ruleId === 'config-schema'), `${variant}: ${JSON.stringify(result.messages.slice(0, 3))}`).toBe(true);
        }
      }
    } finally {
      writeFileSync(abs, original);
    }
    console.log(`${rel}: ${JSON.stringify(counts)} ${JSON.stringify(Object.fromEntries(rules))}`);
    expect(counts.variants).toBe(VARIANTS);
  });
});
