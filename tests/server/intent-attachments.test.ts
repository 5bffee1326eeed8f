import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A } from './fixtures.js';
import { callAs } from './listings-helpers.js';
import { bearer, insertUser, multipart, sessionFor } from './users-helpers.js';

// The transfer intent's document photos (相关材料照片): uploaded first, then their URLs submitted with the intent,
// stored with it, and read back by the submitter and staff only.
let server: TestServer;
let owner: { userId: number; token: string };
let stranger: { userId: number; token: string };
let staffToken: string;

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  const user = async (phone: string, role: 'user' | 'staff' = 'user') => {
    const userId = await insertUser(server.db, { phone, deptId: TENANT_A, role });
    return { userId, token: await sessionFor(server, userId) };
  };
  owner = await user('13811110001');
  stranger = await user('13811110002');
  staffToken = (await user('13811110003', 'staff')).token;
});
afterAll(() => server.close());

/** A small PNG whose pixels differ by `seed`. */
function png(seed: number): Buffer {
  const image = new PNG({ width: 4, height: 3 });
  for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 31 + seed * 7) % 256;
  return PNG.sync.write(image);
}

/** Uploads one photo as `token`'s user, as the portal does before the form is sent; answers its URL. */
async function uploadAs(token: string, seed: number): Promise<string> {
  const body = multipart([{ name: 'file', filename: `证件${seed}.png`, contentType: 'image/png', data: png(seed) }]);
  const res = await server.app.inject({
    method: 'POST',
    url: '/prod-api/common/upload',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.url as string;
}

const form = { type: 1, projectname: '甲市集体林地经营权转出', contact: '吴十', phone: '17612345678' };
const submit = (body: Record<string, unknown>, token = owner.token) => callAs(server, TENANT_A, 'desiredSubmit', { body, headers: bearer(token) });
const detail = (id: number, token?: string) => callAs(server, TENANT_A, 'desiredDetail', { query: { id }, headers: token ? bearer(token) : {} });
const intentCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('intent')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('desiredSubmit with attachments', () => {
  it('stores the uploaded photos in order; the submitter and staff read them back, nobody else', async () => {
    const urls = [await uploadAs(owner.token, 1), await uploadAs(owner.token, 2)];
    const res = await submit({ ...form, attachments: urls });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as number;

    const row = await server.db.selectFrom('intent').select(['attachments', 'userId']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ attachments: urls, userId: owner.userId });

    expect((await detail(id, owner.token)).json().data.attachments).toEqual(urls);
    expect((await detail(id, staffToken)).json().data.attachments).toEqual(urls);
    // The photos may show an identity card: once published (review, migration 011), the public detail and another
    // user see the intent without them.
    await server.db.updateTable('intent').set({ state: 1 }).where('id', '=', id).execute();
    for (const token of [undefined, stranger.token]) {
      const other = await detail(id, token);
      expect(other.statusCode).toBe(200);
      expect(other.json().data).not.toHaveProperty('attachments');
      expect(other.body).not.toContain(urls[0]);
    }
  });

  it('an intent without photos stores an empty list', async () => {
    const res = await submit(form);
    expect(res.statusCode).toBe(200);
    const row = await server.db.selectFrom('intent').select('attachments').where('id', '=', res.json().data.id).executeTakeFirstOrThrow();
    expect(row.attachments).toEqual([]);
    expect((await detail(res.json().data.id, owner.token)).json().data.attachments).toEqual([]);
  });

  it('refuses, with a 400 and a Chinese msg and nothing stored, URLs that are no /image-api/ upload', async () => {
    const before = await intentCount();
    for (const url of ['https://example.com/a.png', '/image-api/../../etc/passwd', 'javascript:alert(1)', '/image1-api/upload/2024/01/01/x.png']) {
      const res = await submit({ ...form, attachments: [url] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: '参数 相关材料照片（attachments.0） 格式不正确' });
    }
    expect(await intentCount()).toBe(before);
  });

  it('refuses more than 20 photos, and the same photo twice', async () => {
    const before = await intentCount();
    const mine = await uploadAs(owner.token, 3);
    const tooMany = await submit({
      ...form,
      attachments: Array.from({ length: 21 }, (_, i) => mine.replace(/[0-9a-f]{2}\.png$/, `${i.toString(16).padStart(2, '0')}.png`)),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ code: 400, msg: '参数 相关材料照片（attachments） 最多 20 项' });
    const twice = await submit({ ...form, attachments: [mine, mine] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toMatch(/^参数 相关材料照片（attachments）/);
    expect(await intentCount()).toBe(before);
  });

  it('refuses a well-formed URL that is not one of the user’s own uploads', async () => {
    const before = await intentCount();
    const mine = await uploadAs(owner.token, 4);
    const theirs = await uploadAs(stranger.token, 5);
    const res = await submit({ ...form, attachments: [mine, theirs] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: `相关材料照片无效：${theirs} 不是您上传的图片，请重新上传` });
    const invented = await submit({ ...form, attachments: ['/image-api/upload/2024/01/01/0123456789abcdef0123456789abcdef.png'] });
    expect(invented.statusCode).toBe(400);
    expect(invented.json().msg).toMatch(/^相关材料照片无效：/);
    expect(await intentCount()).toBe(before);
  });
});
