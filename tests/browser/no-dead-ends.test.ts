import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import type { Region } from '../../schemas/types/region.js';
import { newWalkMemory } from '../../scripts/qa/screen-checks.js';
import { QA_TEXTS } from '../../scripts/qa/texts.js';
import { walkRegion } from '../../scripts/qa/walk.js';
import { withPortalInChromium } from './portal-harness.js';

// No dead ends: in every demo region, every route of the region's page table renders real content, and every link
// the portal draws — nav, footer, home blocks, lists, details — leads to a real page; axe finds nothing serious on
// any screen, in normal and elder mode. The walk is QA's (`npm run qa`, scripts/qa/walk.ts), run here on regions/.
const chromium = withPortalInChromium();
const catalog = loadRegionCatalog(path.resolve('regions'));
const DEMO_REGIONS = ['chunan', 'chunan-dev', 'xinyang', 'lantian', 'shouguang'];
const memory = newWalkMemory();

describe.each(DEMO_REGIONS)('region %s', (regionId) => {
  it('every route renders real content and every link leads to a real page', async () => {
    const region = catalog.regions.find((r) => r.id === regionId) as unknown as Region;
    expect(region, `region ${regionId}`).toBeDefined();
    const { page, errors, cspViolations } = await chromium.openPage({ region: regionId, route: '/' });
    let walk;
    try {
      walk = await walkRegion(page, { region, url: (route) => chromium.url({ region: regionId, route }), memory });
      // Every page ran under the production Content-Security-Policy without a violation.
      console.log(
        `no dead ends, ${regionId}: ${walk.screens.length} screens walked, CSP violations ${cspViolations.length}; axe runs so far: ${memory.axeRuns}`,
      );
      expect(cspViolations).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
    const problems = walk.screens.flatMap((s) => s.problems.map((p) => `${s.route}: ${QA_TEXTS.linkedFrom(p, s.from)}`));
    const outside = walk.badOutside.map((o) => QA_TEXTS.badOutside(o.href, o.route));
    expect([...problems, ...outside, ...walk.unreached.map(QA_TEXTS.unreached)]).toEqual([]);
  }, 900_000);
});
