// Problems in config/playground.json as build messages, each at its place in the file.
import type { ConfigFile } from '../../pipeline/load.ts';
import { message } from '../../pipeline/messages.ts';
import type { Message } from '../../pipeline/types.ts';
import { placeOf } from '../../util/yaml-positions.ts';
import { resolvePlaygroundSettings } from './config.ts';

export function playgroundConfigMessages(file: ConfigFile | undefined): Message[] {
  if (!file || file.data === undefined) return [];
  return resolvePlaygroundSettings(file.data).problems.map((p) =>
    message(file.displayPath, placeOf(file.doc.positions, p.pointer), 'error', p.reason, 'config-playground'),
  );
}
