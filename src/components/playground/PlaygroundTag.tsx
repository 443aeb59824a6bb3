// <Playground /> in content: the /try page's island, with the site's compiler settings as props.
import { Island } from '../Island.tsx';
import type { PlaygroundSettings } from './config.ts';

export function PlaygroundTag({ settings }: { settings: PlaygroundSettings }) {
  return <Island name="Playground" props={settings} />;
}
