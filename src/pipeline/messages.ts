import type { Message, Severity } from './types.ts';

/** Collects content problems so they are reported together at the end of a stage or build. */
export class MessageBag {
  readonly items: Message[] = [];

  add(message: Message): void {
    this.items.push(message);
  }

  addAll(messages: Iterable<Message>): void {
    for (const m of messages) this.items.push(m);
  }

  count(severity: Severity): number {
    return this.items.filter((m) => m.severity === severity).length;
  }
}

/** Makes a message; `file` is the display path. */
export function message(
  file: string,
  place: { line: number; column: number } | undefined,
  severity: Severity,
  reason: string,
  ruleId: string,
  note?: string,
): Message {
  const m: Message = { file, line: place?.line ?? 1, column: place?.column ?? 1, severity, reason, ruleId };
  if (note !== undefined) m.note = note;
  return m;
}

/** Sorts messages by file then place, errors first within a place: stable, readable output. */
export function sortMessages(messages: readonly Message[]): Message[] {
  return [...messages].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId),
  );
}

/** Drops exact duplicates (an alias route re-reporting its source page's problem). */
export function dedupeMessages(messages: readonly Message[]): Message[] {
  const seen = new Set<string>();
  return messages.filter((m) => {
    const key = `${m.file}:${m.line}:${m.column}:${m.ruleId}:${m.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
