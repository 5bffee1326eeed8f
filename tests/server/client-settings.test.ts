import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/runtime/config.js';
import { clientSettingsFor, PREVIEW_EVENTS_PATH } from '../../server/delivery/index-html.js';
import { formSignatureFor, signFor } from '../../server/plugins/guards/index.js';
import type { ClientSettings } from '../../engine/runtime/client-settings.js';
import { standInClientWhenUnbuilt, type TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A } from './fixtures.js';

// One build serves every deployment: the sign key, form secret, API base and image rewrites a server starts with
// are written into each page it serves, so the browser signs with the key this server checks.
const SIGN_KEY = 'another-deployment-sign-key';
const FORM_SECRET = 'another-deployment-form-secret';
const REWRITES = 'http://10.0.0.5:9000=/image-api';

let server: TestServer;
let removeStandIn = () => {};
beforeAll(async () => {
  removeStandIn = standInClientWhenUnbuilt();
  server = await startTestServerWithPlaces({ serveClient: true, apiSignKey: SIGN_KEY, formSecret: FORM_SECRET, imageRewrites: REWRITES });
});
afterAll(async () => {
  await server.close();
  removeStandIn();
});

/** The page's inline script and the settings it hands the client. */
async function pageSettings(): Promise<{ script: string; settings: ClientSettings; csp: string }> {
  const res = await server.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
  expect(res.statusCode).toBe(200);
  const script = res.body.match(/<script>(window\.__TIANMU_SETTINGS__=.*?)<\/script>/)?.[1];
  expect(script, 'the page carries the settings script').toBeDefined();
  const json = script!.match(/^window\.__TIANMU_SETTINGS__=(.*?)(?:;\(function\(|$)/)?.[1];
  return { script: script!, settings: JSON.parse(json!) as ClientSettings, csp: String(res.headers['content-security-policy']) };
}

describe('deployment settings written into the page at start', () => {
  it('carries the sign key, form secret, API base and image rewrites the server started with, allowed by the CSP hash', async () => {
    const { script, settings, csp } = await pageSettings();
    expect(settings).toEqual({ apiBase: '/prod-api', signKey: SIGN_KEY, formSecret: FORM_SECRET, imageRewrites: REWRITES });
    // The inline script runs only because the policy names its hash.
    const hash = crypto.createHash('sha256').update(script, 'utf8').digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
  });

  it('a call signed with the key read from the page is answered; one signed with the demo key is refused', async () => {
    const { settings } = await pageSettings();
    const call = (key: string) => {
      const timeStamp = String(Date.now());
      return server.app.inject({
        method: 'POST',
        url: `${settings.apiBase}/api/newsList?number=001017`,
        headers: { deptId: String(TENANT_A), timeStamp, sign: signFor(TENANT_A, timeStamp, key) },
      });
    };
    const ok = await call(settings.signKey);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().code).toBe(200);
    const demo = await call('tianmu-demo-sign-key');
    expect(demo.statusCode).toBe(403);
  });

  it('a form-style call signed with the secret read from the page is answered', async () => {
    const { settings } = await pageSettings();
    const timestamp = String(Date.now());
    const random = crypto.randomBytes(8).toString('hex');
    const res = await server.app.inject({
      method: 'POST',
      url: `${settings.apiBase}/api/index/xinwenliebiao`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ timestamp, random, signature: formSignatureFor(settings.formSecret, random, timestamp), dm: '110000' }).toString(),
    });
    expect(res.statusCode).toBe(200);
  });

  it('API_BASE names the prefix the browser calls when a proxy maps another one; a malformed IMAGE_REWRITES stops the start', () => {
    expect(clientSettingsFor(loadConfig({ API_BASE: '/gateway/prod-api' })).apiBase).toBe('/gateway/prod-api');
    expect(clientSettingsFor(loadConfig({ API_PREFIX: '/api-v2' })).apiBase).toBe('/api-v2');
    expect(() => clientSettingsFor(loadConfig({ IMAGE_REWRITES: 'http://10.0.0.5:9000=/nowhere' }))).toThrow(/IMAGE_REWRITES/);
  });

  it('outside preview mode there is no preview event stream and the page is not told of one', async () => {
    const { settings } = await pageSettings();
    expect(settings.previewEvents).toBeUndefined();
    const res = await server.app.inject({ method: 'GET', url: PREVIEW_EVENTS_PATH, headers: { host: 'localhost' } });
    expect(String(res.headers['content-type'])).not.toContain('text/event-stream');
  });
});
