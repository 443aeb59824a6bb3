// The /try page's toolbar: its title, the compile's status, the module format and compiler
// version selects, and the Format and Share buttons.
import type { CompileOutcome } from './compilers.ts';
import type { ModuleFormat } from './protocol.ts';
import type { Status } from './use-compile.ts';

function statusText(status: Status, outcome: CompileOutcome | null): string {
  switch (status.kind) {
    case 'starting':
      return ''; // before scripts run (or without them): nothing is on its way
    case 'compiling':
      return 'Compiling…';
    case 'unavailable':
      return 'Compiler unreachable';
    case 'failed':
      return 'Compiling failed';
    case 'done': {
      if (outcome?.failure) return 'Compiling failed';
      const n = outcome?.errors.length ?? 0;
      if (n > 0) return `${n} ${n === 1 ? 'error' : 'errors'}`;
      return `Compiled in ${status.ms} ms · ${status.label}`;
    }
  }
}

export interface ToolbarProps {
  titleId: string;
  status: Status;
  outcome: CompileOutcome | null;
  errorCount: number;
  moduleFormat: ModuleFormat;
  onModuleFormat(format: ModuleFormat): void;
  /** Whether the browser bundle answered last: its versions can then be chosen. */
  bundleInUse: boolean;
  versions: string[];
  version: string;
  onVersion(version: string): void;
  canFormat: boolean;
  onFormat(): void;
  onShare(): void;
  /** What the Share or Format button last said. */
  actionNote: string;
}

export function Toolbar({ titleId, status, outcome, errorCount, moduleFormat, onModuleFormat, bundleInUse, versions, version, onVersion, canFormat, onFormat, onShare, actionNote }: ToolbarProps) {
  return (
    <div className="pg-toolbar">
      <h1 className="pg-title" id={titleId}>
        Playground
      </h1>
      <p className={`pg-status pg-status-${status.kind}${errorCount > 0 ? ' pg-status-errors' : ''}`} role="status">
        {statusText(status, outcome)}
      </p>
      <div className="pg-actions">
        <label className="pg-version">
          <span>Module</span>
          <select value={moduleFormat} onChange={(e) => onModuleFormat(e.target.value as ModuleFormat)}>
            <option value="esmodule">ES modules</option>
            <option value="commonjs">CommonJS</option>
          </select>
        </label>
        {bundleInUse && versions.length > 1 ? (
          <label className="pg-version">
            <span>Compiler</span>
            <select value={version} onChange={(e) => onVersion(e.target.value)}>
              {versions.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {!canFormat ? null : (
          <button type="button" className="pg-button pg-button-secondary pg-format" onClick={onFormat} aria-keyshortcuts="Shift+Alt+F" title="Format the code (Shift+Alt+F)">
            Format
          </button>
        )}
        <button type="button" className="pg-button pg-share" onClick={onShare}>
          <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
            <path d="M6.5 9.5l3-3M7 4.5l1.3-1.3a2.6 2.6 0 013.7 3.7L10.7 8.2M9 11.5l-1.3 1.3a2.6 2.6 0 01-3.7-3.7L5.3 7.8" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
          Share
        </button>
        <span className="pg-share-note" aria-live="polite">
          {actionNote}
        </span>
      </div>
    </div>
  );
}
