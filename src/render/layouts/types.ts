// What every layout receives, and the render context shared by every page of a build.
import type { ReactElement } from 'react';
import type { ResolvedSiteConfig } from '../../pipeline/site-config.ts';
import type { BundleResult, CompiledPage, Page, RouteEntry, Sidebar, SiteIndex } from '../../pipeline/types.ts';
import type { SidebarBytes } from '../sidebar-bytes.ts';
import type { SharedParts } from './shared-parts.tsx';

export interface RenderContext {
  index: SiteIndex;
  site: ResolvedSiteConfig;
  bundle: BundleResult;
  now: Date;
  /** sidebar id → its HTML, rendered and encoded once, when a page first shows it. */
  sidebars: { get(id: string): SidebarBytes | undefined };
  /** Parts many pages render alike (top bar, footer), each rendered once per distinct props. */
  parts: SharedParts;
}

/** One page's data, as a layout sees it. */
export interface LayoutProps {
  entry: RouteEntry;
  page: Page;
  compiled: CompiledPage;
  ctx: RenderContext;
  /** The body HTML, links of an alias copy already moved under the alias. */
  body: string;
  /** The route's sidebar, if any; a layout shows it with `<SidebarSlot />`. */
  sidebar: Sidebar | undefined;
}

/** A layout: what goes between the top bar and the footer. Server-only; the result is static HTML. */
export type Layout = (props: LayoutProps) => ReactElement;
