import { describe, expect, it } from 'vitest';
import { compareVersions, parseVersion } from '../../src/util/version.ts';

describe('parseVersion', () => {
  it('reads vMAJOR.MINOR.PATCH', () => {
    expect(parseVersion('v11.0.0')).toEqual({ major: 11, minor: 0, patch: 0 });
    expect(parseVersion('v0.10.3')).toEqual({ major: 0, minor: 10, patch: 3 });
  });

  it('reads a pre-release of kind alpha, beta, dev or rc with its number', () => {
    expect(parseVersion('v12.0.0-alpha.3')).toEqual({ major: 12, minor: 0, patch: 0, pre: { kind: 'alpha', num: 3 } });
    expect(parseVersion('v12.0.0-rc.1')).toEqual({ major: 12, minor: 0, patch: 0, pre: { kind: 'rc', num: 1 } });
    expect(parseVersion('v1.2.3-dev.0')).toEqual({ major: 1, minor: 2, patch: 3, pre: { kind: 'dev', num: 0 } });
    expect(parseVersion('v1.2.3-beta.7')).toEqual({ major: 1, minor: 2, patch: 3, pre: { kind: 'beta', num: 7 } });
  });

  it('keeps the raw string when three numeric parts are missing or a suffix is unknown', () => {
    for (const raw of ['latest', 'v11', 'v11.0', '11.0.0', 'v11.0.0-gamma.1', 'v11.0.0-rc', 'v1.x.0', 'v1.0.0.0', '']) {
      expect(parseVersion(raw)).toBe(raw);
    }
  });

  it('keeps the raw string when a number is beyond the 32-bit range', () => {
    expect(parseVersion('v2147483647.0.0')).toEqual({ major: 2147483647, minor: 0, patch: 0 });
    expect(parseVersion('v2147483648.0.0')).toBe('v2147483648.0.0');
    expect(parseVersion('v1.0.0-rc.99999999999')).toBe('v1.0.0-rc.99999999999');
  });
});

describe('compareVersions', () => {
  it('orders by number, not by text', () => {
    expect(compareVersions('v9.0.0', 'v10.0.0')).toBeLessThan(0);
    expect(compareVersions('v11.0.0', 'v11.0.0')).toBe(0);
    expect(compareVersions('v12.0.0', 'v11.1.0')).toBeGreaterThan(0);
    expect(['v8.0.0', 'v12.0.0', 'v9.0.0', 'v10.0.0'].sort(compareVersions)).toEqual(['v8.0.0', 'v9.0.0', 'v10.0.0', 'v12.0.0']);
  });

  it('puts pre-releases before their release, dev < alpha < beta < rc', () => {
    const sorted = ['v12.0.0', 'v12.0.0-rc.1', 'v12.0.0-alpha.2', 'v12.0.0-alpha.10', 'v12.0.0-beta.1', 'v12.0.0-dev.5', 'v11.9.9'].sort(compareVersions);
    expect(sorted).toEqual(['v11.9.9', 'v12.0.0-dev.5', 'v12.0.0-alpha.2', 'v12.0.0-alpha.10', 'v12.0.0-beta.1', 'v12.0.0-rc.1', 'v12.0.0']);
  });

  it('puts strings that are not versions after every version', () => {
    expect(compareVersions('latest', 'v99.0.0')).toBeGreaterThan(0);
    expect(compareVersions('v1.0.0', 'latest')).toBeLessThan(0);
  });
});
