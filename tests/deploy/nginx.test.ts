import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import WebSocket from 'ws';
import type { Kysely } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../scripts/deploy/local-stack.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import type { Database } from '../../server/db/schema.js';
import { review } from '../../server/auction/index.js';
import { DEMO_PASSWORD, DEMO_PHONES } from '../../server/seed/index.js';
import { SESSION_KEYS } from '../../engine/http/session-store.js';
import { SCREENSHOT_DIR, launchChromium, openAuctionNow, seededProjectOf, settled, watchNetwork } from '../browser/portal-harness.js';
import { newContext } from './browser-context.js';
import { HSTS_VALUE } from '../../server/plugins/security-headers.js';
import { call, signedHeaders } from './http-client.js';
import { multipart } from '../server/users-helpers.js';

// The production layout on loopback (scripts/deploy/local-stack.ts): a throwaway PostgreSQL with the demo seeded once,
// two instances on it, and Debian's nginx in front with deploy/nginx.conf rendered for loopback. Everything below goes
// through nginx (https://127.0.0.1:18443) unless it calls an instance on its own port on purpose, to force one. The
// instances trust any proxy (TRUST_PROXY=true, the loosest setting the README offers): that no visitor can choose the
// address its limits count then rests on nginx alone.
const CHUNAN = 330127;
const UPSTREAM = 'x-tianmu-upstream';

let stack: LocalStack;
let browser: Browser;
let database: DatabaseHandle;
let db: Kysely<Database>;

beforeAll(async () => {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  [stack, browser] = await Promise.all([startLocalStack({ mode: 'demo', projects: 120, env: { TRUST_PROXY: 'true' } }), launchChromium()]);
  database = await openDatabase({ databaseUrl: stack.databaseUrl, poolSize: 2 });
  db = database.db;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await database?.close();
  await stack?.stop();
}, 60_000);

const viaNginx = (route = '') => `${stack.httpsUrl.replace(/\/$/, '')}${route}`;
const instanceUrl = (i: number, route = '') => `${stack.instances[i].url.replace(/\/$/, '')}${route}`;
const portOf = (upstream: string | string[] | undefined) => Number(String(upstream).split(':').pop());

/** Signs in through the login page, as a visitor does; resolves once the token is stored. */
async function signIn(page: Page, phone: string, region?: string): Promise<void> {
  const network = watchNetwork(page);
  await page.goto(viaNginx(`/${region ? `?region=${region}` : ''}#/login`), { waitUntil: 'load' });
  await network.quiet();
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), SESSION_KEYS.token), { timeout: 15_000 }).not.toBeNull();
}

/** A token for a demo account, by the API through nginx. */
async function tokenOf(phone: string): Promise<{ token: string; userId: number }> {
  const answer = await call(viaNginx('/prod-api/api/user/login'), {
    method: 'POST',
    headers: { ...signedHeaders(CHUNAN, stack.signKey), 'content-type': 'application/json' },
    body: JSON.stringify({ username: phone, password: DEMO_PASSWORD, loginType: 1 }),
  });
  const envelope = answer.json<{ code: number; msg: string; data: { token: string; userId: number } }>();
  expect(envelope.code, envelope.msg).toBe(200);
  return envelope.data;
}

describe('the portal through nginx', () => {
  it('serves the home over HTTPS with one HSTS header, and sends plain HTTP there', async () => {
    const redirect = await call(`${stack.httpUrl}tradingProject?idx=2&x=1`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe(viaNginx('/tradingProject?idx=2&x=1'));

    const home = await call(viaNginx('/'));
    expect(home.status).toBe(200);
    // One header, nginx's (the instances' copy is hidden): Node joins repeated headers with ", ".
    expect(home.headers['strict-transport-security']).toBe(HSTS_VALUE);

    const { context, page, errors } = await newContext(browser);
    try {
      const network = watchNetwork(page);
      // Typed as a visitor would: http://, no port for TLS.
      const response = await page.goto(stack.httpUrl, { waitUntil: 'load' });
      expect(page.url()).toBe(stack.httpsUrl);
      expect(response?.headers()['strict-transport-security']).toBe(HSTS_VALUE);
      await network.quiet();
      await settled(page);
      expect(await page.title()).toContain('淳安县');
      expect(await page.locator('[data-block]').count()).toBeGreaterThan(3);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'deploy-home-https.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('passes the instances’ compression through: brotli or gzip by Accept-Encoding, Vary kept, nothing compressed twice', async () => {
    const plain = await call(viaNginx('/'), { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(plain.body.toString('utf8'))?.[1];
    expect(asset).toBeDefined();
    const assetPlain = await call(viaNginx(asset), { headers: { 'accept-encoding': 'identity' } });
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const page = await call(viaNginx('/'), { headers: { 'accept-encoding': encoding } });
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(decode(page.body).toString('utf8')).toContain('<div id="root"');
      const file = await call(viaNginx(asset), { headers: { 'accept-encoding': encoding } });
      expect(file.headers['content-encoding']).toBe(encoding);
      expect(String(file.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(file.body).equals(assetPlain.body)).toBe(true);
    }
  });

  it('signs a visitor in (13800000001) through the login page', async () => {
    const { context, page, errors } = await newContext(browser);
    try {
      await signIn(page, DEMO_PHONES[0]);
      await page.goto(viaNginx('/#/'), { waitUntil: 'load' });
      await settled(page);
      const header = page.getByRole('navigation', { name: '用户' });
      await expect.poll(() => header.innerText(), { timeout: 10_000 }).toContain('个人中心');
      expect(await header.innerText()).toContain('138****0001');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'deploy-signed-in.png') });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses a body over its cap with the app’s upload message, and lets the app refuse one between the caps', async () => {
    const { token } = await tokenOf(DEMO_PHONES[0]);
    const upload = (bytes: number, filename: string) => {
      const { payload, headers } = multipart([{ name: 'file', filename, contentType: 'image/png', data: Buffer.alloc(bytes, 1) }]);
      return call(viaNginx('/prod-api/common/upload'), {
        method: 'POST',
        headers: { ...signedHeaders(CHUNAN, stack.signKey, token), ...headers },
        body: payload,
      });
    };
    const byNginx = await upload(3_500_000, 'huge.png');
    expect(byNginx.status).toBe(413);
    expect(byNginx.json()).toEqual({ code: 413, msg: '上传图片大小不能超过 2 MB!' });
    expect(byNginx.headers['strict-transport-security']).toBe(HSTS_VALUE);

    const byApp = await upload(2_500_000, 'large.png');
    expect(byApp.status).toBe(413);
    expect(byApp.json()).toMatchObject({ code: 413, msg: '上传图片大小不能超过 2 MB!' });
    expect(byApp.headers[UPSTREAM]).toMatch(/^127\.0\.0\.1:1808[12]$/);
  });

  it('answers no other host name', async () => {
    await expect(call(viaNginx('/'), { headers: { host: 'elsewhere.example' } })).rejects.toThrow();
    await expect(call(`${stack.httpUrl}`, { headers: { host: 'elsewhere.example' } })).rejects.toThrow();
  });

  // Behind nginx every visitor arrives from its loopback address: the monitoring figures and the operator's backup call
  // must not be reachable through it, while each instance's own port still serves /metrics to this machine.
  it('keeps /metrics and the operator routes off the public side', async () => {
    const metrics = await call(viaNginx('/metrics'));
    expect(metrics.status).toBe(403);
    expect(metrics.json()).toMatchObject({ code: 403 });
    expect(metrics.body.toString()).not.toContain('tianmu_http_requests_total');
    const operator = await call(viaNginx('/_operator/backup'), { method: 'POST' });
    expect(operator.status).toBe(404);
    const direct = await call(instanceUrl(0, '/metrics'));
    expect(direct.status).toBe(200);
    expect(direct.body.toString()).toContain('tianmu_http_requests_total');
  });

  // Pictures live in the database (stored_file): the instance that did not take the upload serves it all the same.
  it('serves a picture uploaded through nginx from either instance', async () => {
    const { token } = await tokenOf(DEMO_PHONES[0]);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 140, b: 90 } } })
      .png()
      .toBuffer();
    const { payload, headers } = multipart([{ name: 'file', filename: 'field.png', contentType: 'image/png', data: png }]);
    const answer = await call(viaNginx('/prod-api/common/upload'), {
      method: 'POST',
      headers: { ...signedHeaders(CHUNAN, stack.signKey, token), ...headers },
      body: payload,
    });
    const envelope = answer.json<{ code: number; msg: string; data: { url: string } }>();
    expect(envelope.code, envelope.msg).toBe(200);
    const picturePath = new URL(envelope.data.url, stack.httpsUrl).pathname;
    const byInstance = await Promise.all(stack.instances.map((_instance, i) => call(instanceUrl(i, picturePath), { headers: { accept: 'image/png' } })));
    expect(byInstance.map((a) => a.status)).toEqual([200, 200]);
    expect(byInstance[1].body.equals(byInstance[0].body)).toBe(true);
    expect(await sharp(byInstance[1].body).metadata()).toMatchObject({ width: 64, height: 48 });
  });

  it('delivers a bid placed on one instance to a viewer held on the other, through nginx’s /websocket/', async () => {
    // A fresh auction of 淳安县, open for two more minutes, the first two demo users approved bidders.
    const project = await seededProjectOf(db, '淳安县', { type: 2, status: 6 });
    await openAuctionNow(db, project.id, { stopInMinutes: 2, signCts: 2 });
    const bidders = await Promise.all(DEMO_PHONES.slice(0, 2).map(tokenOf));
    for (const { userId } of bidders) {
      await db.insertInto('registration').values({ projectId: project.id, userId, state: 2 }).execute();
      await review(db, { projectId: project.id, userId, approve: true, reviewerId: null, withoutDeposit: true });
    }

    // A viewer through nginx; nginx names the instance it reached in the handshake's answer.
    const frames: Array<{ type: string; data?: { currentPrice?: unknown } }> = [];
    const viewer = new WebSocket(viaNginx('/websocket/0').replace(/^https/, 'wss'), { rejectUnauthorized: false });
    viewer.on('message', (raw) => frames.push(JSON.parse(String(raw))));
    // 'open' follows 'upgrade' in the same tick: both are listened for before either is awaited.
    const [viewerPort] = await Promise.all([
      new Promise<number>((resolve, reject) => {
        viewer.once('upgrade', (response) => resolve(portOf(response.headers[UPSTREAM])));
        viewer.once('error', reject);
      }),
      new Promise((resolve) => viewer.once('open', resolve)),
    ]);
    viewer.send(JSON.stringify({ type: 'watch', data: { projectId: project.id } }));
    await expect.poll(() => frames.some((f) => f.type === 'auctionState'), { timeout: 10_000 }).toBe(true);
    const viewerInstance = stack.instances.findIndex((i) => i.port === viewerPort);
    const otherInstance = 1 - viewerInstance;
    expect(viewerInstance).toBeGreaterThanOrEqual(0);

    // The second bidder watches in Chromium, through nginx (the page's own socket: wss://127.0.0.1:18443/websocket/…).
    const { context, page, errors } = await newContext(browser);
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    try {
      await signIn(page, DEMO_PHONES[1], 'chunan-dev');
      const network = watchNetwork(page);
      await page.goto(viaNginx(`/?region=chunan-dev#/bidDetail?id=${project.id}`), { waitUntil: 'load' });
      await network.quiet();
      await expect.poll(() => page.getByRole('button', { name: '立即竞价' }).count(), { timeout: 15_000 }).toBe(1);
      const price = () => page.locator('.tm-auction__price').innerText();
      expect(await price()).toBe('¥10,000.00');

      const bid = (instance: number, amount: number) =>
        call(instanceUrl(instance, '/prod-api/api/auction/bid'), {
          method: 'POST',
          headers: { ...signedHeaders(CHUNAN, stack.signKey, bidders[0].token), 'content-type': 'application/json' },
          body: JSON.stringify({ projectId: project.id, amount }),
        });
      // On the instance the viewer is not on: the viewer still gets it.
      const first = await bid(otherInstance, 10_000);
      expect(first.json().code, first.json().msg).toBe(200);
      await expect.poll(() => frames.filter((f) => f.type === 'auctionBid').map((f) => Number(f.data?.currentPrice)), { timeout: 3_000 }).toEqual([10_000]);
      await expect.poll(price, { timeout: 3_000 }).toBe('¥10,000.00');
      // And on the viewer's own: Chromium's socket is on one of the two, so it has now seen a bid from the other.
      const second = await bid(viewerInstance, 10_500);
      expect(second.json().code, second.json().msg).toBe(200);
      await expect.poll(price, { timeout: 3_000 }).toBe('¥10,500.00');

      // The second bidder bids in the page, through nginx: the viewer gets it too.
      await expect.poll(() => page.getByLabel('我的出价（元）').inputValue()).toBe('11000');
      await page.getByRole('button', { name: '立即竞价' }).click();
      await expect
        .poll(() => frames.filter((f) => f.type === 'auctionBid').map((f) => Number(f.data?.currentPrice)), { timeout: 3_000 })
        .toEqual([10_000, 10_500, 11_000]);
      await expect.poll(price, { timeout: 3_000 }).toBe('¥11,000.00');

      expect(sockets.length).toBeGreaterThan(0);
      for (const url of sockets) expect(url.startsWith(viaNginx('/websocket/').replace(/^https/, 'wss'))).toBe(true);
      const rows = await db.selectFrom('bid').select('amount').where('projectId', '=', project.id).orderBy('id').execute();
      expect(rows.map((r) => Number(r.amount))).toEqual([10_000, 10_500, 11_000]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'deploy-bid-viewer.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      viewer.close();
      await context.close();
    }
  });

  it('counts the per-visitor limits by the address nginx saw, whatever X-Forwarded-For the visitor sends', async () => {
    // Two visitors: connections from 127.0.0.2 and 127.0.0.3 (all of 127/8 is this machine). Logins are limited to
    // 10 a minute per address (RATE_LIMIT_LOGIN_PER_IP); unknown phones, so no per-phone count interferes.
    const login = (from: string, n: number, forwardedFor?: string) =>
      call(viaNginx('/prod-api/api/user/login'), {
        method: 'POST',
        localAddress: from,
        headers: {
          ...signedHeaders(CHUNAN, stack.signKey),
          'content-type': 'application/json',
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
        body: JSON.stringify({ username: `1390000${String(n).padStart(4, '0')}`, password: 'Wrong@12345', loginType: 1 }),
      });
    const upstreams = new Set<number>();
    for (let n = 0; n < 10; n++) {
      // Each claims another address: nginx replaces the header with the one it saw.
      const answer = await login('127.0.0.2', n, `198.51.100.${n + 1}`);
      expect(answer.status, answer.body.toString()).toBe(400);
      upstreams.add(portOf(answer.headers[UPSTREAM]));
    }
    // The ten went to both instances, which count together.
    expect([...upstreams].sort()).toEqual(stack.instances.map((i) => i.port));
    const over = await login('127.0.0.2', 10, '203.0.113.77');
    expect(over.status).toBe(429);
    expect(over.json().msg).toBe('请求过于频繁，请稍后再试');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not held back.
    const other = await login('127.0.0.3', 11);
    expect(other.status).toBe(400);

    const keys = await db.selectFrom('rateLimit').select(['key', 'count']).where('name', '=', 'loginPerIp').execute();
    expect(keys.find((k) => k.key.includes('127.0.0.2'))?.count).toBeGreaterThanOrEqual(10);
    expect(keys.find((k) => k.key.includes('127.0.0.3'))?.count).toBe(1);
    expect(keys.filter((k) => /198\.51\.100|203\.0\.113/.test(k.key))).toEqual([]);
  });

  // Needs the health work merged (database outages answered 503 with Retry-After, GET /readyz): before it, an outage
  // is answered 500 and /readyz is not there.
  it('answers 503 with Retry-After through nginx while PostgreSQL is down, and is ready again within 5 s of its return', async () => {
    const login = () =>
      call(viaNginx('/prod-api/api/user/login'), {
        method: 'POST',
        headers: { ...signedHeaders(CHUNAN, stack.signKey), 'content-type': 'application/json' },
        body: JSON.stringify({ username: '13900009999', password: 'Wrong@12345', loginType: 1 }),
      });
    await stack.postgres!.halt();
    try {
      const during = await Promise.all([login(), login(), call(viaNginx('/readyz'))]);
      expect(during.map((a) => a.status)).toEqual([503, 503, 503]);
      for (const answer of during) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      for (const answer of during.slice(0, 2)) expect(answer.json().msg).toMatch(/[\u4e00-\u9fff]/);
    } finally {
      await stack.postgres!.resume();
    }
    await expect.poll(async () => (await call(viaNginx('/readyz'))).status, { timeout: 5_000, interval: 100 }).toBe(200);
    expect((await login()).json()).toMatchObject({ code: 400, msg: '用户名或密码错误' });
  });

  // Last: it stops the instances.
  it('keeps serving when one instance is down, and answers 503 with Retry-After when both are', async () => {
    await stack.instances[1].stop();
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(viaNginx('/'))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => portOf(a.headers[UPSTREAM])))).toEqual(new Set([stack.instances[0].port]));
    // A POST that could not reach the stopped instance was never sent to it: nginx gives it to the other.
    await tokenOf(DEMO_PHONES[0]);

    await stack.instances[0].stop();
    const page = await call(viaNginx('/'));
    expect(page.status).toBe(503);
    expect(page.headers['retry-after']).toBe('5');
    expect(page.body.toString('utf8')).toContain('系统繁忙');
    const api = await call(viaNginx('/prod-api/api/user/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(api.status).toBe(503);
    expect(api.headers['retry-after']).toBe('5');
    expect(api.json()).toEqual({ code: 503, msg: '系统繁忙，请稍后再试' });
  });
});
