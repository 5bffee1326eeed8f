import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/index.js';
import { hashPassword } from '../../server/services/passwords.js';
import { docxOf } from '../server/zip-writer.js';
import { SCREENSHOT_DIR, seriousViolations, settled, withPortalInChromium } from './portal-harness.js';

// The article and project editors in Chromium: a 资料下载 article carries a Word document a visitor downloads under its
// Chinese name; the project form lists categories by type, the staff member's own places only, and 公示开始.
const chromium = withPortalInChromium();
const STAFF = '13900000041';
const DOC_NAME = '土地流转申请表（2026版）.docx';
const DOCX = docxOf('土地流转申请表');

/** A staff account of a town of 淳安县, whose places are that town and its villages only. */
async function townStaff(): Promise<{ deptId: number; deptName: string }> {
  const { db } = chromium.portal;
  const county = await db.selectFrom('place').select('deptId').where('deptName', '=', '淳安县').executeTakeFirstOrThrow();
  const town = await db.selectFrom('place').select(['deptId', 'deptName']).where('parentId', '=', county.deptId).orderBy('deptId').executeTakeFirstOrThrow();
  await db
    .insertInto('appUser')
    .values({ phone: STAFF, passwordHash: await hashPassword(DEMO_PASSWORD), name: '镇工作人员', role: 'staff', deptId: town.deptId })
    .onConflict((oc) => oc.column('phone').doNothing())
    .execute();
  return town;
}

describe('the article and project editors', () => {
  it('a 资料下载 article carries a .docx (an .exe renamed is refused); published, the visitor downloads it under its name', async () => {
    const town = await townStaff();
    const { page, errors } = await chromium.openLoggedIn(STAFF, { route: '/admin/articles/edit', until: 'loaded' });
    try {
      await expect.poll(() => page.locator('.tm-form-block__title', { hasText: '编辑文章' }).count(), { timeout: 15_000 }).toBe(1);
      // The place picker offers the town and the places under it, never the county or another town.
      const place = page.getByLabel(/^\*?所属地点$/);
      await expect.poll(() => place.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
      const offered = await place.locator('option').allInnerTexts();
      expect(offered[1]).toBe(town.deptName);
      expect(offered.some((o) => o.includes('淳安县'))).toBe(false);

      const title = `土地流转申请表下载${Date.now() % 100000}`;
      await page.getByLabel('栏目').selectOption({ label: '资料下载' });
      await page.getByLabel(/^\*?标题$/).fill(title);
      const picker = page.getByLabel('选择附件文件');
      await picker.setInputFiles({ name: '申请表.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00 not a document', 'latin1') });
      await expect.poll(() => page.getByRole('status').filter({ hasText: '不是可接受的格式' }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(
        await page.getByRole('status').filter({ hasText: '仅支持上传 PDF、Word（.doc/.docx）、Excel（.xls/.xlsx）或 ZIP 压缩包文件' }).count(),
      ).toBeGreaterThan(0);

      await picker.setInputFiles({ name: DOC_NAME, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: DOCX });
      const field = page.getByRole('group', { name: '附件' });
      await expect.poll(() => field.getByRole('link', { name: DOC_NAME }).count(), { timeout: 10_000 }).toBe(1);
      expect(await field.innerText()).toContain('Word 文档');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-article-attachment.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: '保存' }).click();

      const row = page.getByRole('row', { name: new RegExp(title) });
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      await row.getByRole('button', { name: new RegExp('^发布') }).click();
      await page.getByRole('dialog', { name: '发布' }).getByRole('button', { name: '确定发布' }).click();
      await expect.poll(() => row.getByRole('cell', { name: '已发布' }).count(), { timeout: 10_000 }).toBe(1);
      const { id } = await chromium.portal.db.selectFrom('article').select('id').where('title', '=', title).executeTakeFirstOrThrow();

      // A visitor (a fresh context, no login) reads the article and downloads the document.
      const visitor = await chromium.openPage({ route: `/dataDownload/detail?id=${id}`, until: 'loaded' });
      try {
        const list = visitor.page.getByRole('region', { name: '附件' });
        await expect.poll(() => list.getByRole('link', { name: DOC_NAME }).count(), { timeout: 10_000 }).toBe(1);
        expect(await list.innerText()).toMatch(/Word 文档，\d+(\.\d)? (B|KB)/);
        await visitor.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'article-attachment-download.png'), fullPage: true });
        expect(await seriousViolations(visitor.page)).toEqual([]);
        const [download] = await Promise.all([visitor.page.waitForEvent('download'), list.getByRole('link', { name: DOC_NAME }).click()]);
        expect(download.suggestedFilename()).toBe(DOC_NAME);
        const saved = await download.path();
        expect(fs.readFileSync(saved).equals(DOCX)).toBe(true);
        expect(visitor.errors).toEqual([]);
      } finally {
        await visitor.page.context().close();
      }
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it('the project form lists categories by the chosen type and has 公示开始; a news list shows covers with their titles', async () => {
    await townStaff();
    const { page, errors } = await chromium.openLoggedIn(STAFF, { route: '/admin/projects/edit', until: 'loaded' });
    try {
      await expect.poll(() => page.locator('.tm-form-block__title', { hasText: '编辑项目' }).count(), { timeout: 15_000 }).toBe(1);
      const category = page.getByLabel(/^\*?项目类别$/);
      await page.getByLabel(/^\*?项目类型$/).selectOption({ label: '产权转让' });
      await expect.poll(() => category.locator('option').count()).toBe(9);
      expect(await category.locator('option').allInnerTexts()).not.toContain('货物采购');
      await page.getByLabel(/^\*?项目类型$/).selectOption({ label: '招标采购' });
      await expect.poll(() => category.locator('option').allInnerTexts()).toEqual(['请选择', '工程建设招标', '货物采购', '服务采购']);
      await category.selectOption({ label: '货物采购' });
      await page.getByLabel(/^\*?项目类型$/).selectOption({ label: '需求' });
      await expect.poll(() => category.locator('option').allInnerTexts()).toEqual(['请选择', '土地流转需求', '资产租赁需求', '其他需求']);
      // A category of the other type is cleared, not kept out of sight.
      expect(await category.inputValue()).toBe('');
      expect(await page.getByLabel(/^\*?公示开始时间$/).count()).toBe(1);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-project-editor.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(chromium.url({ route: '/pressCenter' }), { waitUntil: 'load' });
      await settled(page, 'loaded');
      const thumbs = page.locator('img.tm-list__thumb');
      await expect.poll(() => thumbs.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      const first = page.locator('.tm-list__row--thumb').first();
      expect(await first.locator('img').getAttribute('alt')).toBe(await first.locator('.tm-list__title').innerText());
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'news-list-covers.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
