// Docs version strings (SPEC §5): `vMAJOR.MINOR.PATCH` with an optional `-alpha|beta|dev|rc.N`.

/** A parsed version; `pre` is absent for a release. */
export interface Version {
  major: number;
  minor: number;
  patch: number;
  pre?: { kind: 'alpha' | 'beta' | 'dev' | 'rc'; num: number };
}

const VERSION = /^v(\d+)\.(\d+)\.(\d+)(?:-(alpha|beta|dev|rc)\.(\d+))?$/;
const INT32_MAX = 2 ** 31 - 1;
const PRE_ORDER = { dev: 0, alpha: 1, beta: 2, rc: 3 } as const;

/** The version, or the raw string when it is not one (three numeric parts, each a 32-bit integer). */
export function parseVersion(raw: string): Version | string {
  const m = VERSION.exec(raw);
  if (!m) return raw;
  const nums = [m[1], m[2], m[3], m[5]].map((n) => (n === undefined ? 0 : Number(n)));
  if (nums.some((n) => n > INT32_MAX)) return raw;
  const [major, minor, patch, num] = nums as [number, number, number, number];
  const v: Version = { major, minor, patch };
  if (m[4]) v.pre = { kind: m[4] as keyof typeof PRE_ORDER, num };
  return v;
}

/**
 * Orders two version strings: negative when `a` is older. A pre-release comes before its release;
 * strings that are not versions (`latest`) sort after every version, among themselves by text.
 */
export function compareVersions(a: string, b: string): number {
  const va = parseVersion(a);
  const vb = parseVersion(b);
  if (typeof va === 'string' || typeof vb === 'string') {
    if (typeof va !== 'string') return -1;
    if (typeof vb !== 'string') return 1;
    return va < vb ? -1 : va > vb ? 1 : 0;
  }
  const pre = (v: Version) => (v.pre ? [PRE_ORDER[v.pre.kind], v.pre.num] : [Infinity, 0]);
  const pa = [va.major, va.minor, va.patch, ...pre(va)];
  const pb = [vb.major, vb.minor, vb.patch, ...pre(vb)];
  for (let i = 0; i < pa.length; i++) if (pa[i] !== pb[i]) return pa[i]! < pb[i]! ? -1 : 1;
  return 0;
}
