import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { defaultBlocks } from '../../../blocks/index.js';
import { createSiteData } from '../../../engine/http/index.js';
import { PortalApp } from '../../../engine/react/index.js';
import { loadRegionCatalog } from '../../../engine/region-files/index.js';
import { createBlockRegistry } from '../../../engine/runtime/block-registry.js';
import type { Region } from '../../../schemas/types/region.js';
import { clientFor } from '../http/client-setup.js';
import { startSeededServer } from '../http/real-server.js';

type SeededServer = Awaited<ReturnType<typeof startSeededServer>>;
type PortalClient = ReturnType<typeof clientFor>;

export interface SeededPortal {
  /** The demo region from regions/, as the portal gets it. */
  region: Region;
  /** The real server over the seeded database; there from the file's beforeAll on. */
  readonly server: SeededServer;
  /** A client of the region, on Node's http transport (jsdom's XHR would be a cross-origin request without CORS). */
  portalClient(): PortalClient;
  /** Draws the whole portal at a hash route; `reloads` records the page reloads it asks for (after logout). */
  renderAt(hash: string, c?: PortalClient): PortalClient & { reloads: number[] };
}

/**
 * For a jsdom test file of the portal against the real server: starts the seeded server before the file's tests
 * and closes it after them, and unmounts what a test drew after each test.
 */
export function withSeededPortal(regionId: string): SeededPortal {
  const region = loadRegionCatalog(path.resolve('regions')).regions.find((r) => r.id === regionId) as unknown as Region | undefined;
  if (!region) throw new Error(`no region ${regionId} in regions/`);
  let server: SeededServer | undefined;
  beforeAll(async () => {
    server = await startSeededServer();
  });
  afterAll(() => server?.close());
  afterEach(cleanup);

  const portal: SeededPortal = {
    region,
    get server() {
      if (!server) throw new Error('the seeded server starts in beforeAll: use it inside a test or hook');
      return server;
    },
    portalClient: () => clientFor(portal.server.baseURL, { defaultDeptId: () => region.deptId, adapter: 'http' }),
    renderAt(hash, c = portal.portalClient()) {
      window.location.hash = hash;
      const reloads: number[] = [];
      render(
        <PortalApp
          region={region}
          registry={createBlockRegistry(defaultBlocks)}
          client={c.client}
          siteData={createSiteData(c.client, {})}
          reload={() => reloads.push(1)}
        />,
      );
      return { ...c, reloads };
    },
  };
  return portal;
}
