// Lazy loaders of the pages' islands for the client entry (one chunk each).
import type { ComponentType } from 'react';

type Loader = () => Promise<{ default: ComponentType<Record<string, unknown>> }>;

export const pageIslandLoaders: Record<string, Loader> = {
  Carousel: () => import('./Carousel.tsx') as unknown as ReturnType<Loader>,
  CopyCommand: () => import('./CopyCommand.tsx') as unknown as ReturnType<Loader>,
  PackageFilter: () => import('./PackageFilter.tsx') as unknown as ReturnType<Loader>,
  TryLink: () => import('./TryLink.tsx') as unknown as ReturnType<Loader>,
};
