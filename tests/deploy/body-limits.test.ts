import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSelfSignedCertificate } from '../../scripts/deploy/certificate.js';
import { startChild, waitUntil, probe, type Child } from '../../scripts/deploy/child-process.js';
import { renderMainConfig, renderSiteConfig } from '../../scripts/deploy/nginx-config.js';
import { freePort } from '../../scripts/bench/page-timing.js';
import { MESSAGES } from '../../server/api/messages.js';
import { loadConfig } from '../../server/runtime/config.js';
import { call } from './http-client.js';

// deploy/nginx.conf's body caps against the instances' own (their defaults): nginx in front of a stand-in instance
// that answers how many bytes reached it, on free ports, so it runs beside anything. A route the app takes up to
// 20 MB must not be cut by nginx's 3 MB, and a body over the app's cap gets the app's own message from nginx.
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
const MB = 1024 * 1024;
const config = loadConfig({});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-nginx-limits.'));
let nginx: Child;
let upstream: http.Server;
let httpsUrl: string;

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => response.setHeader('content-type', 'application/json').end(JSON.stringify({ code: 200, msg: 'ok', data: { bytes } })));
  });
  const upstreamPort = await freePort();
  await new Promise<void>((resolve) => upstream.listen(upstreamPort, '127.0.0.1', resolve));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const { certificate, key } = await makeSelfSignedCertificate(dir);
  const runAsRoot = process.getuid?.() === 0;
  const site = renderSiteConfig(fs.readFileSync('deploy/nginx.conf', 'utf8'), {
    host: '127.0.0.1',
    httpPort,
    httpsPort,
    instances: [`127.0.0.1:${upstreamPort}`],
    certificate,
    certificateKey: key,
    dir,
    runAsRoot,
  });
  fs.writeFileSync(path.join(dir, 'tianmu.conf'), site);
  fs.writeFileSync(path.join(dir, 'nginx.conf'), renderMainConfig(path.join(dir, 'tianmu.conf'), { dir, runAsRoot }));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, 'tmp', sub), { recursive: true });
  nginx = startChild('nginx', NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    cwd: dir,
    logFile: path.join(dir, 'nginx.log'),
  });
  httpsUrl = `https://127.0.0.1:${httpsPort}`;
  await waitUntil(nginx, httpsUrl, async () => (await probe(httpsUrl)) !== undefined, 30_000);
}, 60_000);

afterAll(async () => {
  await nginx?.stop('SIGTERM', 5_000);
  await new Promise((resolve) => upstream?.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const post = (route: string, bytes: number) =>
  call(`${httpsUrl}${route}`, { method: 'POST', headers: { host: 'localhost', 'content-type': 'application/octet-stream' }, body: Buffer.alloc(bytes, 1) });

describe('deploy/nginx.conf body caps', () => {
  it('lets the spreadsheet import through up to the app’s IMPORT_MAX_BYTES, and answers a larger one with the app’s message', async () => {
    const within = await post('/prod-api/api/admin/import', config.importMaxBytes + 64 * 1024);
    expect(within.status).toBe(200);
    expect(within.json<{ data: { bytes: number } }>().data.bytes).toBe(config.importMaxBytes + 64 * 1024);
    const over = await post('/prod-api/api/admin/import', config.importMaxBytes + 2 * MB);
    expect(over.status).toBe(413);
    expect(over.json()).toEqual({ code: 413, msg: MESSAGES.admin.importTooLarge(config.importMaxBytes) });
  });

  it('lets an attachment through up to ATTACHMENT_MAX_BYTES, with the app’s message past it', async () => {
    expect((await post('/prod-api/api/admin/attachment/upload', config.attachmentMaxBytes + 64 * 1024)).status).toBe(200);
    const over = await post('/prod-api/api/admin/attachment/upload', config.attachmentMaxBytes + 2 * MB);
    expect(over.status).toBe(413);
    expect(over.json().msg).toBe(MESSAGES.editors.documentTooLarge(String(config.attachmentMaxBytes / MB)));
  });

  it('keeps every other API route at 3 MB (pictures and forms)', async () => {
    expect((await post('/prod-api/common/upload', config.uploadMaxBytes + 64 * 1024)).status).toBe(200);
    expect((await post('/prod-api/common/upload', 4 * MB)).status).toBe(413);
    expect((await post('/prod-api/api/admin/import/template', 4 * MB)).status).toBe(413);
  });
});
