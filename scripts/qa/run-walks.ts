import type { Region } from '../../schemas/types/region.js';
import { launchChromium, startPortal, watchCsp, watchNetwork } from '../../tests/browser/portal-harness.js';
import { newWalkMemory } from './screen-checks.js';
import { QA_TEXTS } from './texts.js';
import { walkRegion, type RegionWalk } from './walk.js';

/** A region's walk, and what the browser said meanwhile (script errors, Content-Security-Policy violations), worded. */
export interface WalkOutcome {
  walk: RegionWalk;
  errors: string[];
  /** How long the region's walk took (its browser context included), for bench:qa. */
  seconds: number;
}

/** The page's script errors and policy violations in words (watchCsp lists a violation among the errors too: once). */
const worded = (errors: readonly string[], csp: readonly string[]) => [
  ...errors.filter((e) => !e.startsWith('CSP ')).map(QA_TEXTS.consoleError),
  ...csp.map(QA_TEXTS.csp),
];

/**
 * Starts the real server on `regionsDir` over a throwaway database with the demo data, and Chromium, and walks each
 * region in a fresh browser context; one region that breaks the walk is reported, not the end of the others.
 */
export async function walkRegions(regionsDir: string, regions: readonly Region[], screenshotDir: string): Promise<WalkOutcome[]> {
  const [portal, browser] = await Promise.all([startPortal({ regionsDir }), launchChromium()]);
  const memory = newWalkMemory();
  const outcomes: WalkOutcome[] = [];
  try {
    for (const region of regions) {
      const started = Date.now();
      const seconds = () => (Date.now() - started) / 1000;
      const url = (route: string) => `${portal.url}?region=${region.id}#${route}`;
      const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'zh-CN' });
      const errors: string[] = [];
      const csp: string[] = [];
      await watchCsp(context, csp, errors);
      // tsx (esbuild's keepNames) wraps named functions in __name(); the functions handed to page.evaluate carry it.
      await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        const network = watchNetwork(page);
        await page.goto(url('/'), { waitUntil: 'load' });
        await network.quiet();
        const walk = await walkRegion(page, { region, url, memory, screenshotDir });
        outcomes.push({ walk, errors: worded(errors, csp), seconds: seconds() });
        console.log(`  ${region.id}：${walk.screens.length} 个页面，${walk.screens.filter((s) => s.problems.length).length} 个有问题`);
      } catch (error) {
        const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
        outcomes.push({
          walk: { region: region.id, screens: [], unreached: [], badOutside: [] },
          errors: [...worded(errors, csp), QA_TEXTS.walkBroken(message)],
          seconds: seconds(),
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await portal.close();
  }
  return outcomes;
}
