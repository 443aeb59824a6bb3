// /packages: the ReScript packages listed in config/packages.json (no network at build time).
// renderToString, not renderToStaticMarkup: the islands inside are hydrated, and React needs the
// markers it puts between adjacent text nodes.
import { renderToString } from 'react-dom/server';
import { Island } from '../../components/Island.tsx';
import type { PackageEntry } from '../../components/pages/islands/PackageFilter.tsx';
import { generatedPage, type GeneratedPage } from './generated.ts';
import type { CheckedData } from './data.ts';

export const PACKAGES_ROUTE = '/packages';

export interface PackagesConfig {
  packages: PackageEntry[];
}

export function packagesPage(data: CheckedData<PackagesConfig>, siteTitle: string): GeneratedPage {
  // Official first (the compiler itself at the top), then by name without the scope's `@`.
  const key = (name: string) => (name === 'rescript' ? '' : name.replace(/^@/, ''));
  const packages = [...data.data!.packages].sort((a, b) => Number(b.official) - Number(a.official) || key(a.name).localeCompare(key(b.name)));
  const html = renderToString(
    <div className="packages-page">
      <header className="packages-head">
        <h1>Packages</h1>
        <p>
          Libraries and bindings for {siteTitle}, published on npm. Official packages are maintained by the {siteTitle} team; community packages
          by their authors. Install a library or binding with <code>npm install</code> and list it under <code>dependencies</code> in{' '}
          <code>rescript.json</code>; tools such as the language server or a bundler plugin only need <code>npm install</code>.
        </p>
      </header>
      <Island name="PackageFilter" props={{ packages }} />
    </div>,
  );
  return generatedPage({
    id: 'packages.generated',
    route: PACKAGES_ROUTE,
    displayPath: data.file.displayPath,
    title: 'Packages',
    metaTitle: `Packages | ${siteTitle}`,
    description: `Libraries and bindings for ${siteTitle}: official packages and community packages, searchable.`,
    html,
    islands: ['PackageFilter'],
  });
}
