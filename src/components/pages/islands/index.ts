// The islands of the landing, blog and packages pages, for the server's island registry.
import Carousel from './Carousel.tsx';
import CopyCommand from './CopyCommand.tsx';
import PackageFilter from './PackageFilter.tsx';
import TryLink from './TryLink.tsx';

export const pageIslands = { Carousel, CopyCommand, PackageFilter, TryLink };
