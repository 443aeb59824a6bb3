import { useEffect, useState } from 'react';

export interface PackageEntry {
  name: string;
  description: string;
  official: boolean;
  keywords?: string[];
  repository?: string;
  npm?: string;
}

export type PackageKind = 'all' | 'official' | 'community';

export interface PackageFilterProps {
  packages: PackageEntry[];
}

/** Whether a package matches every word of the query (name, description, keywords) and the kind. */
export function matchesPackage(p: PackageEntry, query: string, kind: PackageKind): boolean {
  if (kind === 'official' && !p.official) return false;
  if (kind === 'community' && p.official) return false;
  const hay = `${p.name} ${p.description} ${(p.keywords ?? []).join(' ')}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}

/**
 * The package list with a text filter and an official/community choice. The server renders every
 * package; the controls show once scripts run (without them they could do nothing).
 */
export default function PackageFilter({ packages }: PackageFilterProps) {
  const [ready, setReady] = useState(false);
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<PackageKind>('all');
  useEffect(() => setReady(true), []);
  const shown = packages.filter((p) => matchesPackage(p, query, kind));
  return (
    <div className="packages">
      <form className="packages-controls" role="search" hidden={!ready} onSubmit={(e) => e.preventDefault()}>
        <label className="packages-search">
          <span className="visually-hidden">Filter packages</span>
          <input type="search" placeholder="Filter by name or keyword" value={query} maxLength={64} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <fieldset className="packages-kind">
          <legend className="visually-hidden">Maintained by</legend>
          {(['all', 'official', 'community'] as const).map((k) => (
            <label key={k} className={kind === k ? 'is-selected' : undefined}>
              <input type="radio" name="package-kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
              {k === 'all' ? 'All' : k === 'official' ? 'Official' : 'Community'}
            </label>
          ))}
        </fieldset>
      </form>
      <p className="packages-count" role="status">
        {shown.length === packages.length ? `${packages.length} packages` : `${shown.length} of ${packages.length} packages`}
      </p>
      <ul className="package-list">
        {shown.map((p) => (
          <li key={p.name} className="package-card">
            <div className="package-head">
              <h2>
                <a href={p.npm ?? `https://www.npmjs.com/package/${p.name}`} rel="noopener noreferrer">
                  {p.name}
                </a>
              </h2>
              <span className={p.official ? 'badge badge-official' : 'badge badge-community'}>{p.official ? 'Official' : 'Community'}</span>
            </div>
            <p>{p.description}</p>
            {p.keywords && p.keywords.length > 0 ? (
              <ul className="package-keywords" aria-label="Keywords">
                {p.keywords.map((k) => (
                  <li key={k}>{k}</li>
                ))}
              </ul>
            ) : null}
            {p.repository ? (
              <a className="package-repo" href={p.repository} rel="noopener noreferrer">
                Source<span className="visually-hidden"> of {p.name}</span>
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      {shown.length === 0 ? <p className="packages-empty">No package matches. {kind === 'all' ? 'Try fewer words.' : 'Try fewer words, or choose All.'}</p> : null}
    </div>
  );
}
