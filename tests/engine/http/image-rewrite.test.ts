import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseImageRewrites, rewriteImageUrls } from '../../../engine/http/index.js';
import { clientFor } from './client-setup.js';
import { startScriptedServer } from './scripted-server.js';

const REWRITES = parseImageRewrites('http://10.20.0.5:9000=/image-api, http://10.20.0.6:9000/=/image1-api,https://img.example.cn/oss=/image3-api');

describe('image base URLs are rewritten to the proxy prefixes (spec §7)', () => {
  let server: Awaited<ReturnType<typeof startScriptedServer>>;
  beforeAll(async () => {
    server = await startScriptedServer(() => ({
      json: {
        code: 200,
        msg: '操作成功',
        data: {
          rows: [
            {
              id: 7,
              coverImg: 'http://10.20.0.5:9000/profile/2026/11/01/a.png',
              imgList: ['http://10.20.0.6:9000/p/b.jpg', 'https://img.example.cn/oss/c.png', '/image2-api/d.png'],
              content: '<p>现场照片：<img src="http://10.20.0.5:9000/e.png"><img src="http://10.20.0.5:9000/f.png"></p>',
              price: 12000,
              other: 'http://10.20.0.7:9000/not-configured.png',
            },
          ],
          total: 1,
        },
      },
    }));
  });
  afterAll(() => server.close());

  it('rewrites every configured base, at any depth and inside rich text; leaves the rest alone', async () => {
    const c = clientFor(server.baseURL, { imageRewrites: REWRITES });
    const data = await c.client.call('newsList', { body: {} });
    expect(data.rows[0]).toEqual({
      id: 7,
      coverImg: '/image-api/profile/2026/11/01/a.png',
      imgList: ['/image1-api/p/b.jpg', '/image3-api/c.png', '/image2-api/d.png'],
      content: '<p>现场照片：<img src="/image-api/e.png"><img src="/image-api/f.png"></p>',
      price: 12000,
      other: 'http://10.20.0.7:9000/not-configured.png',
    });
  });

  it('refuses a setting that names an unknown prefix', () => {
    expect(() => parseImageRewrites('http://10.0.0.1=/images')).toThrow('IMAGE_REWRITES');
    expect(parseImageRewrites('')).toEqual([]);
  });

  it('returns the same object when nothing changes', () => {
    const value = { a: ['x', { b: 'y' }] };
    expect(rewriteImageUrls(value, REWRITES)).toBe(value);
  });
});
