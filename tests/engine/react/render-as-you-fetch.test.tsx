// @vitest-environment jsdom
import type { IncomingMessage } from 'node:http';
import type { ReactElement } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSiteData, firstViewAnswers, startAnswered } from '../../../engine/http/index.js';
import { PortalApp } from '../../../engine/react/index.js';
import { createBlockRegistry, type BlockComponentProps } from '../../../engine/runtime/block-registry.js';
import type { ReactBlockDefinition } from '../../../engine/react/block-types.js';
import { SourcePrefetch } from '../../../engine/runtime/source-prefetch.js';
import { loadBlock } from '../../../engine/react/BlockView.js';
import { firstPageSources } from '../../../engine/runtime/page-sources.js';
import { loadSource } from '../../../engine/react/useSource.js';
import { SourceContent } from '../../../engine/react/SourceContent.js';
import type { BlockSource } from '../../../engine/runtime/source.js';
import { defaultBlocks } from '../../../blocks/index.js';
import type { Region } from '../../../schemas/types/region.js';
import { clientFor } from '../http/client-setup.js';
import { startSeededServer } from '../http/real-server.js';

// Render-as-you-fetch, in jsdom against the real server over the demo seed: as the home route resolves, the engine
// starts the data of every block and the code of every block type at once; the blocks then render from those
// requests. Each block's chunk here is a promise the test settles, so what starts before any code has come is seen.
let server: Awaited<ReturnType<typeof startSeededServer>>;
const arrivals: string[] = [];
beforeAll(async () => {
  server = await startSeededServer();
  // Every request the server receives, as it arrives (the real server, its own port).
  server.app.server.on('request', (req: IncomingMessage) => arrivals.push(req.url ?? ''));
});
afterAll(() => server.close());
afterEach(cleanup);

interface Chunk {
  definition: ReactBlockDefinition;
  calls: number;
  resolve: () => void;
}

/** A block type whose code arrives when the test says: it draws its name and how many rows its data has. */
function chunk(type: string): Chunk {
  let resolve = () => {};
  const loaded = new Promise<{ default: (props: BlockComponentProps) => ReactElement }>((done) => {
    resolve = () =>
      done({
        default: ({ data }: BlockComponentProps) => <p>{`${type} 已显示 ${((data as { rows?: unknown[] } | undefined)?.rows ?? []).length} 条`}</p>,
      });
  });
  const c: Chunk = {
    calls: 0,
    resolve: () => resolve(),
    definition: {
      type,
      load: () => {
        c.calls++;
        return loaded;
      },
    },
  };
  return c;
}

const REGION = {
  id: 'test',
  cityName: '测试县',
  homeTitle: '农村产权交易平台',
  deptId: 330127,
  deptCode: '330127000000',
  lesseeId: 102,
  flags: {},
  layout: { header: [{ type: 't-head' }], footer: [] },
  pages: {
    home: {
      route: '/',
      title: '首页',
      blocks: [
        { type: 't-carousel', source: { call: 'newsList', body: { number: '010', pageNum: 1, pageSize: 4 } } },
        { type: 't-news', source: { call: 'newsList', body: { number: '001017', pageNum: 1, pageSize: 7 } } },
        { type: 't-policies', source: { siteData: 'zhengcefagui' } },
      ],
    },
  },
} as unknown as Region;

const apiCalls = () => arrivals.filter((url) => url.includes('/api/'));

/** The test region's home as the app's entry starts it before React renders: each source's own request, under way. */
function startTestHome() {
  const c = clientFor(server.baseURL, { defaultDeptId: () => REGION.deptId, adapter: 'http' });
  const siteData = createSiteData(c.client, { zhengcefagui: { call: 'newsList', body: { number: '002001', pageNum: 1, pageSize: 7 } } });
  arrivals.length = 0;
  const prefetch = new SourcePrefetch();
  const home = firstPageSources(REGION, '#/', { loggedIn: false })!;
  prefetch.startPage(home.sources.map(({ key, resolved }) => ({ key, start: () => loadSource(resolved, c.client, siteData) })));
  return { c, siteData, prefetch, home };
}

describe('render-as-you-fetch', () => {
  it('starts every block chunk and every source of the page at once, and the blocks render from those requests', async () => {
    const chunks = ['t-head', 't-carousel', 't-news', 't-policies'].map(chunk);
    const c = clientFor(server.baseURL, { defaultDeptId: () => REGION.deptId, adapter: 'http' });
    const siteData = createSiteData(c.client, { zhengcefagui: { call: 'newsList', body: { number: '002001', pageNum: 1, pageSize: 7 } } });
    arrivals.length = 0;
    window.location.hash = '#/';
    render(<PortalApp region={REGION} registry={createBlockRegistry(chunks.map((k) => k.definition))} client={c.client} siteData={siteData} />);

    // The route has resolved and drawn: every block's code is already asked for, before any data has come.
    expect(chunks.map((k) => [k.definition.type, k.calls])).toEqual([
      ['t-head', 1],
      ['t-carousel', 1],
      ['t-news', 1],
      ['t-policies', 1],
    ]);
    // All three sources reach the server while no block's code has arrived.
    await waitFor(() => expect(apiCalls()).toHaveLength(3));
    expect(screen.queryByText(/已显示/)).toBeNull();

    await act(async () => {
      for (const k of chunks) k.resolve();
    });
    for (const type of ['t-carousel', 't-news', 't-policies']) expect(await screen.findByText(new RegExp(`^${type} 已显示 [1-9]\\d* 条$`))).toBeTruthy();
    expect(await screen.findByText('t-head 已显示 0 条')).toBeTruthy();
    // Each source was asked once: the blocks took the page's requests rather than start their own.
    expect(apiCalls()).toHaveLength(3);
    expect(chunks.every((k) => k.calls === 1)).toBe(true);
  });
});

describe('the first page’s data, started before React renders', () => {
  it('finds the page an address opens and the sources it shows; the page then takes those requests, none twice', async () => {
    const region = {
      ...REGION,
      layout: { header: [{ type: 't-head', source: { call: 'newsList', body: { number: '001017', pageNum: 1, pageSize: 3 } } }], footer: [] },
      pages: {
        ...REGION.pages,
        detail: {
          route: '/news/detail',
          title: '详情',
          blocks: [
            { type: 't-news', source: { call: 'newsDetail', body: { id: { $from: 'query.id' } } } },
            { type: 't-policies', when: { path: 'session.loggedIn', equals: true }, source: { siteData: 'zhengcefagui' } },
          ],
        },
        board: { route: '/board', title: '大屏', layout: { header: false }, blocks: [{ type: 't-news', source: { siteData: 'zhengcefagui' } }] },
      },
    } as unknown as Region;
    const detail = firstPageSources(region, '#/news/detail?id=7', { loggedIn: false })!;
    expect(detail.route.pageId).toBe('detail');
    // The header's source, then the page's with the address's id; the logged-in block is not the visitor's.
    expect(detail.sources.map((s) => s.resolved)).toMatchObject([
      { kind: 'call', call: 'newsList' },
      { kind: 'call', call: 'newsDetail', body: { id: '7' } },
    ]);
    expect(firstPageSources(region, '#/news/detail?id=7', { loggedIn: true })!.sources).toHaveLength(3);
    // A page without the header shows none of its sources; an address no page has starts nothing.
    expect(firstPageSources(region, '#/board', { loggedIn: false })!.sources.map((s) => s.resolved)).toMatchObject([{ kind: 'siteData', key: 'zhengcefagui' }]);
    expect(firstPageSources(region, '#/nowhere', { loggedIn: false })).toBeUndefined();

    // The home's sources started before rendering; the app renders with them and asks the server nothing more.
    const chunks = ['t-head', 't-carousel', 't-news', 't-policies'].map(chunk);
    for (const k of chunks) k.resolve();
    const { c, siteData, prefetch } = startTestHome();
    await waitFor(() => expect(apiCalls()).toHaveLength(3));
    window.location.hash = '#/';
    render(
      <PortalApp region={REGION} registry={createBlockRegistry(chunks.map((k) => k.definition))} client={c.client} siteData={siteData} prefetch={prefetch} />,
    );
    for (const type of ['t-carousel', 't-news', 't-policies']) expect(await screen.findByText(new RegExp(`^${type} 已显示 [1-9]\\d* 条$`))).toBeTruthy();
    expect(apiCalls()).toHaveLength(3);
  });
});

describe('the first view’s answers (index.html’s one request)', () => {
  /** 淳安's home as the app's entry starts it: each source from the answers, else by its own request. */
  async function startHome(early: unknown, deptId: string, waitMs?: number) {
    const chunan = server.app.ctx.regions.forRequest(undefined, 'chunan')!;
    const c = clientFor(server.baseURL, { defaultDeptId: () => chunan.deptId, adapter: 'http' });
    const siteData = createSiteData(c.client, chunan.siteData ?? {});
    const registry = createBlockRegistry(defaultBlocks);
    const home = firstPageSources(chunan, '#/', { loggedIn: false }, (type) => registry.get(type))!;
    const answers = firstViewAnswers(early, waitMs);
    arrivals.length = 0;
    const prefetch = new SourcePrefetch();
    prefetch.startPage(
      home.sources.map(({ key, resolved }) => ({
        key,
        start: () => startAnswered(answers, key, resolved, deptId, { client: c.client, siteData, ask: () => loadSource(resolved, c.client, siteData) }),
      })),
    );
    const keys = [...new Set(home.sources.map((s) => s.key))];
    const data = await Promise.all(keys.map((key) => prefetch.take(key)));
    return { chunan, keys, data, client: c.client, siteData, home };
  }
  const answersURL = () => `${server.baseURL}/portal/first-view?region=chunan&hash=${encodeURIComponent('#/')}`;

  it('the home’s sources come from them: no request of the page’s own, and the same data its requests give', async () => {
    const early = fetch(answersURL()).then((r) => r.json());
    await early;
    const { keys, data, client, siteData, home } = await startHome(early, '330127');
    expect(keys.length).toBeGreaterThanOrEqual(12);
    expect(apiCalls()).toEqual([]);
    // What each block gets equals what its own request gives (the client's rules applied to both).
    for (const [i, key] of keys.entries()) {
      const resolved = home.sources.find((s) => s.key === key)!.resolved;
      siteData.reset();
      expect(data[i], key).toEqual(await loadSource(resolved, client, siteData));
    }
  });

  it('answers for another place, a failed or refused request, or one that does not come in time: each block asks for its own', async () => {
    const early = fetch(answersURL()).then((r) => r.json());
    await early;
    const other = await startHome(early, '330127001');
    expect(apiCalls()).toHaveLength(other.keys.length);
    const failed = await startHome(Promise.reject(new Error('Failed to fetch')), '330127');
    expect(apiCalls()).toHaveLength(failed.keys.length);
    const refused = await startHome(Promise.resolve({ code: 500, msg: '服务繁忙' }), '330127');
    expect(apiCalls()).toHaveLength(refused.keys.length);
    const stuck = await startHome(new Promise(() => {}), '330127', 50);
    expect(apiCalls()).toHaveLength(stuck.keys.length);
    expect(stuck.data.every((d) => d !== undefined)).toBe(true);
  });
});

describe('data that came before its block mounted', () => {
  it('is drawn in the block’s first frame, with no loading state and no second request', async () => {
    const chunks = ['t-head', 't-carousel', 't-news', 't-policies'].map(chunk);
    for (const k of chunks) k.resolve();
    // The code is in (fetched with the page) and the page's requests have settled before React renders.
    await Promise.all(chunks.map((k) => loadBlock(k.definition)));
    const { c, siteData, prefetch, home } = startTestHome();
    await waitFor(() => expect(home.sources.map((s) => prefetch.peek(s.key)?.ok)).toEqual([true, true, true]));
    window.location.hash = '#/';
    render(
      <PortalApp region={REGION} registry={createBlockRegistry(chunks.map((k) => k.definition))} client={c.client} siteData={siteData} prefetch={prefetch} />,
    );
    // The first commit, before any promise callback could run: every block already shows its rows.
    expect(document.querySelector('.tm-status--loading')).toBeNull();
    for (const type of ['t-carousel', 't-news', 't-policies']) expect(screen.getByText(new RegExp(`^${type} 已显示 [1-9]\\d* 条$`))).toBeTruthy();
    // Each block counted as the request's reader: none is left for a later block, none was asked twice.
    expect(prefetch.pending()).toEqual([]);
    expect(apiCalls()).toHaveLength(3);
  });
});

describe('block code', () => {
  it('a type whose code is in draws in the first frame of the next page, with no loading state between', async () => {
    const head = chunk('t-head');
    head.resolve();
    const c = clientFor(server.baseURL, { defaultDeptId: () => REGION.deptId, adapter: 'http' });
    const region = { ...REGION, pages: { home: { route: '/', title: '首页', blocks: [] } } } as unknown as Region;
    const registry = createBlockRegistry([head.definition]);
    window.location.hash = '#/';
    render(<PortalApp region={region} registry={registry} client={c.client} siteData={createSiteData(c.client, {})} />);
    expect(await screen.findByText('t-head 已显示 0 条')).toBeTruthy();
    cleanup();
    // The same registry on a new page: drawn at once, not a loading frame first (React.lazy behind Suspense would
    // show its fallback and then hold the content back by its reveal throttle).
    render(<PortalApp region={region} registry={registry} client={c.client} siteData={createSiteData(c.client, {})} />);
    expect(screen.getByText('t-head 已显示 0 条')).toBeTruthy();
    expect(head.calls).toBe(1);
  });

  it('a block whose code fails to load says so in its place, and the rest of the page stands', async () => {
    const good = chunk('t-head');
    good.resolve();
    const broken: ReactBlockDefinition = { type: 't-broken', load: () => Promise.reject(new Error('Failed to fetch dynamically imported module')) };
    const c = clientFor(server.baseURL, { defaultDeptId: () => REGION.deptId, adapter: 'http' });
    const region = { ...REGION, pages: { home: { route: '/', title: '首页', blocks: [{ type: 't-broken' }] } } } as unknown as Region;
    window.location.hash = '#/';
    render(<PortalApp region={region} registry={createBlockRegistry([good.definition, broken])} client={c.client} siteData={createSiteData(c.client, {})} />);
    expect(await screen.findByText('此栏目暂时无法显示，请刷新页面后重试')).toBeTruthy();
    expect(screen.getByText('t-head 已显示 0 条')).toBeTruthy();
  });
});

describe('SourcePrefetch', () => {
  it('serves the blocks mounted while a request runs, and the first after it settled; then a block asks anew', async () => {
    const prefetch = new SourcePrefetch();
    let started = 0;
    const start = () => {
      started++;
      return Promise.resolve(started);
    };
    prefetch.startPage([{ key: 'a', start }]);
    prefetch.startPage([{ key: 'a', start }]);
    expect(started).toBe(1);
    const first = prefetch.take('a');
    const second = prefetch.take('a');
    expect(first).toBe(second);
    expect(await first).toBe(1);
    expect(prefetch.take('a')).toBeUndefined();
    // Settled before anyone asked: the first to ask gets it, once.
    prefetch.startPage([{ key: 'b', start }]);
    await Promise.resolve();
    await Promise.resolve();
    expect(await prefetch.take('b')).toBe(2);
    expect(prefetch.take('b')).toBeUndefined();
  });

  it('a key two blocks read serves both after it settled, then a third block asks anew', async () => {
    const prefetch = new SourcePrefetch();
    let started = 0;
    const start = () => Promise.resolve(++started);
    // As pageSources lists it: the nav's drop-down and the project search both read the same categories.
    prefetch.startPage([
      { key: 'categories', start },
      { key: 'news', start },
      { key: 'categories', start },
    ]);
    expect(started).toBe(2);
    await Promise.resolve();
    await Promise.resolve();
    const nav = prefetch.take('categories');
    const search = prefetch.take('categories');
    expect(nav).toBeDefined();
    expect(search).toBe(nav);
    expect(await search).toBe(1);
    expect(prefetch.take('categories')).toBeUndefined();
    expect(prefetch.pending()).toEqual(['news']);
  });

  it('a new page drops what the last one started and nobody took; a failure nobody took is not unhandled', async () => {
    const prefetch = new SourcePrefetch();
    prefetch.startPage([{ key: 'old', start: () => Promise.reject(new Error('服务繁忙')) }]);
    prefetch.startPage([{ key: 'new', start: () => Promise.resolve(1) }]);
    expect(prefetch.pending()).toEqual(['new']);
    prefetch.forget('new');
    expect(prefetch.take('new')).toBeUndefined();
  });
});

describe('a block’s own sources (a tab’s list, a menu’s places)', () => {
  it('start with the page’s, before the block’s code has come; the block then reads them without asking again', async () => {
    const tabSource = { call: 'newsList', body: { number: '003001', pageNum: 1, pageSize: 5 } } as const;
    let resolve = () => {};
    let calls = 0;
    const loaded = new Promise<{ default: (props: BlockComponentProps) => ReactElement }>((done) => {
      resolve = () =>
        done({
          default: ({ props }: BlockComponentProps) => (
            <SourceContent source={(props.tabs as Array<{ source: BlockSource }>)[0].source}>
              {(data) => <p>{`第一个标签 ${((data as { rows?: unknown[] }).rows ?? []).length} 条`}</p>}
            </SourceContent>
          ),
        });
    });
    const tabs: ReactBlockDefinition = {
      type: 't-tabs',
      load: () => {
        calls++;
        return loaded;
      },
      // As intent-tabs declares it: the first tab is the one shown first.
      sources: ({ props }) => [(props.tabs as Array<{ source: BlockSource }>)[0].source],
    };
    const region = {
      ...REGION,
      layout: { header: [], footer: [] },
      pages: {
        home: {
          route: '/',
          title: '首页',
          blocks: [
            {
              type: 't-tabs',
              props: {
                tabs: [
                  { title: '公告', source: tabSource },
                  { title: '鉴证书', source: { call: 'attest', body: {} } },
                ],
              },
            },
          ],
        },
      },
    } as unknown as Region;
    const registry = createBlockRegistry([tabs]);
    const first = firstPageSources(region, '#/', { loggedIn: false }, (type) => registry.get(type))!;
    expect(first.sources.map((s) => s.resolved)).toMatchObject([{ kind: 'call', call: 'newsList', body: { number: '003001' } }]);
    // Without the block types (the server's look at a page), only the entries' own sources.
    expect(firstPageSources(region, '#/', { loggedIn: false })!.sources).toEqual([]);

    const c = clientFor(server.baseURL, { defaultDeptId: () => REGION.deptId, adapter: 'http' });
    arrivals.length = 0;
    window.location.hash = '#/';
    render(<PortalApp region={region} registry={registry} client={c.client} siteData={createSiteData(c.client, {})} />);
    // The page asked for the tab's list while the block's code is still on its way.
    await waitFor(() => expect(apiCalls()).toHaveLength(1));
    expect(calls).toBe(1);
    await act(async () => resolve());
    expect(await screen.findByText(/^第一个标签 [1-9]\d* 条$/)).toBeTruthy();
    expect(apiCalls()).toHaveLength(1);
  });

  it('the built-in blocks name theirs: the nav’s drop-downs shown, the first tab of intent-tabs, the search form’s lists', () => {
    const registry = createBlockRegistry(defaultBlocks);
    const sourcesOf = (type: string, props: Record<string, unknown>, region: Record<string, unknown>, loggedIn = false) =>
      registry.get(type)!.sources!({ props, region, holds: (when) => !when || (when as { equals: boolean }).equals === loggedIn });
    const tabList = [
      { name: '首页', router: '/' },
      { name: '区域导航', type: 'area' },
      { name: '供应', type: 'supply' },
      { name: '招标', type: 'tender', when: { path: 'session.loggedIn', equals: true } },
    ];
    expect(sourcesOf('main-nav', {}, { tabList, deptId: 1 })).toEqual([
      { call: 'townList', query: { maxLevel: 4, includeSelf: true }, deptId: { $from: 'region.deptId' } },
      { call: 'categoriesByType', query: { type: 2 } },
    ]);
    expect(sourcesOf('main-nav', { areaDropdown: false }, { tabList }, true)).toEqual([
      { call: 'categoriesByType', query: { type: 2 } },
      { call: 'categoriesByType', query: { type: 1 } },
    ]);
    expect(
      sourcesOf(
        'intent-tabs',
        {
          tabs: [
            { title: '甲', source: { siteData: 'gongshigonggao' } },
            { title: '乙', source: { call: 'attest' } },
          ],
        },
        {},
      ),
    ).toEqual([{ siteData: 'gongshigonggao' }]);
    expect(sourcesOf('project-search', { projectType: 3 }, {})).toEqual([
      { call: 'townList', query: { maxLevel: 5, includeSelf: true } },
      { call: 'categoriesByType', query: { type: 3 } },
    ]);
  });
});
