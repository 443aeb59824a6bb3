// The playground's compiling: which compiler answers (compilers.ts) and of which version, and each
// compile's outcome. What is compiled (the code, the module format) is the page's: it passes refs,
// read when a compile starts, so a compile started by a stale closure still takes the latest.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { keepCodeInAddress } from './address.ts';
import { bundleCompiler, CompilerUnavailable, serverCompiler, type CompileOutcome, type PlaygroundCompiler } from './compilers.ts';
import type { PlaygroundSettings } from './config.ts';
import type { ModuleFormat } from './protocol.ts';

export type Status =
  | { kind: 'starting' }
  | { kind: 'compiling' }
  | { kind: 'done'; ms: number; label: string }
  | { kind: 'unavailable' }
  | { kind: 'failed'; message: string };

/**
 * Which compiler answers: `docsgen serve`'s endpoint, else (a static host has none) the official
 * browser bundle the config names. Each compile asks the one that answered last, then the other.
 */
export type Source = 'server' | 'bundle';

/** Pause in typing before compiling. */
const COMPILE_DELAY_MS = 400;
/** For the console when no compiler answers: how a site's operator enables one. */
const OPERATOR_HINT =
  'To compile on this site, serve it with `npx docsgen serve` where the `rescript` npm package (12 or later) is installed, or name the official browser compiler in config/playground.json (`compilerBaseUrl` and `versions`).';

/**
 * `onCompiled` is called with each answer, before its status shows; the latest one passed is
 * called (it is read at call time), as compiles outlive the render that started them.
 */
export function useCompile(
  { compilerBaseUrl, versions, runtime }: PlaygroundSettings,
  codeRef: RefObject<string>,
  moduleRef: RefObject<ModuleFormat>,
  onCompiled: (result: CompileOutcome, format: ModuleFormat) => void,
) {
  const [outcome, setOutcome] = useState<CompileOutcome | null>(null);
  const [lastJs, setLastJs] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'starting' });
  const [version, setVersion] = useState(versions[0] ?? '');
  /** The compiler version last used. */
  const [compiledWith, setCompiledWith] = useState<string | null>(null);
  const versionRef = useRef(version);
  const compilers = useRef(new Map<string, Promise<PlaygroundCompiler>>());
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onCompiledRef = useRef(onCompiled);
  onCompiledRef.current = onCompiled;

  const hasBundle = Boolean(compilerBaseUrl) && versions.length > 0;
  const [source, setSource] = useState<Source>('server');
  const sourceRef = useRef<Source>('server');
  /** Whether the compiler that answered last formats (the server does; a bundle may). */
  const [canFormat, setCanFormat] = useState(true);

  const compilerOf = useCallback(
    (from: Source): Promise<PlaygroundCompiler> => {
      const key = from === 'bundle' ? versionRef.current : 'server';
      let c = compilers.current.get(key);
      if (!c) {
        c = from === 'bundle' ? bundleCompiler(compilerBaseUrl!, versionRef.current, undefined, runtime) : Promise.resolve(serverCompiler());
        compilers.current.set(key, c);
        c.catch(() => compilers.current.delete(key));
      }
      return c;
    },
    [compilerBaseUrl, runtime],
  );
  /** The compilers to ask, in order: the one that answered last, then the other (if the config names a bundle). */
  const sources = useCallback((): Source[] => (hasBundle ? [sourceRef.current, sourceRef.current === 'server' ? 'bundle' : 'server'] : ['server']), [hasBundle]);

  const compileNow = useCallback(async () => {
    clearTimeout(timer.current);
    // No memory of an earlier failure: each compile asks again, so a server that is back (or a
    // network that was down) is used at the next edit or Ctrl+Enter.
    const run = ++seq.current;
    const code = codeRef.current;
    setStatus({ kind: 'compiling' });
    const unavailable: string[] = [];
    for (const from of sources()) {
      try {
        const compiler = await compilerOf(from);
        const start = performance.now();
        const format = moduleRef.current;
        const result = await compiler.compile(code, format);
        if (run !== seq.current) return; // a newer compile is on its way
        if (from !== sourceRef.current) {
          sourceRef.current = from;
          setSource(from);
        }
        setOutcome(result);
        if (result.js !== undefined) setLastJs(result.js);
        onCompiledRef.current(result, format);
        setStatus({ kind: 'done', ms: Math.round(performance.now() - start), label: compiler.label });
        setCompiledWith(compiler.version ?? null);
        setCanFormat(Boolean(compiler.format));
        return;
      } catch (err) {
        if (run !== seq.current) return;
        const message = err instanceof Error ? err.message : String(err);
        if (!(err instanceof CompilerUnavailable)) {
          setStatus({ kind: 'failed', message });
          return;
        }
        unavailable.push(`${from === 'server' ? 'the server' : 'the browser compiler'}: ${message}`);
      }
    }
    // The how-to is for whoever runs the site; readers get the plain banner.
    console.warn(`docsgen: no compiler answered (${unavailable.join('; ')}). ${OPERATOR_HINT}`);
    setStatus({ kind: 'unavailable' });
  }, [codeRef, moduleRef, compilerOf, sources]);

  const compileSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      keepCodeInAddress(codeRef.current);
      void compileNow();
    }, COMPILE_DELAY_MS);
  }, [codeRef, compileNow]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return {
    status,
    outcome,
    lastJs,
    source,
    canFormat,
    compiledWith,
    hasBundle,
    version,
    /** Sets the browser compiler's version for the compiles that follow (it compiles nothing). */
    chooseVersion(v: string): void {
      versionRef.current = v;
      setVersion(v);
    },
    /** The compiler that answered last (the server until one has): what Format asks. */
    lastCompiler: (): Promise<PlaygroundCompiler> => compilerOf(sourceRef.current),
    compileNow,
    compileSoon,
  };
}
