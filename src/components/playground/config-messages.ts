// Problems in config/playground.json as build messages, each at its place in the file.
import type { ConfigFile, Message } from '../../pipeline/types.ts';
import { message } from '../../pipeline/messages.ts';
import { placeOf } from '../../util/yaml-positions.ts';
import { resolvePlaygroundSettings } from './config.ts';

export function playgroundConfigMessages(file: ConfigFile | undefined): Message[] {
  if (!file || file.data === undefined) return [];
  return resolvePlaygroundSettings(file.data).problems.map((p) =>
    message(file.displayPath, placeOf(file.doc.positions, p.pointer), 'error', p.reason, 'config-playground'),
  );
}
