// Failures of the tool itself (not of content): one catalog, permanent names.
// Each entry says what happened, why, and what to do.

export type DocsgenErrorName =
  | 'ContentDirMissing'
  | 'ConfigInvalid'
  | 'OutDirUnsafe'
  | 'PortInUse'
  | 'WorkerCrashed'
  | 'BundleFailed'
  | 'WriteFailed';

interface CatalogEntry {
  message: (detail: string) => string;
  hint: string;
}

const catalog: Record<DocsgenErrorName, CatalogEntry> = {
  ContentDirMissing: {
    message: (d) => `Content directory not found: ${d}`,
    hint: 'Run docsgen from the project root or pass --content <dir>.',
  },
  ConfigInvalid: {
    message: (d) => `Configuration is invalid: ${d}`,
    hint: 'Fix the file named above; docsgen reads config/*.json as JSON.',
  },
  OutDirUnsafe: {
    message: (d) => `Refusing to write to ${d}`,
    hint: 'The output directory must not be the project root, the content or the config directory.',
  },
  PortInUse: {
    message: (d) => `Port ${d} is already in use`,
    hint: 'Pass --port <n> to choose another port.',
  },
  WorkerCrashed: {
    message: (d) => `A render worker stopped unexpectedly: ${d}`,
    hint: 'This is a docsgen bug; run again with --verbose and report the output.',
  },
  BundleFailed: {
    message: (d) => `Bundling client code failed: ${d}`,
    hint: 'This is a docsgen bug; run again with --verbose and report the output.',
  },
  WriteFailed: {
    message: (d) => `Could not write the site: ${d}`,
    hint: 'Check that the output directory can be written and the disk has room; the previous output is untouched.',
  },
};

/** An error of the tool (not of content). Printed without a stack trace unless --verbose. */
export class DocsgenError extends Error {
  readonly hint: string;
  readonly exitCode: number;

  constructor(readonly code: DocsgenErrorName, detail: string, exitCode = 1) {
    const entry = catalog[code];
    super(entry.message(detail));
    this.name = code;
    this.hint = entry.hint;
    this.exitCode = exitCode;
  }
}
