// Running compiled code in a sandboxed frame, for code that uses React or defines a module `App`
// (run.ts says when). Browser only: loaded through browser-only.ts, as a chunk of its own with
// React's source in it (~66 KB gzipped), fetched the first time such code runs.
//
// The frame is `sandbox="allow-scripts"` without `allow-same-origin`: its document has an opaque
// origin, so the code in it reaches neither this page nor the site's storage, and may fetch nothing
// of the site's without CORS. So it is sent everything it runs: React and ReactDOM as one classic
// script (render-libraries.ts), the runtime modules the code needs (fetched here, same origin), and
// the code; it makes each a blob URL and maps the imports to them with an import map. Every loop of
// the code carries a clock (loop-guard.ts), so a loop that never ends stops itself after a second.
import libraries from 'docsgen:playground-render-libraries';
import { parser } from '@lezer/javascript';
import { guardLoops, LOOP_GUARD_GLOBAL, LOOP_LIMIT_MS, loopGuard } from './loop-guard.ts';
import { LIBRARIES_KEY, MAX_LINE_CHARS, MAX_LINES, RUN_LIMIT_MS, RunRecord, readSandboxMessage, runtimeModules, sandboxMain, type FrameJob, type OutputLine, type RunHandle } from './run.ts';

/** The frame's height bounds, in CSS pixels: it grows with what it shows, up to a point. */
const MIN_HEIGHT = 48;
const MAX_HEIGHT = 640;

/** The frame's document before the code arrives: a root to render into, and the sandbox code. */
function frameDocument(): string {
  // `<\/script` means the same as `</script` in any string or regex of the code, and cannot end the element.
  const boot = `globalThis.${LOOP_GUARD_GLOBAL}=(${loopGuard.toString()})(${LOOP_LIMIT_MS});(${sandboxMain.toString()})(${JSON.stringify({ maxLines: MAX_LINES, maxChars: MAX_LINE_CHARS })}, ${JSON.stringify({ librariesKey: LIBRARIES_KEY })});`.replace(/<\/script/gi, '<\\/script');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light">',
    '<style>body{margin:0;padding:12px;font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#16171d;background:#fff}</style>',
    `</head><body><div id="root"></div><script>${boot}</script></body></html>`,
  ].join('');
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/**
 * Runs a module `prepareRun` made for a frame in a new frame inside `host`, which shows what it
 * renders. The run is done once the module has run and `App` is rendered; the frame then lives on,
 * printing through `onLine`, until `stop`.
 */
export function runInFrame(host: HTMLElement, prepared: { module: string; runtime: string[] }, runtimeUrl: string | undefined, onLine?: (line: OutputLine) => void, limitMs = RUN_LIMIT_MS): RunHandle {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.title = 'Rendered output';
  frame.className = 'pg-frame';
  frame.style.height = `${MIN_HEIGHT}px`;
  frame.srcdoc = frameDocument();
  const onMessage = (e: MessageEvent) => {
    if (e.source !== frame.contentWindow) return;
    const m = run.take(readSandboxMessage(e.data));
    if (m?.type === 'height') frame.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(m.px)))}px`;
    else if (m?.type === 'done') {
      // The frame lives on (a component with its events) until the next run stops it.
      run.end({ ms: m.ms, frame: m.shows ?? 'nothing' });
    }
  };
  const removeFrame = () => {
    clearTimeout(timer);
    window.removeEventListener('message', onMessage);
    frame.remove();
  };
  // The run ends at the first render; stopping it later only removes the frame.
  const run = new RunRecord(() => clearTimeout(timer), onLine);
  const stop = () => {
    removeFrame();
    run.end({ ms: run.elapsed(), stopped: true });
  };
  // Code busy past the limit before its first render (a loop at the top) is stopped with its frame.
  const timer = setTimeout(stop, limitMs);
  window.addEventListener('message', onMessage);
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  host.append(frame);
  const modules = runtimeUrl === undefined ? Promise.resolve({}) : runtimeModules(prepared.runtime, runtimeUrl, fetchText);
  Promise.all([modules, loaded]).then(
    ([found]) => {
      if (run.ended) return;
      // The reader's loops stop themselves (loop-guard.ts): a frame on the page's thread cannot be stopped from outside.
      const job: FrameJob = { libraries, modules: found, entry: guardLoops(prepared.module, parser) };
      frame.contentWindow?.postMessage(job, '*');
    },
    (err: unknown) => {
      run.print({ level: 'exception', text: `The ReScript runtime could not be loaded: ${err instanceof Error ? err.message : String(err)}` });
      run.end({ ms: run.elapsed() });
      removeFrame();
    },
  );
  return { done: run.done, stop };
}
