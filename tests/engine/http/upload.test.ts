import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkImageFile, UPLOAD_TEXTS, UploadError, uploadImage } from '../../../engine/http/index.js';
import { DEMO_PASSWORD, DEMO_PHONES } from '../../../server/seed/index.js';
import { clientFor } from './client-setup.js';
import { startSeededServer } from './real-server.js';

// Image uploads through the client's multipart call, against the project's own server: progress, the stored file
// served back, the uploader recorded, and each refusal said with the spec's texts.
let server: Awaited<ReturnType<typeof startSeededServer>>;
beforeAll(async () => {
  server = await startSeededServer();
}, 120_000);
afterAll(() => server?.close());

function pngBlob(width: number, height: number): Blob {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i++) png.data[i] = (i * 13) % 256;
  return new Blob([new Uint8Array(PNG.sync.write(png))], { type: 'image/png' });
}

describe('uploadImage against the real server', () => {
  it('posts multipart with progress to 1, answers name and URL; the image is served and recorded against the user', async () => {
    const c = clientFor(server.baseURL);
    c.session.setDept({ deptId: server.region('chunan').deptId });
    const login = await c.client.call('login', { body: { username: DEMO_PHONES[0], password: DEMO_PASSWORD, loginType: 1 } });
    c.session.setLogin(login.token, DEMO_PHONES[0]);

    const progress: number[] = [];
    const blob = pngBlob(120, 80);
    const item = await uploadImage(c.client, blob, '权属证明.png', { onProgress: (f) => progress.push(f) });
    expect(item.name).toBe('权属证明.png');
    expect(item.url).toMatch(/^\/image-api\/upload\/\d{4}\/\d\d\/\d\d\/[0-9a-f]{32}\.png$/);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= progress[i - 1]))).toBe(true);
    expect(progress[progress.length - 1]).toBe(1);

    const served = await fetch(new URL(item.url, server.baseURL));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    // The server stores the picture re-encoded: the same pixels, not the same bytes.
    const sent = PNG.sync.read(Buffer.from(await blob.arrayBuffer()));
    const stored = PNG.sync.read(Buffer.from(await served.arrayBuffer()));
    expect([stored.width, stored.height]).toEqual([120, 80]);
    expect(stored.data.equals(sent.data)).toBe(true);

    const row = await server.db
      .selectFrom('upload')
      .innerJoin('appUser', 'appUser.userId', 'upload.userId')
      .select('appUser.phone')
      .where('url', '=', item.url)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe(DEMO_PHONES[0]);
    expect(c.notifier.entries).toEqual([]);
  });

  it('a refused file rejects with the server’s msg (the client also shows it); no answer at all with 上传图片失败，请重试', async () => {
    const c = clientFor(server.baseURL);
    c.session.setDept({ deptId: server.region('chunan').deptId });
    const login = await c.client.call('login', { body: { username: DEMO_PHONES[0], password: DEMO_PASSWORD, loginType: 1 } });
    c.session.setLogin(login.token, DEMO_PHONES[0]);
    const gif = new Blob([new Uint8Array(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))], { type: 'image/png' });
    const refused = await uploadImage(c.client, gif, 'fake.png').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UploadError);
    expect((refused as UploadError).message).toBe(UPLOAD_TEXTS.badFormat);
    expect(c.notifier.entries.map((e) => e.text)).toEqual([UPLOAD_TEXTS.badFormat]);

    // Uploads need a login.
    const anonymous = await uploadImage(clientFor(server.baseURL).client, pngBlob(2, 2), 'a.png').catch((e: unknown) => e);
    expect(anonymous).toBeInstanceOf(UploadError);
    expect((anonymous as UploadError).message).toBe('请先登录');

    const nowhere = clientFor('http://127.0.0.1:9/prod-api');
    const lost = await uploadImage(nowhere.client, pngBlob(2, 2), 'a.png').catch((e: unknown) => e);
    expect((lost as UploadError).message).toBe('上传图片失败，请重试');
  });

  it('checks a picked file before sending: png/jpg/jpeg only, 2 MB by default', () => {
    expect(checkImageFile({ name: '证件.JPEG', type: '', size: 10 })).toBeNull();
    expect(checkImageFile({ name: 'scan', type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(checkImageFile({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('文件格式不正确, 请上传png/jpg/jpeg图片格式文件!');
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('上传图片大小不能超过 2 MB!');
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 2000 }, 1572864 / 1000)).toBe('上传图片大小不能超过 0.0015 MB!');
    expect(UPLOAD_TEXTS.tooMany(20)).toBe('上传文件数量不能超过 20 个!');
  });
});
