// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultBlocks } from '../../../blocks/index.js';
import { createSiteData } from '../../../engine/http/index.js';
import { PortalApp } from '../../../engine/react/index.js';
import { createBlockRegistry } from '../../../engine/runtime/block-registry.js';
import type { Region } from '../../../schemas/types/region.js';
import { clientFor } from '../http/client-setup.js';
import { startScriptedServer } from '../http/scripted-server.js';

// The engine in jsdom against a scripted HTTP server: routes from pages, conditions, and the loading / empty /
// error states it draws once for every block.
let failNext = 0;
let server: Awaited<ReturnType<typeof startScriptedServer>>;
beforeAll(async () => {
  server = await startScriptedServer((req) => {
    const number = (JSON.parse(req.body || '{}') as { number?: string }).number;
    if (number === 'flaky' && failNext > 0) {
      failNext--;
      return { status: 500, json: { code: 500, msg: '服务繁忙' } };
    }
    if (number === 'empty' || number === 'notices') return { delayMs: 10, json: { code: 200, data: { rows: [], total: 0 } } };
    return { delayMs: 30, json: { code: 200, data: { rows: [{ id: 1, title: `${number}的第一篇`, logintime: '2026-11-20 09:00:00' }], total: 1 } } };
  });
});
afterAll(() => server.close());
afterEach(cleanup);

const list = (title: string, number: string, extra: object = {}) => ({
  type: 'article-list' as const,
  props: { title, rows: 7, moreRoute: '/more', detailRoute: '/detail', ...extra },
  source: { call: 'newsList' as const, body: { number } },
});

const REGION = {
  id: 'test',
  cityName: '测试县',
  homeTitle: '农村产权交易平台',
  deptId: 330127,
  deptCode: '330127000000',
  lesseeId: 1,
  flags: { homeShowLogin: false },
  layout: { header: [{ type: 'app-qr', props: { image: '/qr.png', caption: '页头区块' } }], footer: [] },
  pages: {
    home: {
      route: '/',
      title: '首页',
      blocks: [
        list('政策法规', '002001'),
        list('暂无的栏目', 'empty'),
        { type: 'latest-notice', props: { title: '最新公告', emptyText: '暂无公告' }, source: { call: 'newsList', body: { number: 'notices' } } },
        list('时好时坏', 'flaky'),
        { type: 'login-box', when: 'flags.homeShowLogin', props: { title: '用户登录' } },
      ],
    },
    bare: { route: '/bare', title: '无页头', layout: { header: false, zoom: false }, blocks: [list('裸页', '003001')] },
    hidden: { route: '/hidden', title: '隐藏', when: 'flags.showBigData', blocks: [list('不该出现', '003001')] },
    // Validation refuses this; a deployment that skipped it still shows the carousel's empty state, not a blank frame.
    sourceless: { route: '/sourceless', title: '无数据来源', blocks: [{ type: 'news-carousel', props: { title: '图片新闻' } }] },
  },
} as unknown as Region;

/** The first draw also loads each block's module (transformed on demand under vitest): slow on a busy machine. */
const FIRST_DRAW = { timeout: 10_000 };

function renderPortal(hash: string, region: Region = REGION) {
  window.location.hash = hash;
  const c = clientFor(server.baseURL, { defaultDeptId: () => REGION.deptId });
  const siteData = createSiteData(c.client, {});
  render(<PortalApp region={region} registry={createBlockRegistry(defaultBlocks)} client={c.client} siteData={siteData} />);
  return c;
}

describe('the engine renders a region', () => {
  it('home: blocks in order, titled panels, loading then data, empty texts, and the document title', async () => {
    failNext = 0;
    renderPortal('#/');
    expect(screen.getAllByRole('status').some((el) => el.textContent?.includes('正在加载'))).toBe(true);
    await waitFor(() => expect(screen.getByText('002001的第一篇')).toBeTruthy(), FIRST_DRAW);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['政策法规', '暂无的栏目', '最新公告', '时好时坏']);
    await waitFor(() => expect(screen.getByText('暂无数据')).toBeTruthy());
    expect(screen.getByText('暂无公告')).toBeTruthy();
    expect(screen.getByText('页头区块')).toBeTruthy();
    expect(document.title).toBe('测试县农村产权交易平台');
    expect(document.querySelector('.tm-page')!.className).toContain('tm-zoom');
    // The detail link carries the id; the more link names its panel for screen readers.
    expect(screen.getByText('002001的第一篇').closest('a')!.getAttribute('href')).toBe('#/detail?id=1');
    expect(screen.getAllByRole('link', { name: '更多政策法规' })).toHaveLength(1);
  });

  it('a block that shows data but has no source says 暂无数据 in its titled panel', async () => {
    renderPortal('#/sourceless');
    await waitFor(() => expect(screen.getByText('暂无数据')).toBeTruthy(), FIRST_DRAW);
    expect(screen.getByRole('heading', { name: '图片新闻' })).toBeTruthy();
  });

  it('a block whose `when` fails is not rendered', async () => {
    renderPortal('#/');
    await waitFor(() => expect(screen.getByText('002001的第一篇')).toBeTruthy(), FIRST_DRAW);
    expect(screen.queryByText('用户登录')).toBeNull();
  });

  it('a failed source shows 数据加载失败 with 重新加载, which loads it again', async () => {
    failNext = 1;
    const c = renderPortal('#/');
    const retry = await screen.findByRole('button', { name: '重新加载' });
    expect(screen.getByText('数据加载失败')).toBeTruthy();
    expect(c.notifier.entries).toEqual([{ via: 'message', kind: 'error', text: '服务繁忙' }]);
    await act(async () => {
      fireEvent.click(retry);
    });
    await waitFor(() => expect(screen.getByText('flaky的第一篇')).toBeTruthy(), FIRST_DRAW);
    expect(screen.queryByText('数据加载失败')).toBeNull();
  });

  it('a page can turn the header and the zoom off', async () => {
    renderPortal('#/bare');
    await waitFor(() => expect(screen.getByText('003001的第一篇')).toBeTruthy(), FIRST_DRAW);
    expect(screen.queryByText('页头区块')).toBeNull();
    expect(document.querySelector('.tm-page')!.className).not.toContain('tm-zoom');
  });

  it('a page whose `when` fails has no route: the visitor gets 页面不存在, as for an unknown path', async () => {
    renderPortal('#/hidden');
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy();
    expect(screen.queryByText('不该出现')).toBeNull();
    cleanup();
    renderPortal('#/no/such/page');
    expect(await screen.findByRole('link', { name: '返回首页' })).toBeTruthy();
  });

  it('an unknown address keeps the shell and shows the notFound blocks; site-header `search: false` drops the header box', async () => {
    const shell = (headerProps: object) =>
      ({
        ...REGION,
        layout: {
          header: [{ type: 'site-header', props: headerProps }],
          footer: [{ type: 'app-qr', props: { image: '/qr.png', caption: '页脚区块' } }],
          notFound: [{ type: 'search-box', props: { intro: '找找看：' } }],
        },
      }) as unknown as Region;
    renderPortal('#/no/such?x=1', shell({}));
    expect(await screen.findByRole('heading', { level: 1, name: '页面不存在' })).toBeTruthy();
    expect(screen.getByText('/no/such?x=1')).toBeTruthy();
    expect(await screen.findByText('找找看：')).toBeTruthy();
    expect(await screen.findByText('页脚区块')).toBeTruthy();
    // The header's box and the page's own.
    await waitFor(() => expect(screen.getAllByRole('search').map((f) => f.getAttribute('aria-label'))).toEqual(['全站搜索', '全站搜索']));
    expect(screen.getByRole('button', { name: '检索' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('#/');
    cleanup();

    renderPortal('#/no/such', shell({ search: false }));
    expect(await screen.findByText('找找看：')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('登录')).toBeTruthy());
    expect(screen.getAllByRole('search')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '检索' })).toBeNull();
  });
});
