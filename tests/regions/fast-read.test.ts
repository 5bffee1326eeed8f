import { describe, expect, it } from 'vitest';
import { loadRegionCatalog } from '../../engine/region-files/index.js';

describe('the fast read of a valid catalog', () => {
  it('assembles exactly the regions and deployment the position-keeping read does', () => {
    const fast = loadRegionCatalog('regions');
    const precise = loadRegionCatalog('regions', { precise: true });
    expect(fast.problems).toEqual([]);
    expect(precise.problems).toEqual([]);
    expect(fast.regions).toEqual(precise.regions);
    expect(fast.deployment).toEqual(precise.deployment);
    expect([...fast.files]).toEqual([...precise.files]);
  });

  it('still locates problems: a catalog with any problem is re-read with positions', () => {
    const broken = loadRegionCatalog('tests/regions/broken/misspelt-flag');
    expect(broken.problems.length).toBeGreaterThan(0);
    expect(broken.problems.every((p) => p.line > 1 || p.column > 1)).toBe(true);
  });
});
