// On-disk cache of compiled pages: one record per page, then a versioned index. Anything that affects a compiled page is in
// its key; a mismatch or a corrupt file means a full compile and a logged reason (STYLE rule 8).
import path from 'node:path';
import { rename, rm } from 'node:fs/promises';
import { closeSync, existsSync, fstatSync, ftruncateSync, mkdirSync, openSync, readFileSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { isRunning } from '../util/process.ts';
import { filesUnder, writeFileWhole } from '../util/files.ts';
import { atLeast } from '../util/bytes.ts';
import { deserialize, serialize } from 'node:v8';
import { sha1 } from '../util/text.ts';
import { toolDir } from './config.ts';
import { RESCRIPT_GRAMMAR } from '../render/precompiled-grammar.ts';
import type { CompiledPage, Message } from './types.ts';
import type { Snapshot } from './incremental/route-facts.ts';
import type { GeneratedGroups } from './incremental/generated.ts';

/** Bump when the file layout changes. */
const FORMAT = 12;

/**
 * The file's index, written after the records: the compile context it was made under and where
 * each page's record is. One record per page, so a build reads and decodes one page at a time and
 * never holds the whole cache (peak memory stays flat in the number of pages).
 */
interface Index {
  format: number;
  /**
   * Hash of the compiler code (dist/build.json), the grammar, and the compile context but its file
   * → route map (aliases, warning list, …): any change may alter every page, so it invalidates them
   * all. The file → route entries a page depends on are in its record (`fileRoutes`).
   */
  contextKey: string;
  /** Content id → hash of the file it was compiled from, and where its record is. */
  pages: Record<string, RecordPlace & { hash: string }>;
}

/**
 * Where a record is. A record is seven parts: the page's light fields v8-serialised (up to `light`
 * bytes), its anchors (up to `anchors`), its headings (up to `headings`), its text per section (up
 * to `sections`), its search lines (up to `search`), its other heavy fields (up to `head`), each
 * v8-serialised, then the HTML as UTF-8. A build reads the light part of every page, the others
 * only of the pages it makes something from: rendering needs the headings (the table of contents)
 * and the HTML, a search index its pages' search lines, llms files the Markdown (an incremental
 * build: a few pages each), the link check the anchors of the pages an anchor link points to.
 * The headings were in the light part, 1.45 of its 2.4 MB on the repo site (an API page's every
 * item is one), and two-thirds of the time an edit's build spent decoding every page's light part;
 * the anchors, read back from the light part, cost the link check of the peers corpus's 200 pages
 * 6 ms (it decoded each target's links too).
 */
export interface RecordPlace {
  offset: number;
  length: number;
  light: number;
  anchors: number;
  headings: number;
  sections: number;
  search: number;
  head: number;
}

/** A record's part boundaries (see RecordPlace). */
type RecordParts = Pick<RecordPlace, 'light' | 'anchors' | 'headings' | 'sections' | 'search' | 'head'>;

/**
 * The fields of a compiled page only some readers need: its text per section (the syntax lookup,
 * search records made anew), its search lines (search indexes), Markdown (llms files), preludes
 * and highlighted blocks' places (its next compile). 15.6 of the 16.4 MB of the repo site's record
 * heads, which an edit's build decoded for every page.
 */
export const HEAVY_FIELDS = ['sections', 'searchLines', 'markdown', 'preludes', 'blocks'] as const;
export type HeavyFields = Pick<CompiledPage, (typeof HEAVY_FIELDS)[number]>;
type OtherHeavy = Pick<CompiledPage, 'markdown' | 'preludes' | 'blocks'>;

/** `compiled.v8`: records, then the index, then 8 bytes: the index's offset (u32) and length (u32). */
const CACHE_FILE = 'compiled.v8';
const TRAILER = 8;
/**
 * A build appends its new records to the file and writes a new index after them, while the records
 * of unchanged pages stay where they are: an edit costs its own pages, not a copy of the whole file.
 * The records the new index no longer points to are dead; the file is written anew, with the live
 * records only, once they would make up less than half of it (and this much at least is dead).
 */
const MIN_DEAD_BYTES_TO_COMPACT = 8 * 1024 * 1024;

let codeHash: string | undefined;
function compilerCodeHash(): string {
  if (codeHash === undefined) {
    const root = toolDir();
    // dist/build.json: the id of the bundled compiler (a hash of its code, written by build-cli).
    const parts = [path.join(root, 'dist', 'build.json'), path.join(root, RESCRIPT_GRAMMAR)];
    codeHash = sha1(parts.map((p) => (existsSync(p) ? sha1(readFileSync(p)) : 'none')).join(':'));
  }
  return codeHash;
}

/**
 * The key every compiled page of a build shares. The file → route map is left out: a page depends
 * on the few entries its links looked up (`CompiledPage.fileRoutes`, checked page by page), so a
 * page added or removed recompiles the pages that link to it, not every page.
 */
export function contextKey(ctx: { routeByFile: unknown }, toolVersion: string): string {
  const { routeByFile: _perPage, ...shared } = ctx;
  return sha1(`${FORMAT}:${toolVersion}:${compilerCodeHash()}:${JSON.stringify(shared)}`);
}

/** Whether a compiled page's file → route lookups all resolve as they did when it was compiled. */
export function routesHold(page: Pick<CompiledPage, 'fileRoutes'>, routeByFile: Record<string, string>): boolean {
  for (const [file, route] of page.fileRoutes ?? []) {
    if ((Object.hasOwn(routeByFile, file) ? routeByFile[file]! : null) !== route) return false;
  }
  return true;
}

/** Reads records of an open cache file. */
export class RecordFile {
  constructor(protected readonly fd: number) {}

  /** The whole page. */
  read(place: RecordPlace): CompiledPage {
    return decodeRecord(readExactly(this.fd, place.offset, place.length), place);
  }

  /** The page's light fields; the heavy ones and the HTML are read from the file when asked for (and not kept). */
  readLazily(place: RecordPlace): CompiledPage {
    return this.lazily(this.readLight(place), place);
  }

  /** `light`, the light fields of the record at `place`, given getters that read the rest from it. */
  lazily(light: CompiledPage, place: RecordPlace): CompiledPage {
    return readBack(light, this, place, ['html', 'headings', 'anchors', ...HEAVY_FIELDS]);
  }

  /** The page's light fields alone (not its anchors: `readAnchors`). */
  readLight(place: RecordPlace): CompiledPage {
    return deserialize(readExactly(this.fd, place.offset, place.light)) as CompiledPage;
  }

  /** The ids on the page. */
  readAnchors(place: RecordPlace): CompiledPage['anchors'] {
    return deserialize(readExactly(this.fd, place.offset + place.light, place.anchors - place.light)) as CompiledPage['anchors'];
  }

  /** The page's headings. */
  readHeadings(place: RecordPlace): CompiledPage['headings'] {
    return deserialize(readExactly(this.fd, place.offset + place.anchors, place.headings - place.anchors)) as CompiledPage['headings'];
  }

  /** One heavy field of the page, read from its part of the record. */
  readHeavy<K extends keyof HeavyFields>(place: RecordPlace, field: K): HeavyFields[K] {
    if (field === 'sections') return deserialize(readExactly(this.fd, place.offset + place.headings, place.sections - place.headings)) as HeavyFields[K];
    if (field === 'searchLines') return deserialize(readExactly(this.fd, place.offset + place.sections, place.search - place.sections)) as HeavyFields[K];
    return (deserialize(readExactly(this.fd, place.offset + place.search, place.head - place.search)) as OtherHeavy)[field as keyof OtherHeavy] as HeavyFields[K];
  }

  /** The page's HTML alone. */
  readHtml(place: RecordPlace): string {
    return readExactly(this.fd, place.offset + place.head, place.length - place.head).toString('utf8');
  }

  /** The record's bytes, as they are in the file. */
  bytes(place: RecordPlace): Buffer {
    return readExactly(this.fd, place.offset, place.length);
  }
}

/** A field a page read from the cache file can read back when asked for, rather than keep. */
export type ReadBackField = 'html' | 'headings' | 'fileRoutes' | 'anchors' | (typeof HEAVY_FIELDS)[number];

const FILE = Symbol('file');
const PLACE = Symbol('place');

interface Backed {
  [FILE]: RecordFile;
  [PLACE]: RecordPlace;
}

/**
 * One getter per field, shared by every page that reads it back (a closure per page and field cost
 * ~2 MB at ×4 of the bench corpus, and gave each page a shape of its own): the HTML and heavy
 * fields, the anchors and the headings from their parts of the record, the file → route lookups
 * from its light part.
 */
const READERS: Record<ReadBackField, (this: Backed) => unknown> = {
  html() {
    return this[FILE].readHtml(this[PLACE]);
  },
  headings() {
    return this[FILE].readHeadings(this[PLACE]);
  },
  fileRoutes() {
    return this[FILE].readLight(this[PLACE]).fileRoutes;
  },
  anchors() {
    return this[FILE].readAnchors(this[PLACE]);
  },
  sections() {
    return this[FILE].readHeavy(this[PLACE], 'sections');
  },
  searchLines() {
    return this[FILE].readHeavy(this[PLACE], 'searchLines');
  },
  markdown() {
    return this[FILE].readHeavy(this[PLACE], 'markdown');
  },
  preludes() {
    return this[FILE].readHeavy(this[PLACE], 'preludes');
  },
  blocks() {
    return this[FILE].readHeavy(this[PLACE], 'blocks');
  },
};

/**
 * Gives `target` getters for `fields` that read them from the record at `place` when asked for
 * (not kept). Define data fields before: a data field turned into a getter afterwards makes the
 * object a dictionary-mode one.
 */
export function readBack<T extends object>(target: T, file: RecordFile, place: RecordPlace, fields: Iterable<ReadBackField>): T {
  Object.defineProperty(target, FILE, { value: file });
  Object.defineProperty(target, PLACE, { value: place });
  for (const k of fields) Object.defineProperty(target, k, { get: READERS[k], enumerable: true, configurable: true });
  return target;
}

/** A cache file opened for reading: page records are read one at a time, on demand. */
export class CacheReader extends RecordFile {
  private constructor(
    fd: number,
    private readonly index: Index,
    /** The file's size, and the bytes its index points to. */
    readonly fileBytes: number,
    readonly liveBytes: number,
  ) {
    super(fd);
  }

  /** The cache valid for `key`, or why there is none (STYLE rule 8: a reason is logged). */
  static open(dir: string, key: string): CacheReader | { reason: string } {
    const file = path.join(dir, CACHE_FILE);
    if (!existsSync(file)) return { reason: 'no cache yet' };
    let fd: number | undefined;
    try {
      fd = openSync(file, 'r');
      const size = fstatSync(fd).size;
      const trailer = Buffer.alloc(TRAILER);
      if (size < TRAILER || readSync(fd, trailer, 0, TRAILER, size - TRAILER) !== TRAILER) throw new Error('short');
      const at = trailer.readUInt32LE(0);
      const length = trailer.readUInt32LE(4);
      if (at + length + TRAILER !== size) throw new Error('bad trailer');
      const index = deserialize(readExactly(fd, at, length)) as Index;
      const reason =
        index.format !== FORMAT ? 'cache format changed' : index.contextKey !== key ? 'docsgen, config or the set of pages changed' : undefined;
      if (reason) {
        closeSync(fd);
        return { reason };
      }
      let live = 0;
      for (const place of Object.values(index.pages)) {
        if (place.offset + place.length > at || place.head > place.length || !(place.light <= place.anchors && place.anchors <= place.headings && place.headings <= place.sections && place.sections <= place.search && place.search <= place.head)) throw new Error('bad place');
        live += place.length;
      }
      return new CacheReader(fd, index, size, live);
    } catch {
      if (fd !== undefined) closeSync(fd);
      return { reason: 'cache file is corrupt' };
    }
  }

  /** How many pages the file holds. */
  get size(): number {
    return Object.keys(this.index.pages).length;
  }

  /** Where the record of page `id` is, whatever content it was compiled from. */
  lastPlace(id: string): RecordPlace | undefined {
    return this.index.pages[id];
  }

  /** Where the record of page `id` is, when it was compiled from content with this `hash`. */
  place(id: string, hash: string): RecordPlace | undefined {
    const place = this.index.pages[id];
    return place && place.hash === hash ? place : undefined;
  }

  /** The record of page `id` when it was compiled from content with this `hash`. */
  record(id: string, hash: string): CompiledPage | undefined {
    const place = this.place(id, hash);
    try {
      return place && this.read(place);
    } catch {
      return undefined;
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}

/**
 * Writes the next cache file as pages are ready, and reads records back (the build keeps only a
 * light copy of each page; its HTML and text are read back from here when something needs them).
 *
 * Two ways, chosen when it is made (`CacheWriter.create`):
 * - appending to the current file: records of unchanged pages stay where they are (`keep` only
 *   notes their place), new ones go after the file's end, and `commit` writes the new index and
 *   trailer after them. Once a record is appended the old trailer is no longer at the file's end:
 *   a build that does not commit cuts the file back to its old size, and one killed meanwhile
 *   leaves a file the next build finds corrupt (and compiles every page). A lock file keeps two
 *   builds from appending to one file at once;
 * - writing a new file (no valid cache, a compile context change, too many dead records, or another
 *   build holding the lock): every record is written, unchanged ones copied as bytes, into a
 *   temporary file that `commit` renames over the current one.
 */
export class CacheWriter extends RecordFile {
  private offset: number;
  private readonly pages: Index['pages'] = {};
  private failed = false;
  /** Why a record could not be written (the commit's error). */
  private failure: string | undefined;

  private constructor(
    fd: number,
    private readonly key: string,
    private readonly dir: string,
    /** Appending: the file's size before this build, and its lock file. Else the temporary file. */
    private readonly mode: { append: true; size: number; lock: string } | { append: false; tmp: string },
  ) {
    super(fd);
    this.offset = mode.append ? mode.size : 0;
  }

  /**
   * A writer for the next cache file of `dir`: it appends to the file `from` was opened on when that
   * file is valid for `key`, mostly live, and no other build appends to it; else it writes a new one.
   */
  static create(dir: string, key: string, from?: CacheReader): CacheWriter {
    mkdirSync(dir, { recursive: true });
    const dead = from ? from.fileBytes - from.liveBytes : 0;
    if (from && (dead < MIN_DEAD_BYTES_TO_COMPACT || dead < from.liveBytes)) {
      const lock = takeLock(path.join(dir, `${CACHE_FILE}.lock`));
      if (lock) {
        try {
          const fd = openSync(path.join(dir, CACHE_FILE), 'r+');
          if (fstatSync(fd).size === from.fileBytes) return new CacheWriter(fd, key, dir, { append: true, size: from.fileBytes, lock });
          closeSync(fd); // replaced since it was opened: write a new one
        } catch {
          // not writable: write a new one
        }
        rmSync(lock, { force: true });
      }
    }
    const tmp = path.join(dir, `${CACHE_FILE}.${process.pid}.tmp`);
    return new CacheWriter(openSync(tmp, 'w+'), key, dir, { append: false, tmp });
  }

  /** Whether unchanged pages' records stay where they are (and are not written again). */
  get appending(): boolean {
    return this.mode.append;
  }

  /**
   * Appends a page's record and returns where it is; undefined when the file could not take it (a
   * full disk): the build then keeps the page itself, since it cannot be read back from here.
   */
  add(id: string, hash: string, page: CompiledPage): RecordPlace | undefined {
    if (this.failed) return undefined;
    const { bytes, ...parts } = encodeRecord(page);
    return this.put(id, hash, bytes, parts);
  }

  /**
   * An unchanged page whose record is at `place` in `from`'s file: noted where it is when appending
   * to that file, else copied as bytes into the new one (undefined when that failed, as for `add`).
   */
  keep(id: string, hash: string, place: RecordPlace, from: CacheReader): RecordPlace | undefined {
    if (this.mode.append) {
      this.pages[id] = { ...place, hash };
      return place;
    }
    return this.put(id, hash, from.bytes(place), place);
  }

  private put(id: string, hash: string, bytes: Buffer, parts: RecordParts): RecordPlace | undefined {
    if (this.failed) return undefined;
    const place = { offset: this.offset, length: bytes.byteLength, light: parts.light, anchors: parts.anchors, headings: parts.headings, sections: parts.sections, search: parts.search, head: parts.head };
    try {
      writeExactly(this.fd, bytes, this.offset);
    } catch (err) {
      // A cache is an optimisation: the build goes on without it, and writes no more records (the
      // file is not committed; the records written before stay readable until the build ends).
      this.failed = true;
      this.failure = (err as Error).message;
      return undefined;
    }
    this.offset += bytes.byteLength;
    this.pages[id] = { ...place, hash };
    return place;
  }

  /** Writes the index; a new file is then put in place of the last one. The records stay readable. */
  async commit(): Promise<void> {
    if (this.failed) throw new Error(this.failure ?? 'cache write failed');
    const index = serialize({ format: FORMAT, contextKey: this.key, pages: this.pages } satisfies Index);
    const trailer = Buffer.alloc(TRAILER);
    trailer.writeUInt32LE(this.offset, 0);
    trailer.writeUInt32LE(index.byteLength, 4);
    writeExactly(this.fd, index, this.offset);
    writeExactly(this.fd, trailer, this.offset + index.byteLength);
    if (!this.mode.append) await rename(this.mode.tmp, path.join(this.dir, CACHE_FILE));
  }

  /** Closes the file (after the last read). Uncommitted: a new file is removed, an appended one cut back. */
  async close(committed: boolean): Promise<void> {
    if (this.mode.append) {
      if (!committed) {
        try {
          ftruncateSync(this.fd, this.mode.size);
        } catch {
          // the old trailer is not at the end any more: the next build finds the file corrupt and compiles every page
        }
      }
      closeSync(this.fd);
      rmSync(this.mode.lock, { force: true });
    } else {
      closeSync(this.fd);
      if (!committed) await rm(this.mode.tmp, { force: true });
    }
  }
}

/** Creates `file` holding this process's id; a lock left by a process that no longer runs is taken over. */
function takeLock(file: string): string | undefined {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
      let holder = NaN;
      try {
        holder = Number(readFileSync(file, 'utf8'));
      } catch {
        // removed meanwhile
      }
      if (isRunning(holder)) return undefined;
      rmSync(file, { force: true });
    }
  }
  return undefined;
}

/**
 * A page as a record (see RecordPlace): light fields, headings, sections, search lines and other
 * heavy fields each v8-serialised, then the HTML as UTF-8 bytes (V8 would write the string two
 * bytes per character as soon as it holds one character beyond Latin-1, and the HTML is most of a
 * record). The bytes are a view of a buffer the next call reuses: write them out first.
 */
export function encodeRecord(page: CompiledPage): { bytes: Buffer } & RecordParts {
  const { html, anchors, headings, sections, searchLines, markdown, preludes, blocks, ...rest } = page;
  const other: OtherHeavy = { markdown, preludes, ...(blocks ? { blocks } : {}) };
  const parts = [serialize(rest), serialize(anchors), serialize(headings), serialize(sections), serialize(searchLines), serialize(other)] as const;
  const ends: number[] = [];
  let head = 0;
  for (const part of parts) ends.push((head += part.byteLength));
  // Room for the HTML at its longest in UTF-8 (three bytes per UTF-16 unit).
  const room = head + html.length * 3;
  recordBytes = atLeast(recordBytes, room);
  let at = 0;
  for (const part of parts) at += part.copy(recordBytes, at);
  const length = head + recordBytes.write(html, head, 'utf8');
  return { bytes: recordBytes.subarray(0, length), light: ends[0]!, anchors: ends[1]!, headings: ends[2]!, sections: ends[3]!, search: ends[4]!, head };
}

/**
 * The buffer records are encoded into, reused from record to record: `encodeRecord`'s bytes are
 * written out before the next record is encoded. A new buffer per record (tens to hundreds of KB
 * each) fragmented the C heap, as reading a new buffer per file did (`readScratch`).
 */
let recordBytes = Buffer.allocUnsafeSlow(1024 * 1024);

export function decodeRecord(bytes: Buffer, place: RecordParts): CompiledPage {
  const page = deserialize(bytes.subarray(0, place.light)) as CompiledPage;
  page.anchors = deserialize(bytes.subarray(place.light, place.anchors)) as CompiledPage['anchors'];
  page.headings = deserialize(bytes.subarray(place.anchors, place.headings)) as CompiledPage['headings'];
  page.sections = deserialize(bytes.subarray(place.headings, place.sections)) as CompiledPage['sections'];
  const searchLines = deserialize(bytes.subarray(place.sections, place.search)) as CompiledPage['searchLines'];
  if (searchLines) page.searchLines = searchLines;
  Object.assign(page, deserialize(bytes.subarray(place.search, place.head)) as OtherHeavy);
  page.html = bytes.toString('utf8', place.head);
  return page;
}

function readExactly(fd: number, offset: number, length: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buf, done, length - done, offset + done);
    if (n === 0) throw new Error('cache file is truncated');
    done += n;
  }
  return buf;
}

function writeExactly(fd: number, bytes: Uint8Array, offset: number): void {
  let done = 0;
  while (done < bytes.byteLength) done += writeSync(fd, bytes, done, bytes.byteLength - done, offset + done);
}

/** Bump when the site manifest's layout changes. */
const SITE_FORMAT = 3;

/**
 * What the last written site was built from, and what it wrote: a build whose inputs all match,
 * with out/ as it was left, has nothing to do (a warm `docsgen build`). Each part of the key is
 * kept apart, so a mismatch can say what changed.
 */
interface SiteManifest {
  format: number;
  /**
   * `tool`: docsgen's version and compiler code (any output may change); `config`: every config
   * byte; `assets`: the hashed client asset names; `public`: the files copied as they are (name,
   * size, mtime); `options`: flags and settings that change what is written or reported.
   */
  parts: Record<string, string>;
  /** Content id → hash of the source (generated API pages included). */
  sources: Record<string, string>;
  /** out/ file → size, as the build left it: a file changed or removed since means a rebuild. */
  outputs: Record<string, number>;
  /** The build's messages (warnings), reported again by a build that reuses it. */
  messages: Message[];
  pages: number;
  /** The facts its routes were rendered from (incremental/route-facts.ts): a build whose sources changed renders only the routes they reach. */
  rendered: { facts: [string, string][]; routes: string[]; global: string };
  /** Groups of generated files and the keys of their inputs (incremental/generated.ts): an unchanged group is kept. */
  generated: GeneratedGroups;
}

/** What an incremental build takes from the last one. */
export interface PreviousBuild {
  rendered: Snapshot;
  /** Every file of out/ and its size. */
  outputs: Record<string, number>;
  generated: GeneratedGroups;
}

export interface SiteKey {
  parts: Record<string, string>;
  sources: Record<string, string>;
}

/** The key parts of a site build; `extra` holds what only the caller knows (config hash, assets…). */
export function siteKey(toolVersion: string, extra: Record<string, string>, sources: Record<string, string>): SiteKey {
  return { parts: { tool: `${toolVersion}:${compilerCodeHash()}`, ...extra }, sources };
}

/**
 * Every file of out/ and its size. Synchronous: nothing else runs meanwhile, and a promise per
 * stat made it 3–4× slower (1,354 files: 20–50 ms → 6–16 ms).
 */
function listOutputs(outDir: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of filesUnder(outDir)) out[f.rel] = statSync(f.abs).size;
  return out;
}

/**
 * The manifest when the last site can be reused as it is; else why not, and, when only content
 * changed and out/ is as the last build left it, the facts its routes were rendered from (the
 * build then renders only the routes the changes reach, and keeps the other files).
 */
export async function checkSiteManifest(
  dir: string,
  key: SiteKey,
  outDir: string,
): Promise<{ manifest: { messages: Message[]; pages: number } } | { reason: string; previous?: PreviousBuild }> {
  const file = path.join(dir, 'site.json');
  if (!existsSync(file)) return { reason: 'no earlier build recorded' };
  let m: SiteManifest;
  try {
    m = JSON.parse(readFileSync(file, 'utf8')) as SiteManifest; // an awaited read waited behind the thread pool
  } catch {
    return { reason: 'the build manifest is corrupt' };
  }
  if (m.format !== SITE_FORMAT) return { reason: 'the build manifest format changed' };
  const parts = Object.keys({ ...m.parts, ...key.parts }).filter((k) => m.parts[k] !== key.parts[k]);
  if (parts.length > 0) return { reason: `${parts.join(', ')} changed` };
  const ids = new Set([...Object.keys(m.sources), ...Object.keys(key.sources)]);
  const changed = [...ids].filter((id) => m.sources[id] !== key.sources[id]);
  const outputs = existsSync(outDir) ? listOutputs(path.resolve(outDir)) : {};
  const names = new Set([...Object.keys(m.outputs), ...Object.keys(outputs)]);
  const touched = [...names].filter((f) => m.outputs[f] !== outputs[f]);
  if (changed.length > 0) {
    const reason = `${changed.length} content file${changed.length === 1 ? '' : 's'} changed (${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ', …' : ''})`;
    if (touched.length > 0) return { reason };
    const rendered = { facts: new Map(m.rendered.facts), routes: new Set(m.rendered.routes), global: m.rendered.global };
    return { reason, previous: { rendered, outputs, generated: m.generated } };
  }
  if (touched.length > 0) return { reason: `out/ changed since the last build (${touched.slice(0, 3).join(', ')}${touched.length > 3 ? ', …' : ''})` };
  return { manifest: { messages: m.messages, pages: m.pages } };
}

/** Forgets the last site: called before out/ is replaced, so a manifest never describes another site. */
export async function removeSiteManifest(dir: string): Promise<void> {
  await rm(path.join(dir, 'site.json'), { force: true });
}

/** Records a written site (after its output directory was swapped in). */
export async function writeSiteManifest(
  dir: string,
  key: SiteKey,
  outDir: string,
  result: { messages: Message[]; pages: number },
  rendered: Snapshot,
  generated: GeneratedGroups,
  /** out/'s files and sizes when the writer knows them (an in-place build); else out/ is listed. */
  outputs?: Record<string, number>,
): Promise<void> {
  const manifest: SiteManifest = {
    format: SITE_FORMAT,
    ...key,
    generated,
    outputs: outputs ?? listOutputs(path.resolve(outDir)),
    messages: result.messages,
    pages: result.pages,
    rendered: { facts: [...rendered.facts], routes: [...rendered.routes], global: rendered.global },
  };
  await writeFileWhole(path.join(dir, 'site.json'), JSON.stringify(manifest));
}
