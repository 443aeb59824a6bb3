// The wire format of `POST /api/compile`, shared by its two ends: the playground in the browser
// (compilers.ts) and `docsgen serve`'s endpoint (src/serve/compile-endpoint.ts). Browser code: no
// React, no Node.

/** The path the playground posts its code to. */
export const COMPILE_PATH = '/api/compile';

/** The JavaScript module format the code compiles to: ES modules (the default) or CommonJS. */
export type ModuleFormat = 'esmodule' | 'commonjs';
export const MODULE_FORMATS: readonly ModuleFormat[] = ['esmodule', 'commonjs'];

/** The path the playground posts code to for the compiler's formatter (`bsc -format`). */
export const FORMAT_PATH = '/api/format';

/** Where the endpoint serves the compiler's runtime modules, for running compiled code (run.ts). */
export const RUNTIME_PATH = '/api/runtime/';

/** How code compiled by ReScript 12 imports its runtime modules. */
export const RUNTIME_IMPORT = '@rescript/runtime/lib/es6/';

/** A compiler message at its place in the code (1-based; `endCol` inclusive, as bsc prints it). */
export interface CompileProblem {
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  message: string;
  /** `Syntax error`, `Type error`, `Warning 26` … */
  kind: string;
  severity: 'error' | 'warning';
}

/**
 * 200: `{js, warnings}` or `{errors, warnings}`; any other status: `{error}`. `runtime`: where the
 * runtime modules the JavaScript imports are served (RUNTIME_PATH), when they are.
 */
export type CompileResponse =
  | { js: string; warnings: CompileProblem[]; version: string; runtime?: string }
  | { errors: CompileProblem[]; warnings: CompileProblem[]; version: string }
  | { error: string };

/** 200: `{code}` (formatted) or `{errors}` (code that does not parse); any other status: `{error}`. */
export type FormatResponse = { code: string } | { errors: CompileProblem[] } | { error: string };
