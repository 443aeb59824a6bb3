// The React components that tags render as, by the tag name the walk gives their nodes.
import { createContext, createElement, useContext, type ReactNode } from 'react';
import * as C from '../../components/content.tsx';
import { PlaygroundTag } from '../../components/playground/PlaygroundTag.tsx';

/** Props of component nodes, looked up by index while rendering (hast properties are flat). */
export const PropsTable = createContext<unknown[]>([]);

function fromTable<P>(Component: (props: P) => ReactNode) {
  return function TableComponent(props: { 'data-c'?: string; children?: ReactNode }) {
    const table = useContext(PropsTable);
    const own = table[Number(props['data-c'])] as P;
    return createElement(Component as unknown as (p: object) => ReactNode, { ...own, children: props.children });
  };
}

export const components = {
  CodeBlock: fromTable(C.CodeBlock),
  CodeTab: fromTable(C.CodeTab),
  Intro: C.Intro,
  Info: C.Info,
  Warn: C.Warn,
  Cite: fromTable(C.Cite),
  Image: fromTable(C.Image),
  Video: fromTable(C.Video),
  UrlBox: fromTable(C.UrlBox),
  WarningTable: fromTable(C.WarningTable),
  CommunityContent: fromTable(C.CommunityContent),
  CommunityResources: fromTable(C.CommunityContent),
  DonationForm: fromTable(C.DonationForm),
  Playground: fromTable(PlaygroundTag),
};
