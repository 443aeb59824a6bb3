// A small Algolia REST client (SPEC §7, §8): POST /1/indexes/*/queries to a read host, a write host
// and three shuffled fallback hosts; connect 1 s, read 2 s, write 30 s; a host that fails is marked
// down for 120 s and skipped; when every host fails the search fails with a RetryError (DocSearch
// then shows 'Unable to fetch results'). fetch and the clock are injected, so tests run it for real.

/** SPEC §7 timeouts, in milliseconds. */
export const TIMEOUTS = { connect: 1_000, read: 2_000, write: 30_000 } as const;
/** SPEC §8/§9: a host that is down is not asked again for 2 minutes. */
export const HOST_DOWN_MS = 120_000;

export type HostAccept = 'read' | 'write' | 'readWrite';

export interface Host {
  /** `https://app-dsn.algolia.net` (an origin; a bare host name means https). */
  url: string;
  accept: HostAccept;
}

export interface AlgoliaClientOptions {
  appId: string;
  apiKey: string;
  /** Replaces the Algolia hosts: read host, write host, then fallback hosts (shuffled). */
  hosts?: string[];
  fetch?: typeof fetch;
  now?: () => number;
  /** For the fallback hosts' order; `Math.random` by default. */
  random?: () => number;
  timeouts?: Partial<typeof TIMEOUTS>;
}

/** Thrown when no host answered (the name DocSearch turns into its error screen). */
export class RetryError extends Error {
  override readonly name = 'RetryError';
  constructor(readonly attempts: { host: string; reason: string }[]) {
    super(`Unreachable hosts: ${attempts.map((a) => `${a.host} (${a.reason})`).join(', ') || 'none usable'}`);
  }
}

/** An answer that retrying elsewhere would not change (4xx: bad key, bad request). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

function origin(host: string): string {
  return /^https?:\/\//.test(host) ? host.replace(/\/$/, '') : `https://${host}`;
}

function shuffle<T>(list: T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Algolia's hosts for an application: read (DSN), write, and three fallbacks in random order. */
export function defaultHosts(appId: string, hosts: string[] | undefined, random: () => number): Host[] {
  if (hosts && hosts.length > 0) {
    const [read, write, ...fallbacks] = hosts.map(origin);
    return [
      { url: read!, accept: 'read' },
      ...(write ? [{ url: write, accept: 'write' as const }] : []),
      ...shuffle(fallbacks, random).map((url) => ({ url, accept: 'readWrite' as const })),
    ];
  }
  return [
    { url: `https://${appId}-dsn.algolia.net`, accept: 'read' },
    { url: `https://${appId}.algolia.net`, accept: 'write' },
    ...shuffle([1, 2, 3].map((i) => `https://${appId}-${i}.algolianet.com`), random).map((url) => ({ url, accept: 'readWrite' as const })),
  ];
}

export interface AlgoliaClient {
  /** DocSearch's call (algoliasearch v5 lite shape). */
  search(params: { requests: Record<string, unknown>[] }): Promise<{ results: unknown[] }>;
  /** Any call: `read` uses read hosts and the read timeout, `write` the write ones. */
  request(kind: 'read' | 'write', method: string, path: string, body?: unknown): Promise<unknown>;
  /** Host → time it was marked down (for tests and diagnostics). */
  readonly downSince: ReadonlyMap<string, number>;
}

export function createAlgoliaClient(opts: AlgoliaClientOptions): AlgoliaClient {
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const now = opts.now ?? Date.now;
  const timeouts = { ...TIMEOUTS, ...opts.timeouts };
  const hosts = defaultHosts(opts.appId, opts.hosts, opts.random ?? Math.random);
  const downSince = new Map<string, number>();
  const usable = (h: Host, kind: 'read' | 'write') => {
    if (h.accept !== 'readWrite' && h.accept !== kind) return false;
    const since = downSince.get(h.url);
    if (since === undefined) return true;
    if (now() - since >= HOST_DOWN_MS) {
      downSince.delete(h.url);
      return true;
    }
    return false;
  };

  /** One attempt: the connect timeout runs until the answer's headers, the read/write one for its body. */
  async function attempt(host: Host, kind: 'read' | 'write', method: string, path: string, body: string | undefined) {
    const controller = new AbortController();
    let timedOut = '';
    const arm = (ms: number, what: string) =>
      setTimeout(() => {
        timedOut = what;
        controller.abort();
      }, ms);
    let timer = arm(timeouts.connect, 'connect timeout');
    try {
      const sep = path.includes('?') ? '&' : '?';
      const url = `${host.url}${path}${sep}x-algolia-application-id=${encodeURIComponent(opts.appId)}&x-algolia-api-key=${encodeURIComponent(opts.apiKey)}`;
      const init: RequestInit = { method, signal: controller.signal, headers: { 'content-type': 'text/plain' } };
      if (body !== undefined) init.body = body;
      const res = await doFetch(url, init);
      clearTimeout(timer);
      timer = arm(kind === 'read' ? timeouts.read : timeouts.write, `${kind} timeout`);
      const text = await res.text();
      return { status: res.status, text };
    } catch (err) {
      return { status: 0, text: timedOut || (err instanceof Error ? err.message : String(err)) };
    } finally {
      clearTimeout(timer);
    }
  }

  async function request(kind: 'read' | 'write', method: string, path: string, body?: unknown): Promise<unknown> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const attempts: { host: string; reason: string }[] = [];
    for (const host of hosts) {
      if (!usable(host, kind)) continue;
      const { status, text } = await attempt(host, kind, method, path, payload);
      if (status >= 200 && status < 300) {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          attempts.push({ host: host.url, reason: 'invalid JSON' });
          downSince.set(host.url, now());
          continue;
        }
      }
      // A network failure, a timeout or a server error: this host is down, the next one is asked.
      if (status === 0 || status >= 500 || status === 429) {
        attempts.push({ host: host.url, reason: status === 0 ? text : `HTTP ${status}` });
        downSince.set(host.url, now());
        continue;
      }
      let reason = `HTTP ${status}`;
      try {
        reason = (JSON.parse(text) as { message?: string }).message ?? reason;
      } catch {
        // not JSON: keep the status
      }
      throw new ApiError(reason, status);
    }
    throw new RetryError(attempts);
  }

  return {
    downSince,
    request,
    async search({ requests }) {
      return (await request('read', 'POST', '/1/indexes/*/queries', { requests })) as { results: unknown[] };
    },
  };
}
