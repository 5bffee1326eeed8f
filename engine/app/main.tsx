// Semi's palette and tokens (CSS variables): the barrel import brings them, deep component imports do not.
import '@douyinfe/semi-ui/lib/es/_base/base.css';
import './portal.css';
import React, { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { defaultBlocks } from '../../blocks/index.js';
import type { Region } from '../../schemas/types/region.js';
import { createSiteData, FIRST_VIEW_GLOBAL, firstViewAnswers, startAnswered } from '../http/index.js';
import { PortalApp } from '../react/PortalApp.js';
import { loadBlock } from '../react/BlockView.js';
import { loadSource } from '../react/useSource.js';
import { SourcePrefetch } from '../runtime/source-prefetch.js';
import { firstPageSources } from '../runtime/page-sources.js';
import type { ReactBlockRegistry } from '../react/block-types.js';
import { createBlockRegistry } from '../runtime/block-registry.js';
import { applyTheme } from '../runtime/theme.js';
import { createBrowserClient } from './browser-client.js';
import { loadRegion } from './load-region.js';
import { clientSettings } from '../runtime/client-settings.js';

const root = createRoot(document.getElementById('root')!);
const WARM_UP_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;

async function boot(): Promise<void> {
  const settings = clientSettings();
  let region = await loadRegion(settings);
  // The server's page has set them already; a page the Vite dev server serves has not.
  applyTheme(document.documentElement, region.theme);
  const { client, session } = createBrowserClient(settings, () => region);
  const registry = createBlockRegistry(defaultBlocks);
  // The region's own place, unless the address names one of its places (the area menu opens a place in a new
  // window with deptId, deptName and deptCode in the query).
  const query = new URLSearchParams(window.location.hash.split('?')[1] ?? '');
  const deptId = query.get('deptId');
  session.setDept(
    deptId
      ? { deptId, deptName: query.get('deptName') ?? undefined, deptCode: query.get('deptCode') ?? query.get('dm') ?? undefined }
      : { deptId: region.deptId, deptName: region.cityName, deptCode: region.deptCode },
  );
  // The first page's data is asked for now, while its code is still on its way and React has yet to render: the
  // page's blocks then take these requests (render-as-you-fetch, from before the first render).
  let siteData = createSiteData(client, region.siteData ?? {});
  const prefetch = new SourcePrefetch();
  // Most of it has been asked already, in one request, by index.html's inline script (server/delivery/first-view.ts): what
  // that answers is rendered from, the rest is asked for now.
  const answers = firstViewAnswers((window as unknown as Record<string, unknown>)[FIRST_VIEW_GLOBAL]);
  const deptNow = String(session.deptId ?? region.deptId);
  const first = firstPageSources(region, window.location.hash, { loggedIn: session.loggedIn }, (type) => registry.get(type));
  if (first)
    prefetch.startPage(
      first.sources.map(({ key, resolved }) => ({
        key,
        start: () => startAnswered(answers, key, resolved, deptNow, { client, siteData, ask: () => loadSource(resolved, client, siteData) }),
      })),
    );
  // The header is on the page already (the server's first paint): the first render draws it at once, its code
  // in — fetched with the page (modulepreload) — rather than put a loading state where it stood. The page's blocks
  // too: one render with their code in (and the data already come) rather than a frame of loading states and a
  // second render of every block. Not waited on long.
  await firstViewCode(region, first?.types ?? [], registry);
  // A transition: React renders the page in slices of a few milliseconds and yields between them, so a phone's slow
  // CPU is not held for the whole first render in one task (the header is on screen already, from the server).
  const render = () =>
    startTransition(() =>
      root.render(
        <React.StrictMode>
          <PortalApp region={region} registry={registry} client={client} siteData={siteData} prefetch={prefetch} />
        </React.StrictMode>,
      ),
    );
  render();
  // The HTTP library comes with the first call. A visitor's first view asks nothing itself (the answers came with
  // index.html), so it is fetched at the first sign of a hand on the page, or after 3 s, not while the page draws.
  const warmUp = () => {
    client.warmUp();
    for (const type of WARM_UP_EVENTS) window.removeEventListener(type, warmUp, true);
  };
  for (const type of WARM_UP_EVENTS) window.addEventListener(type, warmUp, { capture: true, passive: true });
  window.setTimeout(warmUp, 3000);
  // Live preview (npm run preview): a saved region file re-renders the page with the new config, in place; a
  // broken one shows its problems over the page. Loaded only then, so the portal's own bundle does not carry it.
  if (settings.previewEvents) {
    const { watchRegionPreview } = await import('./preview.js');
    watchRegionPreview(
      settings.previewEvents,
      (next: Region) => {
        region = next;
        applyTheme(document.documentElement, region.theme);
        siteData = createSiteData(client, region.siteData ?? {});
        render();
      },
      region,
    );
  }
}

/**
 * Loads the code of the region's header blocks and of the first page's, at most ~1.5 s (a block whose code fails
 * shows it in its place).
 */
function firstViewCode(region: Region, pageTypes: readonly string[], registry: ReactBlockRegistry): Promise<unknown> {
  const types = new Set([...(region.layout?.header ?? []).map((entry) => entry.type), ...pageTypes]);
  const loads = [...types].flatMap((type) => {
    const definition = registry.get(type);
    return definition ? [loadBlock(definition).catch(() => undefined)] : [];
  });
  return Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, 1500))]);
}

boot().catch((error: unknown) => {
  root.render(
    <main className="tm-boot" role="alert">
      门户配置加载失败，请稍后刷新重试。
      <br />
      <small>{error instanceof Error ? error.message : String(error)}</small>
    </main>,
  );
});
