import { describe, expect, it } from 'vitest';
import { counterpartRoute } from '../../src/pipeline/site-config.ts';

const routes = new Set(['/m/v12/pipe', '/m/v12/api', '/m/v12/api/stdlib', '/m/v12/api/stdlib/array', '/m/v11/api', '/m/v11/api/core/array', '/m/v11/api/belt/map']);
const exists = (r: string) => routes.has(r);

describe('counterpartRoute', () => {
  it('finds the same page in the other version', () => {
    expect(counterpartRoute('pipe', 'v11.0.0', 'v12.0.0', '/m/v12/', exists)).toBe('/m/v12/pipe');
  });

  it("finds a standard library module under the other version's name for the library (Core ↔ Stdlib)", () => {
    expect(counterpartRoute('api/core/array', 'v11.0.0', 'v12.0.0', '/m/v12/', exists)).toBe('/m/v12/api/stdlib/array');
    expect(counterpartRoute('api/stdlib/array', 'v12.0.0', 'v11.0.0', '/m/v11/', exists)).toBe('/m/v11/api/core/array');
  });

  it('falls back to the nearest ancestor there, else to nothing', () => {
    expect(counterpartRoute('api/belt/map', 'v11.0.0', 'v12.0.0', '/m/v12/', exists)).toBe('/m/v12/api');
    expect(counterpartRoute('api/stdlib/dict', 'v12.0.0', 'v11.0.0', '/m/v11/', exists)).toBe('/m/v11/api');
    expect(counterpartRoute('dict', 'v12.0.0', 'v11.0.0', '/m/v11/', exists)).toBeUndefined();
  });
});
