import type { AddressInfo } from 'node:net';
import { DEMO_REGIONS, seedDemo } from '../../../server/seed/index.js';
import { startTestServer, type TestServer } from '../../server/harness.js';

/**
 * The project's own API server on a loopback port over a real (in-memory PGlite) database with the demo seed,
 * for client tests that must meet the real guards: sign, form signature, bearer sessions, validation.
 */
export async function startSeededServer(): Promise<TestServer & { baseURL: string; region: (key: string) => (typeof DEMO_REGIONS)[number] }> {
  const server = await startTestServer();
  await seedDemo(server.db, { projects: 40, now: new Date('2026-11-20T02:00:00Z') });
  await server.reloadPlaces();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return {
    ...server,
    baseURL: `http://127.0.0.1:${port}/prod-api`,
    region: (key) => {
      const found = DEMO_REGIONS.find((r) => r.key === key);
      if (!found) throw new Error(`no demo region ${key}`);
      return found;
    },
  };
}
