import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

// Security headers on every response, a strict Content-Security-Policy on every page (the
// region script allowed by its hash), and an unknown API path answered with 404 JSON instead of the portal's page.

let server: TestServer;
let standIn: string | undefined;
const ASSET = 'assets/security-headers-probe.js';
beforeAll(async () => {
  // The served page needs a built client; a minimal one stands in when dist/ is absent (a fresh clone).
  if (!fs.existsSync('dist/client/index.html')) {
    standIn = 'dist/client';
    fs.mkdirSync(path.join(standIn, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(standIn, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');
  }
  fs.mkdirSync('dist/client/assets', { recursive: true });
  fs.writeFileSync(path.join('dist/client', ASSET), 'export {};\n');
  server = await startTestServer({ serveClient: true });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(path.join('dist/client', ASSET), { force: true });
  if (standIn) fs.rmSync(standIn, { recursive: true, force: true });
});

const get = (url: string, host = 'localhost:8080') => server.app.inject({ method: 'GET', url, headers: { host } });

/** The policy as directive → sources. */
function policyOf(res: LightMyRequestResponse): Record<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(header, `CSP on ${res.statusCode} ${res.headers['content-type']}`).toBeTypeOf('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectCommonHeaders(res: LightMyRequestResponse, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  const policy = policyOf(res);
  expect(policy['default-src'], what).toEqual(["'self'"]);
  expect(policy['object-src'], what).toEqual(["'none'"]);
  expect(policy['frame-ancestors'], what).toEqual(["'self'"]);
  expect(policy['base-uri'], what).toEqual(["'self'"]);
  // No eval (the form validators are precompiled) and never inline script.
  expect(policy['script-src'][0], what).toBe("'self'");
  expect(policy['script-src'], what).not.toContain("'unsafe-eval'");
  expect(policy['script-src'], what).not.toContain("'unsafe-inline'");
  expect(policy['script-src-attr'], what).toEqual(["'none'"]);
  return policy;
}

describe('every page of every region', () => {
  it('allows its one inline script by hash, and nothing else inline', async () => {
    const hashes = new Set<string>();
    for (const region of ['chunan', 'chunan-dev', 'xinyang', 'lantian', 'shouguang']) {
      const res = await get(`/?region=${region}`);
      expect(res.statusCode).toBe(200);
      const policy = expectCommonHeaders(res, region);
      const scripts = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      expect(scripts, region).toHaveLength(1);
      const hash = `'sha256-${crypto.createHash('sha256').update(scripts[0]).digest('base64')}'`;
      expect(policy['script-src']).toEqual(["'self'", hash]);
      hashes.add(hash);
      // The real-time channel of the page's own host, also for browsers whose 'self' does not cover ws(s).
      expect(policy['connect-src']).toEqual(expect.arrayContaining(["'self'", 'ws://localhost:8080', 'wss://localhost:8080']));
      expect(policy['img-src']).toContain("'self'");
    }
    // Each region's script differs, and so does its hash.
    expect(hashes.size).toBe(5);
    // A deep link is the same page under the same policy.
    expectCommonHeaders(await get('/some/deep/link'), 'deep link');
  });

  it('does not take a hostile Host header into the policy', async () => {
    const res = await get('/', 'evil.example; script-src *');
    const header = String(res.headers['content-security-policy']);
    expect(header).not.toContain('evil.example');
    expect(header).not.toContain('script-src *');
  });
});

describe('every other kind of response', () => {
  it('carries the same headers: API JSON, an asset, a 404', async () => {
    const api = await server.app.inject({ method: 'POST', url: '/prod-api/getPhoneCode', payload: { phone: '' } });
    expect(api.headers['content-type']).toContain('application/json');
    expectCommonHeaders(api, 'API JSON');
    const asset = await get(`/${ASSET}`);
    expect(asset.statusCode).toBe(200);
    expectCommonHeaders(asset, 'asset');
    expectCommonHeaders(await get('/missing.js'), '404');
  });

  it('answers an unknown API path, whatever the method, with 404 JSON — not the portal page', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      for (const url of ['/prod-api/no-such-route', '/prod-api/api/index/no-such-name', '/prod-api', '/prod-api/']) {
        const res = await server.app.inject({ method, url, headers: { host: 'localhost' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toContain('application/json');
        const body = res.json();
        expect(body.code).toBe(404);
        expect(body.msg).toMatch(/^访问资源不存在/);
      }
    }
    // Nor is an unknown picture address a page.
    const picture = await get('/image-api/upload/no-such-picture');
    expect(picture.statusCode).toBe(404);
    expect(picture.headers['content-type']).toContain('application/json');
  });
});
