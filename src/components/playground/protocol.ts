// The wire format of `POST /api/compile`, shared by its two ends: the playground in the browser
// (compilers.ts) and `docsgen serve`'s endpoint (src/serve/compile-endpoint.ts). Browser code: no
// React, no Node.

/** The path the playground posts its code to. */
export const COMPILE_PATH = '/api/compile';

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

/** 200: `{js, warnings}` or `{errors, warnings}`; any other status: `{error}`. */
export type CompileResponse =
  | { js: string; warnings: CompileProblem[]; version: string }
  | { errors: CompileProblem[]; warnings: CompileProblem[]; version: string }
  | { error: string };
