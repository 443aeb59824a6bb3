// The Output tab's running of the compiled code (run.ts): the run's state, its console lines, and
// the panel that shows them, which follows new lines as a console does.
import { useCallback, useEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { canRunInFrame, loadFrameRunner } from './browser-only.ts';
import type { PublishedRuntime } from './config.ts';
import { deferredRun, prepareRun, runModule, type OutputLine, type RunHandle, type RunOutcome } from './run.ts';

/** The Output tab's state: no run yet, running, ended, or code whose imports cannot be run here. */
export type RunState = { kind: 'idle' } | { kind: 'running'; inFrame: boolean } | { kind: 'done'; outcome: RunOutcome } | { kind: 'missing'; imports: string[] };

export type Run = ReturnType<typeof useRun>;

export function useRun(runtime: PublishedRuntime | undefined) {
  const [runState, setRunState] = useState<RunState>({ kind: 'idle' });
  const [lines, setLines] = useState<OutputLine[]>([]);
  const frameHost = useRef<HTMLDivElement>(null);
  const running = useRef<RunHandle | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  /**
   * Whether the Output panel follows new lines: until the reader scrolls up from the bottom (its
   * scroll events say so; a position read when lines arrive could predate the last scroll to them).
   */
  const followOutput = useRef(true);
  /** Where the panel last scrolled itself: the scroll event that move fires is not the reader's. */
  const ownScrollTop = useRef(-1);
  /** Once the reader has run the code, each new compile runs again while the Output tab is open. */
  const ranOnce = useRef(false);

  /** The published runtime's modules (the browser compiler's output may import them by another path). */
  const publishedModules = useMemo(() => (runtime ? new Set(runtime.modules) : undefined), [runtime]);

  /**
   * Runs compiled JavaScript in a worker, or in a frame that shows what it renders (run.ts), its
   * console lines shown as they come.
   */
  const runCode = useCallback((js: string, runtimePath: string | undefined) => {
    running.current?.stop();
    ranOnce.current = true;
    const runtimeUrl = runtimePath === undefined ? undefined : new URL(runtimePath, window.location.href).href;
    const prepared = prepareRun(js, runtimeUrl, canRunInFrame(), runtimePath === runtime?.path ? publishedModules : undefined);
    setLines([]);
    if ('missing' in prepared) {
      running.current = null;
      setRunState({ kind: 'missing', imports: prepared.missing });
      return;
    }
    setRunState({ kind: 'running', inFrame: 'render' in prepared });
    followOutput.current = true;
    ownScrollTop.current = -1;
    // Lines are shown a frame at a time: a loop printing hundreds would otherwise render each.
    let batch: OutputLine[] = [];
    let frame = 0;
    const flush = () => {
      frame = 0;
      const taken = batch;
      batch = [];
      setLines((old) => [...old, ...taken]);
    };
    const onLine = (line: OutputLine) => {
      batch.push(line);
      frame ||= requestAnimationFrame(flush);
    };
    const handle =
      'render' in prepared
        ? deferredRun(loadFrameRunner()!.then((runner) => runner.runInFrame(frameHost.current!, prepared.render, runtimeUrl, onLine)))
        : runModule(prepared.module, onLine);
    running.current = handle;
    void handle.done.then((outcome) => {
      if (running.current !== handle) return; // a newer run replaced it
      cancelAnimationFrame(frame);
      flush();
      setRunState({ kind: 'done', outcome });
    });
  }, [runtime, publishedModules]);

  // New output lines scroll into view, as in a console, unless the reader scrolled up to read.
  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    // Above where it last scrolled itself: the reader scrolled up (their scroll event may not have
    // been handled yet; new lines never move the panel up).
    if (ownScrollTop.current >= 0 && el.scrollTop < ownScrollTop.current - 8) followOutput.current = false;
    if (followOutput.current) {
      el.scrollTop = el.scrollHeight;
      ownScrollTop.current = el.scrollTop;
    }
  }, [lines]);

  useEffect(() => () => running.current?.stop(), []);

  const onPanelScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop === ownScrollTop.current) return;
    followOutput.current = el.scrollHeight - el.scrollTop - el.clientHeight < 8;
  };

  return { runState, lines, runCode, ranOnce, frameHost, panel, onPanelScroll };
}
