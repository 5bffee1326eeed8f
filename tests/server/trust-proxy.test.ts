import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { startServer } from '../../server/main.js';
import { loadConfig } from '../../server/runtime/config.js';
import { createFastify } from '../../server/runtime/fastify-instance.js';
import { TrustProxyError } from '../../server/runtime/trust-proxy.js';
import { startTestServer, type TestServer } from './harness.js';

// TRUST_PROXY says which X-Forwarded-For addresses are believed: `1` one hop (the proxy in front; a visitor's own
// header before it is not), a number of hops, the proxies' addresses or ranges, or `true` for all.
const VISITOR_CLAIM = '6.6.6.6'; // what a visitor wrote into its own X-Forwarded-For
const VISITOR = '198.51.100.7'; // the address the proxy saw and appended
const FORWARDED = `${VISITOR_CLAIM}, ${VISITOR}`;

/** The address Fastify gives a request from `peer` with FORWARDED, under TRUST_PROXY=value. */
async function ipUnder(value: string | undefined, peer = '127.0.0.1', forwarded = FORWARDED): Promise<string> {
  const app = createFastify(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }), { logger: false });
  app.get('/ip', async (request) => request.ip);
  try {
    return (await app.inject({ method: 'GET', url: '/ip', remoteAddress: peer, headers: { 'x-forwarded-for': forwarded } })).body;
  } finally {
    await app.close();
  }
}

describe('TRUST_PROXY', () => {
  it('reads a hop count, addresses and ranges, or true; unset, 0 and false trust nothing', async () => {
    expect(await ipUnder(undefined)).toBe('127.0.0.1');
    expect(await ipUnder('0')).toBe('127.0.0.1');
    expect(await ipUnder('false')).toBe('127.0.0.1');
    // One hop: the proxy's own entry, never the visitor's claim before it.
    expect(await ipUnder('1')).toBe(VISITOR);
    expect(await ipUnder('2')).toBe(VISITOR_CLAIM);
    expect(await ipUnder('true')).toBe(VISITOR_CLAIM);
    // Addresses: only a listed peer is believed, and only as far as the chain stays listed.
    expect(await ipUnder('127.0.0.1')).toBe(VISITOR);
    expect(await ipUnder('10.0.0.5, 127.0.0.1')).toBe(VISITOR);
    expect(await ipUnder('10.0.0.0/8', '127.0.0.1')).toBe('127.0.0.1');
    expect(await ipUnder('10.0.0.0/8', '10.1.1.1')).toBe(VISITOR);
    expect(await ipUnder('loopback,198.51.100.0/24')).toBe(VISITOR_CLAIM);
  });

  it('keeps a loopback-only deployment’s `1` as one hop: a request straight from a visitor is counted by its own address', async () => {
    expect(await ipUnder('1', '203.0.113.50', '127.0.0.1')).toBe('127.0.0.1');
    // … which is why the README asks for the proxy's address wherever the instance can be reached directly.
    expect(await ipUnder('203.0.113.1', '203.0.113.50', '127.0.0.1')).toBe('203.0.113.50');
  });

  it('refuses to start on an entry that is neither a hop count, an address, a range nor a range name, naming it', async () => {
    for (const bad of ['nginx', '10.0.0.0/33', '99', '127.0.0.1,intranet'])
      expect(() => createFastify(loadConfig({ TRUST_PROXY: bad }), { logger: false })).toThrow(TrustProxyError);
    expect(() => createFastify(loadConfig({ TRUST_PROXY: '127.0.0.1,intranet' }), { logger: false })).toThrow(/TRUST_PROXY 中有无法识别的值：intranet（/);
  });
});

describe('TRUST_PROXY in the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: 1, metricsAllow: [VISITOR] });
  }, 120_000);
  afterAll(() => server.close());

  it('checks the address one hop behind the proxy, not the one a visitor claims', async () => {
    const scrape = (forwarded: string) =>
      server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwarded } });
    expect((await scrape(FORWARDED)).statusCode).toBe(200);
    expect((await scrape(`${VISITOR}, ${VISITOR_CLAIM}`)).statusCode).toBe(403);
  });

  it('stops a start on a malformed setting before the database is opened', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-trust-')), 'data');
    try {
      const config = loadConfig({}, { dataDir, databaseUrl: undefined, port: 0, serveClient: false, logLevel: 'silent', trustProxy: ['10.0.0.1', 'nginx'] });
      await expect(startServer({ config })).rejects.toThrow('TRUST_PROXY 中有无法识别的值：nginx（');
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });

  it('does not build an app on a malformed setting', async () => {
    await expect(buildApp({ config: { ...server.config, trustProxy: ['proxy.local'] }, db: server.db, dbKind: server.kind, logger: false })).rejects.toThrow(
      TrustProxyError,
    );
  });
});
