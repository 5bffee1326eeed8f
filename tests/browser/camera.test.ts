import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCameraSimulator, type CameraSimulator } from '../../scripts/camera-simulator.js';
import { DEMO_PHONES } from '../../server/seed/index.js';
import { SCREENSHOT_DIR, seriousViolations, withPortalInChromium } from './portal-harness.js';

// The document camera (高拍仪) where people need it: 我要转出 (/turnOut?id=1) with its 相关材料照片 field, in real
// Chromium against the real server, with the camera simulator as the local camera service.
const chromium = withPortalInChromium();
let camera: CameraSimulator;
beforeAll(async () => {
  camera = await startCameraSimulator({ port: 0, frameIntervalMs: 100 });
  // 淳安县 (the host's default region) points its camera address at the simulator's free port, as a county's
  // `documentCameraUrl:` line would.
  const chunan = chromium.portal.app.ctx.regions.load().regions.find((r) => r.id === 'chunan')!;
  chunan.documentCameraUrl = camera.url;
});
afterAll(() => camera?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `camera-${name}.png`) });

/** Logged in as 张建国 on /turnOut?id=1 (the form asks for a login first). */
async function turnOutPage() {
  const opened = await chromium.openLoggedIn(DEMO_PHONES[0], { route: '/turnOut?id=1', context: { viewport: { width: 1300, height: 1000 } } });
  await expect.poll(() => opened.page.getByRole('heading', { name: '我要转出' }).count(), { timeout: 15_000 }).toBe(1);
  return opened;
}

const photosField = (page: Page) => page.getByRole('group', { name: '相关材料照片' });
const cameraDialog = (page: Page) => page.getByRole('dialog', { name: '高拍仪拍照' });
const alertIn = (scope: Locator) => scope.getByRole('alert').filter({ hasText: /\S/ });
const frameSrc = (dialog: Locator) => dialog.getByRole('img', { name: '高拍仪实时画面' }).getAttribute('src');

function pngOf(bytes: Buffer): PNG {
  return PNG.sync.read(bytes);
}

function pngBytes(width: number, height: number, seed: number): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i++) png.data[i] = i % 4 === 3 ? 255 : (i * seed * 29) % 256;
  return PNG.sync.write(png);
}

// Each test's own waits (login, the device connecting, a 2000×1500 PNG encoded, shrunk and uploaded) add up past
// vitest's default 30 s on a busy two-core machine: the budget is the sum of those waits, not a speed goal.
describe('document camera on the transfer-out form', { timeout: 90_000 }, () => {
  it('streams, asks for a photo before saving, takes and turns photos, uploads them with the intent; axe clean', async () => {
    const { page, errors } = await turnOutPage();
    try {
      await page.getByLabel('项目名称').fill('千岛湖镇某村集体林地经营权');
      await page.getByLabel('联系人').fill('张建国');
      await page.getByLabel('联系电话').fill('13800000001');

      await photosField(page).getByRole('button', { name: '高拍仪拍照' }).click();
      const dialog = cameraDialog(page);
      await expect.poll(() => dialog.getByRole('status').innerText(), { timeout: 10_000 }).toBe('已连接：模拟高拍仪');
      // The stream: the preview changes picture as frames arrive.
      const first = await frameSrc(dialog);
      await expect.poll(() => frameSrc(dialog), { timeout: 5_000 }).not.toBe(first);
      // Keyboard: the dialog keeps focus and starts on 拍照.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('拍照');

      await dialog.getByRole('button', { name: '保存' }).click();
      await expect.poll(() => alertIn(dialog).innerText()).toBe('请先拍照再保存！');
      await shot(page, 'save-without-photo');

      await dialog.getByRole('button', { name: '拍照' }).click();
      await expect.poll(() => dialog.getByRole('img', { name: /^照片 1/ }).count(), { timeout: 5_000 }).toBe(1);
      await dialog.getByRole('button', { name: '拍照' }).press('Enter');
      await expect.poll(() => dialog.getByRole('img', { name: /^照片 2/ }).count(), { timeout: 5_000 }).toBe(1);
      // Photo 2 turned a quarter clockwise in the dialog; the camera view turned too (the device's own rotation).
      await dialog.getByRole('button', { name: '向右旋转照片 2' }).click();
      await expect.poll(() => dialog.getByRole('img', { name: '照片 2（已旋转 90°）' }).count()).toBe(1);
      await dialog.getByRole('button', { name: '右转' }).click();
      await expect.poll(() => camera.received.some((c) => c.cmd === 'rotate' && c.degrees === 90), { timeout: 5_000 }).toBe(true);
      await expect
        .poll(() => dialog.getByRole('img', { name: '高拍仪实时画面' }).evaluate((img: HTMLImageElement) => img.naturalHeight > img.naturalWidth), {
          timeout: 5_000,
        })
        .toBe(true);
      await shot(page, 'dialog');
      expect(await seriousViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: '保存' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      // Both photos uploaded and shown as thumbnails of the field, in the order taken.
      const thumbs = photosField(page).getByRole('img', { name: /^相关材料照片 \d$/ });
      await expect.poll(() => thumbs.count(), { timeout: 10_000 }).toBe(2);
      await expect.poll(() => thumbs.evaluateAll((imgs: HTMLImageElement[]) => imgs.every((i) => i.complete && i.naturalWidth > 0))).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('高拍仪拍照');
      await photosField(page).scrollIntoViewIfNeeded();
      await shot(page, 'field');
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: '提交意向' }).click();
      await expect.poll(() => page.getByText('提交成功').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      const row = await chromium.portal.db
        .selectFrom('intent')
        .innerJoin('appUser', 'appUser.userId', 'intent.userId')
        .select(['intent.attachments', 'intent.projectname'])
        .where('appUser.phone', '=', DEMO_PHONES[0])
        .orderBy('intent.id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.projectname).toBe('千岛湖镇某村集体林地经营权');
      expect(row.attachments).toHaveLength(2);
      const pictures: PNG[] = [];
      for (const url of row.attachments) {
        expect(url).toMatch(/^\/image-api\/upload\/.+\.png$/);
        const served = await fetch(new URL(url, chromium.portal.url));
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/png');
        pictures.push(pngOf(Buffer.from(await served.arrayBuffer())));
      }
      // Photo 1 as captured (32×24, dark mark top left); photo 2 turned clockwise: 24×32, the mark now top right.
      expect([pictures[0].width, pictures[0].height]).toEqual([32, 24]);
      expect([pictures[1].width, pictures[1].height]).toEqual([24, 32]);
      const dark = (p: PNG, x: number, y: number) => p.data[(y * p.width + x) * 4] < 60;
      expect([dark(pictures[0], 2, 2), dark(pictures[0], 29, 2)]).toEqual([true, false]);
      expect([dark(pictures[1], 21, 2), dark(pictures[1], 2, 2)]).toEqual([true, false]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('a full-resolution capture over the 2 MB limit is shrunk to fit and uploaded, not refused', async () => {
    const { page, errors } = await turnOutPage();
    camera.setCaptureSize({ width: 2000, height: 1500 });
    try {
      await photosField(page).getByRole('button', { name: '高拍仪拍照' }).click();
      const dialog = cameraDialog(page);
      await expect.poll(() => dialog.getByRole('status').innerText(), { timeout: 10_000 }).toBe('已连接：模拟高拍仪');
      await dialog.getByRole('button', { name: '拍照' }).click();
      await expect.poll(() => dialog.getByRole('img', { name: /^照片 1/ }).count(), { timeout: 15_000 }).toBe(1);
      const photo = dialog.getByRole('img', { name: /^照片 1/ });
      const captured = await photo.getAttribute('src');
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const [capturedWidth, capturedHeight] = await photo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
      // What the device sent is a PNG well over the limit.
      expect(Buffer.from(captured!.split(',')[1], 'base64').length).toBeGreaterThan(2 * 1024 * 1024);

      await dialog.getByRole('button', { name: '保存' }).click();
      const thumbs = photosField(page).getByRole('img', { name: /^相关材料照片 \d$/ });
      await expect.poll(() => thumbs.count(), { timeout: 20_000 }).toBe(1);
      expect(await alertIn(photosField(page)).count()).toBe(0);
      const url = await thumbs.first().getAttribute('src');
      expect(url).toMatch(/^\/image-api\/upload\/.+\.jpg$/);
      const served = await fetch(new URL(url!, chromium.portal.url));
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect((await served.arrayBuffer()).byteLength).toBeLessThanOrEqual(2 * 1024 * 1024);
      // Still the whole page, in its proportions (the device may be turned: 2000×1500 or 1500×2000).
      await expect.poll(() => thumbs.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const [width, height] = await thumbs.first().evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(500);
      expect(width / height).toBeCloseTo(capturedWidth / capturedHeight, 2);
      expect(width).toBeLessThanOrEqual(capturedWidth);
      expect(errors).toEqual([]);
    } finally {
      camera.setCaptureSize(null);
      await page.context().close();
    }
  });

  it('says 高拍仪设备已断开 when the device drops and the plugin message without the service; files instead, a cut upload retried, 20 at most', async () => {
    const { page, errors } = await turnOutPage();
    try {
      await photosField(page).getByRole('button', { name: '高拍仪拍照' }).click();
      const dialog = cameraDialog(page);
      await expect.poll(() => dialog.getByRole('status').innerText(), { timeout: 10_000 }).toBe('已连接：模拟高拍仪');
      camera.unplug();
      await expect.poll(() => alertIn(dialog).innerText(), { timeout: 5_000 }).toBe('高拍仪设备已断开');
      camera.plug();
      await dialog.getByRole('button', { name: '取消' }).click();
      await expect.poll(() => dialog.count()).toBe(0);

      await camera.close();
      await photosField(page).getByRole('button', { name: '高拍仪拍照' }).press('Enter');
      await expect
        .poll(() => alertIn(dialog).innerText(), { timeout: 10_000 })
        .toBe('您是否已安装高拍仪插件，如果没安装请安装插件；如果已安装请重启高拍仪并刷新页面后重试');
      expect(await dialog.getByRole('status').innerText()).toBe('高拍仪未连接');
      // The tools do nothing now: focus is on 重新连接.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('重新连接');
      await shot(page, 'plugin-missing');
      expect(await seriousViolations(page)).toEqual([]);
      // Esc closes it; the file picker remains the way in without a camera.
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('高拍仪拍照');
      const field = photosField(page);
      const picker = field.locator('input[type=file]');
      await picker.setInputFiles({ name: '动图.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a;', 'latin1') });
      await expect.poll(() => alertIn(field).innerText()).toBe('文件格式不正确, 请上传png/jpg/jpeg图片格式文件!');

      // Two files; the first one's upload is cut off on the way: it says so and offers 重试, the other one is kept.
      let cut = false;
      await page.route('**/prod-api/common/upload', (route) => (cut ? route.continue() : ((cut = true), route.abort('connectionreset'))));
      await picker.setInputFiles([
        { name: '权属证明.png', mimeType: 'image/png', buffer: pngBytes(40, 30, 1) },
        { name: '身份证.png', mimeType: 'image/png', buffer: pngBytes(30, 20, 2) },
      ]);
      const thumbs = field.getByRole('img', { name: /^相关材料照片 \d+$/ });
      await expect.poll(() => alertIn(field).allTextContents(), { timeout: 10_000 }).toContain('权属证明.png：上传图片失败，请重试');
      await expect.poll(() => thumbs.count(), { timeout: 10_000 }).toBe(1);
      await shot(page, 'upload-failed');
      expect(await seriousViolations(page)).toEqual([]);
      await field.getByRole('button', { name: '重试上传权属证明.png' }).click();
      await expect.poll(() => thumbs.count(), { timeout: 10_000 }).toBe(2);
      expect(await alertIn(field).count()).toBe(0);
      await field.getByRole('button', { name: '删除相关材料照片 1' }).click();
      await expect.poll(() => thumbs.count()).toBe(1);

      // The schema's maxItems (20) is a hard limit for files and the camera alike.
      const files = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `材料${i + 1}.png`, mimeType: 'image/png', buffer: pngBytes(8, 8, i + 3) }));
      await picker.setInputFiles(files(20));
      await expect.poll(() => alertIn(field).innerText()).toBe('上传文件数量不能超过 20 个!');
      await picker.setInputFiles(files(19));
      await expect.poll(() => thumbs.count(), { timeout: 20_000 }).toBe(20);
      expect(await field.getByText('已添加 20 / 20 张').count()).toBe(1);
      await field.getByRole('button', { name: '高拍仪拍照' }).click();
      await expect.poll(() => alertIn(field).innerText()).toBe('上传文件数量不能超过 20 个!');
      expect(await dialog.count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
