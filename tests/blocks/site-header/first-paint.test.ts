import { describe, expect, it } from 'vitest';
import { firstPaintHtml } from '../../../engine/runtime/first-paint.js';
import type { Region } from '../../../schemas/types/region.js';
import { defaultBlocks } from '../../../blocks/index.js';
import { siteHeaderFirstPaint } from '../../../blocks/site-header/first-paint.js';

const byType = new Map(defaultBlocks.map((d) => [d.type, d]));
const definition = (type: string) => byType.get(type);
const region = (extra: Record<string, unknown> = {}) =>
  ({
    id: 't',
    cityName: '测试县',
    homeTitle: '测试县农村产权交易平台',
    deptId: 1,
    homeBackImg: '/image-api/demo/landscape-18.png',
    flags: {},
    layout: { header: [{ type: 'site-header' }, { type: 'main-nav' }] },
    pages: {},
    ...extra,
  }) as unknown as Region;

describe('the site header first paint', () => {
  it('draws the title and the picture under the veil, every value escaped', () => {
    const html = siteHeaderFirstPaint({ props: {}, region: { cityName: '<b>县', homeTitle: '"平台"&<script>', homeBackImg: '/x/图.png?w=1&h=2' } });
    expect(html).toContain('<span class="tm-header__title">&#60;b&#62;县&#34;平台&#34;&#38;&#60;script&#62;</span>');
    expect(html).not.toMatch(/<script|<b>/);
    expect(html).toContain(
      ' style="background-image: linear-gradient(rgba(8, 74, 46, 0.82), rgba(8, 74, 46, 0.7)), url(&#34;/x/%E5%9B%BE.png?w=1&#38;h=2&#34;)"',
    );
  });

  it('leaves out a picture the URL policy refuses, and shows the region’s second heading', () => {
    const html = siteHeaderFirstPaint({
      props: {},
      region: {
        cityName: '信阳市',
        homeTitle: '信阳市农村产权交易平台',
        homeBackImg: 'javascript:alert(1)',
        doubletitleText: '信阳市农村综合产权交易中心',
        flags: { doubletitle: true },
      },
    });
    expect(html).not.toContain('style=');
    expect(html).toContain('<span class="tm-header__subtitle">信阳市农村综合产权交易中心</span>');
  });
});

describe('firstPaintHtml', () => {
  it('frames the header blocks that can draw themselves as PageView does, up to the first that cannot', () => {
    const { html, painted } = firstPaintHtml(region(), definition);
    expect(painted.map((e) => e.type)).toEqual(['site-header']);
    expect(html).toMatch(/^<div class="tm-page tm-zoom tm-first-paint">/);
    expect(html).toContain(
      '<header class="tm-site-header"><div class="tm-cell tm-w-full"><div class="tm-block tm-block--site-header" data-block="site-header">',
    );
    // main-nav has no first paint: it ends there.
    expect(html).not.toContain('main-nav');
  });

  it('is empty when the first header block cannot be drawn, or only shows to a logged-in visitor', () => {
    expect(firstPaintHtml(region({ layout: { header: [{ type: 'main-nav' }, { type: 'site-header' }] } }), definition).html).toBe('');
    expect(firstPaintHtml(region({ layout: { header: [{ type: 'site-header', when: { path: 'session.loggedIn', equals: true } }] } }), definition).html).toBe(
      '',
    );
    expect(firstPaintHtml(region({ layout: {} }), definition).html).toBe('');
  });
});
