import type http from 'node:http';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ResolvedConfig } from '../pipeline/config.ts';
import type { Logger } from '../pipeline/logger.ts';
import { DocsgenError } from '../pipeline/errors.ts';
import { runBuild, summaryLine } from '../pipeline/run.ts';
import { startServer } from '../serve/server.ts';

const RELOAD_CLIENT = `<script>(()=>{const s=new EventSource('/__docsgen/events');s.addEventListener('reload',()=>location.reload());s.addEventListener('problems',(e)=>{let d=document.getElementById('docsgen-overlay');const t=JSON.parse(e.data);if(!t){d&&d.remove();return}if(!d){d=document.createElement('pre');d.id='docsgen-overlay';d.setAttribute('role','alert');d.style.cssText='position:fixed;inset:auto 1rem 1rem 1rem;max-height:50vh;overflow:auto;background:#300;color:#fdd;padding:1rem;z-index:9999;border-radius:6px;white-space:pre-wrap';document.body.append(d)}d.textContent=t})})()</script>`;

export async function serveCommand(
  config: ResolvedConfig,
  log: Logger,
  flags: { watch?: boolean; host: string; port: number },
): Promise<void> {
  const clients = new Set<http.ServerResponse>();
  const send = (event: string, data: unknown) => {
    for (const c of clients) c.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  let lastProblems: string | null = null;
  const build = async () => {
    try {
      const result = await runBuild(config, log, { write: true });
      log.report(result.messages);
      log.error(summaryLine(result, log));
      lastProblems = result.errors
        ? result.messages.filter((m) => m.severity === 'error').map((m) => `${m.file}:${m.line}:${m.column}  ${m.reason}`).join('\n')
        : null;
      send('problems', lastProblems);
      if (result.written) send('reload', true);
    } catch (err) {
      log.error(`${log.paint(31, '✗')} ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  if (flags.watch || !existsSync(config.outDir)) await build();
  const server = await startServer({
    outDir: config.outDir,
    host: flags.host,
    port: flags.port,
    ...(flags.watch ? { inject: RELOAD_CLIENT } : {}),
    handle: (req, res) => {
      if (!flags.watch || req.url !== '/__docsgen/events') return false;
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      res.write(`event: problems\ndata: ${JSON.stringify(lastProblems)}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return true;
    },
  }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') throw new DocsgenError('PortInUse', String(flags.port));
    throw err;
  });
  log.info('serve', `http://${flags.host}:${flags.port}/ (serving ${path.relative(config.root, config.outDir) || '.'})`);
  if (!flags.watch) return;
  // Loaded here, not imported: only `serve --watch` needs it.
  const { watch } = createRequire(import.meta.url)('chokidar') as typeof import('chokidar');
  // public/ too: its files are copied into the site and checked against images and links.
  const publicDir = path.join(config.root, 'public');
  const watcher = watch([config.contentDir, config.configDir, ...(existsSync(publicDir) ? [publicDir] : [])], { ignoreInitial: true });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (running) {
        again = true; // events during a build wait for the next one
        return;
      }
      running = build();
      await running;
      running = undefined;
      if (again) {
        again = false;
        schedule();
      }
    }, 60);
  };
  watcher.on('all', (event, file) => {
    log.info('watch', `${event} ${path.relative(config.root, file)}`);
    schedule();
  });
}
