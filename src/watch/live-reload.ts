// Live reload over server-sent events. Each open page connects with its own path
// (`/__docsgen/events?route=/docs/manual/v11.0.0/pipe`); after a build, only the pages whose output
// file changed are told to reload. Build errors go to every page, shown in an overlay.
import type http from 'node:http';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { resolveFile, requestPath, type RequestHandler } from '../serve/server.ts';

export const EVENTS_PATH = '/__docsgen/events';

/**
 * The client, injected into every served page. The overlay's text is set with textContent (it
 * carries file names and reasons, never markup).
 */
export const RELOAD_CLIENT = `<script>(()=>{const s=new EventSource('${EVENTS_PATH}?route='+encodeURIComponent(location.pathname));s.addEventListener('reload',()=>location.reload());s.addEventListener('problems',(e)=>{let d=document.getElementById('docsgen-overlay');const t=JSON.parse(e.data);if(!t){d&&d.remove();return}if(!d){d=document.createElement('div');d.id='docsgen-overlay';d.setAttribute('role','alert');d.setAttribute('aria-label','Build errors');d.style.cssText='position:fixed;inset:auto 1rem 1rem 1rem;max-height:50vh;overflow:auto;background:#300;color:#fdd;padding:1rem;z-index:9999;border-radius:6px;font:14px/1.4 ui-monospace,monospace';const p=document.createElement('pre');p.style.cssText='margin:0;white-space:pre-wrap';const h=document.createElement('p');h.style.cssText='margin:0 0 .5rem;font-weight:700';h.textContent='Build failed: nothing was written, this page is the last good build. Fix the file and save.';const x=document.createElement('button');x.type='button';x.textContent='Hide';x.style.cssText='position:sticky;top:0;float:right;font:inherit;color:inherit;background:#600;border:1px solid #fdd;border-radius:4px;padding:0 .5rem;cursor:pointer';x.onclick=()=>d.remove();d.append(x,h,p);document.body.append(d)}d.querySelector('pre').textContent=t})})()</script>`;

interface Client {
  res: http.ServerResponse;
  /** Files (relative to out/) the page may be served from. */
  candidates: string[];
}

export class LiveReload {
  private readonly clients = new Set<Client>();
  private problems: string | null = null;

  constructor(private readonly outDir: string) {}

  /** The event stream endpoint, for the server's handlers. */
  readonly handler: RequestHandler = (req, res) => {
    const urlPath = requestPath(req.url);
    if (urlPath !== EVENTS_PATH) return false;
    const route = new URL(req.url!, 'http://localhost').searchParams.get('route') ?? '/';
    // The route comes from the page's URL: untrusted, so it only ever goes through resolveFile.
    const candidates = (resolveFile(this.outDir, route.startsWith('/') ? route : '/') ?? []).map((f) =>
      path.relative(this.outDir, f).split(path.sep).join('/'),
    );
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    res.write(`event: problems\ndata: ${JSON.stringify(this.problems)}\n\n`);
    const client = { res, candidates };
    this.clients.add(client);
    req.on('close', () => this.clients.delete(client));
    return true;
  };

  /** Shows (a string) or clears (null) the error overlay on every open page. */
  setProblems(text: string | null): void {
    if (text === this.problems) return;
    this.problems = text;
    for (const c of this.clients) c.res.write(`event: problems\ndata: ${JSON.stringify(text)}\n\n`);
  }

  /** Tells the pages whose file changed (written or removed; paths relative to out/) to reload. */
  changed(files: ReadonlySet<string>): number {
    let told = 0;
    for (const c of this.clients) {
      const served = c.candidates.find((f) => existsSync(path.join(this.outDir, f)));
      // A page that was a 404 reloads when it appears or the 404 page changes.
      const hit = c.candidates.some((f) => files.has(f)) || (served === undefined && files.has('404.html'));
      if (hit) {
        c.res.write('event: reload\ndata: true\n\n');
        told++;
      }
    }
    return told;
  }

  close(): void {
    for (const c of this.clients) c.res.end();
    this.clients.clear();
  }
}
