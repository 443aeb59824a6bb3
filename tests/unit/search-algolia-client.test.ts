import { describe, expect, it } from 'vitest';
import { createAlgoliaClient, defaultHosts, HOST_DOWN_MS, TIMEOUTS } from '../../src/client/search/algolia-client.ts';

type Behaviour = 'ok' | 'refused' | 'error500' | 'forbidden' | 'hang' | 'slow-body';

/** A fake network: each host behaves as told, every call is recorded. */
function network(behaviour: Record<string, Behaviour>) {
  const calls: { host: string; url: string; init: RequestInit }[] = [];
  const fakeFetch = (async (url: string, init: RequestInit) => {
    const host = new URL(url).origin;
    calls.push({ host, url, init });
    const b = behaviour[host] ?? 'ok';
    const hang = () =>
      new Promise<never>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    if (b === 'refused') throw new TypeError('fetch failed');
    if (b === 'hang') return hang();
    if (b === 'error500') return new Response('{"message":"boom"}', { status: 500 });
    if (b === 'forbidden') return new Response('{"message":"Invalid API key"}', { status: 403 });
    const body = JSON.stringify({ results: [{ hits: [], nbHits: 0, queryID: 'q', host }] });
    if (b === 'slow-body') return { status: 200, text: hang } as unknown as Response;
    return new Response(body, { status: 200 });
  }) as unknown as typeof fetch;
  return { calls, fakeFetch };
}

const hosts = ['http://read.test', 'http://write.test', 'http://f1.test', 'http://f2.test', 'http://f3.test'];
const request = { requests: [{ indexName: 'docs', query: 'pipe', hitsPerPage: 20, facetFilters: [['version:v11.0.0']] }] };

function client(behaviour: Record<string, Behaviour>, clock = { now: 0 }, timeouts = {}) {
  const net = network(behaviour);
  const c = createAlgoliaClient({ appId: 'APP', apiKey: 'KEY', hosts, fetch: net.fakeFetch, now: () => clock.now, random: () => 0, timeouts });
  return { c, ...net, clock };
}

describe('Algolia client', () => {
  it('uses Algolia’s hosts: read (DSN), write, and three shuffled fallbacks', () => {
    const list = defaultHosts('APP', undefined, () => 0.99);
    expect(list[0]).toEqual({ url: 'https://APP-dsn.algolia.net', accept: 'read' });
    expect(list[1]).toEqual({ url: 'https://APP.algolia.net', accept: 'write' });
    expect(list.slice(2).map((h) => h.url).sort()).toEqual(['https://APP-1.algolianet.com', 'https://APP-2.algolianet.com', 'https://APP-3.algolianet.com']);
    expect(list.slice(2).every((h) => h.accept === 'readWrite')).toBe(true);
    expect(TIMEOUTS).toEqual({ connect: 1000, read: 2000, write: 30000 });
    expect(HOST_DOWN_MS).toBe(120_000);
  });

  it('POSTs the queries to /1/indexes/*/queries on the read host, with the credentials', async () => {
    const { c, calls } = client({});
    const res = (await c.search(request)) as { results: { host: string }[] };
    expect(res.results[0]!.host).toBe('http://read.test');
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe('/1/indexes/*/queries');
    expect(url.searchParams.get('x-algolia-application-id')).toBe('APP');
    expect(url.searchParams.get('x-algolia-api-key')).toBe('KEY');
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual(request);
  });

  it('fails over to the next host, skips a down host for 120 s, and asks it again after', async () => {
    const { c, calls, clock } = client({ 'http://read.test': 'refused', 'http://f3.test': 'error500' });
    // random() = 0 shuffles the fallbacks to f2, f3, f1
    await c.search(request);
    expect(calls.map((x) => x.host)).toEqual(['http://read.test', 'http://f2.test']);
    calls.length = 0;
    clock.now = HOST_DOWN_MS - 1;
    await c.search(request);
    expect(calls.map((x) => x.host)).toEqual(['http://f2.test']);
    calls.length = 0;
    clock.now = HOST_DOWN_MS;
    await c.search(request);
    expect(calls.map((x) => x.host)).toEqual(['http://read.test', 'http://f2.test']);
  });

  it('never reads from the write host', async () => {
    const { c, calls } = client({ 'http://read.test': 'refused', 'http://f1.test': 'refused', 'http://f2.test': 'refused', 'http://f3.test': 'refused' });
    await expect(c.search(request)).rejects.toMatchObject({ name: 'RetryError' });
    expect(calls.map((x) => x.host)).not.toContain('http://write.test');
    calls.length = 0;
    await c.request('write', 'POST', '/1/indexes/docs/batch', { requests: [] });
    expect(calls.map((x) => x.host)).toEqual(['http://write.test']);
  });

  it('fails with a RetryError when every host is down, without asking them again until they expire', async () => {
    const { c, calls, clock } = client({ 'http://read.test': 'error500', 'http://f1.test': 'refused', 'http://f2.test': 'error500', 'http://f3.test': 'refused' });
    await expect(c.search(request)).rejects.toMatchObject({ name: 'RetryError' });
    expect(calls).toHaveLength(4);
    await expect(c.search(request)).rejects.toMatchObject({ name: 'RetryError' });
    expect(calls).toHaveLength(4); // all marked down: nothing to ask
    clock.now += HOST_DOWN_MS;
    await expect(c.search(request)).rejects.toMatchObject({ name: 'RetryError' });
    expect(calls).toHaveLength(8);
  });

  it('does not retry an answer another host would repeat (403: bad key)', async () => {
    const { c, calls } = client({ 'http://read.test': 'forbidden' });
    await expect(c.search(request)).rejects.toMatchObject({ name: 'ApiError', status: 403, message: 'Invalid API key' });
    expect(calls).toHaveLength(1);
  });

  it('gives up on a host that does not answer within the connect timeout, or sends no body within the read timeout', async () => {
    const { c, calls } = client({ 'http://read.test': 'hang', 'http://f2.test': 'slow-body' }, { now: 0 }, { connect: 20, read: 30 });
    const res = (await c.search(request)) as { results: { host: string }[] };
    expect(calls.map((x) => x.host)).toEqual(['http://read.test', 'http://f2.test', 'http://f3.test']);
    expect(res.results[0]!.host).toBe('http://f3.test');
    expect([...c.downSince.keys()].sort()).toEqual(['http://f2.test', 'http://read.test']);
  });
});
