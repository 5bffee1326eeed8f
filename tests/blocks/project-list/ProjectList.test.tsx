// @vitest-environment jsdom
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultBlocks } from '../../../blocks/index.js';
import { DEFAULT_AREA_BRACKETS, filterFromQuery, listRequest, queryWith } from '../../../blocks/project-list/filters.js';
import { createSiteData } from '../../../engine/http/index.js';
import { PortalApp } from '../../../engine/react/index.js';
import { loadRegionCatalog } from '../../../engine/region-files/index.js';
import { createBlockRegistry } from '../../../engine/runtime/block-registry.js';
import { allStatuses } from '../../../machines/project-status-rules.js';
import type { ProjectCard } from '../../../schemas/types/api.js';
import type { Region } from '../../../schemas/types/region.js';
import { clientFor } from '../../engine/http/client-setup.js';
import { startSeededServer } from '../../engine/http/real-server.js';

// The trading projects screen in jsdom against the real server over seeded PGlite: what each filter puts in the
// list request, and that the server's answer matches it.
const region = loadRegionCatalog(path.resolve('regions')).regions.find((r) => r.id === 'chunan') as unknown as Region;
let server: Awaited<ReturnType<typeof startSeededServer>>;
beforeAll(async () => {
  server = await startSeededServer();
  await addTransferProjects();
});

/**
 * The shared seed of 40 projects gives chunan tenders only; the property-transfer and demand tabs need rows too, so
 * each seeded project is copied as a land transfer (type 2, 001) and a land demand (type 3, 013) with the same status,
 * times and area.
 */
async function addTransferProjects() {
  const rows = await server.db.selectFrom('project').selectAll().execute();
  const copies = (
    [
      [2, '001', '经营权流转'],
      [3, '013', '流转需求'],
    ] as const
  ).flatMap(([type, number, suffix], k) =>
    rows.map(({ id, ...row }) => ({
      ...row,
      id: id + (k + 1) * 100_000,
      type,
      number,
      projectName: `${row.projectName}（${suffix}）`,
      needname: type === 3 ? '千岛湖农业发展有限公司' : row.needname,
      imgList: JSON.stringify(row.imgList) as never,
      attachments: JSON.stringify(row.attachments) as never,
      // Each copy its own 项目编号: the database holds every number unique.
      code: row.code ? `${row.code}-${k + 1}` : '',
    })),
  );
  await server.db.insertInto('project').values(copies).execute();
}
afterAll(() => server.close());
afterEach(cleanup);

type Call = [string, { body?: Record<string, unknown>; query?: Record<string, unknown> }];

/** The portal at a hash route, with every call the blocks make recorded. */
function renderAt(hash: string, portalRegion: Region = region) {
  const c = clientFor(server.baseURL, { defaultDeptId: () => region.deptId, adapter: 'http' });
  const calls: Call[] = [];
  const call = c.client.call.bind(c.client);
  vi.spyOn(c.client, 'call').mockImplementation(((name: string, options: Call[1]) => {
    calls.push([name, options]);
    return call(name as never, options as never);
  }) as never);
  window.location.hash = hash;
  render(<PortalApp region={portalRegion} registry={createBlockRegistry(defaultBlocks)} client={c.client} siteData={createSiteData(c.client, {})} />);
  const listCalls = () => calls.filter(([name]) => ['projectList', 'invitationList', 'needProjectList'].includes(name));
  return { calls, lastList: () => listCalls().at(-1)!, client: c };
}

/** Cards rendered, once the list has loaded. */
async function cards(): Promise<HTMLElement[]> {
  return waitFor(
    () => {
      const found = [...document.querySelectorAll<HTMLElement>('.tm-plist .tm-pcard')];
      if (!found.length && !screen.queryByText('暂无数据...')) throw new Error('list not loaded');
      return found;
    },
    { timeout: 15_000 },
  );
}

async function rowsOf(name: string, body: Record<string, unknown>): Promise<ProjectCard[]> {
  const c = clientFor(server.baseURL, { defaultDeptId: () => region.deptId, adapter: 'http' });
  const data = (await c.client.call(name as 'projectList', { body: body as never })) as { rows: ProjectCard[] };
  return data.rows;
}

describe('filter → request rules (pure)', () => {
  const base = { pageSize: 7, tiles: [{ statuses: [6] }], allStatuses: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11] };

  it('sends each area bracket with both bounds, leaves out an absent bound, and never filters area for type 2', () => {
    const filter = (type: 1 | 2 | 3, area: number) => filterFromQuery({ idx: String(type), area: String(area) }, { types: [2, 1, 3] });
    expect(listRequest(filter(1, 0), base).params).toBeUndefined();
    expect(listRequest(filter(1, 1), base).params).toEqual({ areaBegin: 0, areaEnd: 10 });
    expect(listRequest(filter(3, 4), base).params).toEqual({ areaBegin: 200, areaEnd: 500 });
    expect(listRequest(filter(1, 5), base).params).toEqual({ areaBegin: 500, areaEnd: 10000 });
    expect(DEFAULT_AREA_BRACKETS.map((b) => b.label)).toEqual(['全部', '0-10亩', '10-100亩', '100-200亩', '200-500亩', '500亩以上']);
    // A configured bracket with only a lower bound sends only areaBegin.
    expect(listRequest(filter(1, 1), { ...base, brackets: [{ label: '全部' }, { label: '1000亩以上', begin: 1000 }] }).params).toEqual({ areaBegin: 1000 });
    for (let area = 0; area < 6; area++) expect(listRequest(filter(2, area), base)).not.toHaveProperty('params');
  });

  it('uses the selected tile’s statuses, else all statuses', () => {
    expect(listRequest(filterFromQuery({ statusIndex: '0' }, { types: [2] }), base).statusStr).toBe('6');
    expect(listRequest(filterFromQuery({}, { types: [2] }), base).statusStr).toBe('2,3,4,5,6,7,8,9,10,11');
  });

  it('goes back to page 1 on any change but the page, and a type change drops the old type’s filters', () => {
    const search = 'idx=1&number=009&area=2&statusIndex=1&keyword=路&page=3';
    expect(new URLSearchParams(queryWith(search, { keyword: '桥' })).get('page')).toBeNull();
    expect(new URLSearchParams(queryWith(search, { area: 3 })).get('page')).toBeNull();
    expect(new URLSearchParams(queryWith(search, { tile: undefined })).get('statusIndex')).toBeNull();
    expect(new URLSearchParams(queryWith(search, { page: 4 })).get('page')).toBe('4');
    const typeChange = new URLSearchParams(queryWith(search, { type: 3 }));
    expect([...typeChange.keys()].sort()).toEqual(['idx', 'keyword']);
  });

  it('reads the category from number, or from index (1 = first category)', () => {
    expect(filterFromQuery({ idx: '1', index: '2' }, { types: [2, 1, 3], categories: ['009', '011', '012'] }).category).toBe('011');
    expect(filterFromQuery({ idx: '1', index: '0' }, { types: [2, 1, 3], categories: ['009'] }).category).toBeUndefined();
    expect(filterFromQuery({ idx: '9' }, { types: [2, 1, 3] }).type).toBe(2);
  });
});

describe('/tradingProject against the real server', () => {
  it('asks for the area bracket of a tender list and gets only projects inside it', async () => {
    const { lastList } = renderAt('#/tradingProject?idx=1&area=2');
    await cards();
    const [name, options] = lastList();
    expect(name).toBe('invitationList');
    expect(options.body).toMatchObject({ type: 1, pageNum: 1, pageSize: 7, params: { areaBegin: 10, areaEnd: 100 } });
    const rows = await rowsOf(name, options.body!);
    for (const row of rows) expect(row.area === null || (row.area! >= 10 && row.area! <= 100)).toBe(true);
    expect(screen.getByRole('tab', { name: '招标采购' }).getAttribute('aria-selected')).toBe('true');
  });

  it('sends no area bounds for type 2 and offers no area filter there', async () => {
    const { lastList } = renderAt('#/tradingProject?idx=2&area=2');
    const shown = await cards();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(7);
    const [name, options] = lastList();
    expect(name).toBe('projectList');
    expect(options.body).not.toHaveProperty('params');
    expect(options.body?.statusStr).toBe(allStatuses(region).join(','));
    expect(screen.queryByText('面积')).toBeNull();
    expect(screen.getByText(/共 \d+ 条/)).toBeTruthy();
  });

  it('filters by a status tile, clears it when clicked again, and each change goes back to page 1', async () => {
    const { lastList } = renderAt('#/tradingProject?idx=2&page=2');
    await cards();
    expect(lastList()[1].body?.pageNum).toBe(2);
    const tiles = within(document.querySelector('.tm-plist__tiles') as HTMLElement);
    const bidding = tiles.getByRole('button', { name: '竞价中' });
    await act(async () => {
      fireEvent.click(bidding);
    });
    await waitFor(() => expect(lastList()[1].body?.statusStr).toBe('6'));
    expect(lastList()[1].body?.pageNum).toBe(1);
    expect(window.location.hash).not.toMatch(/page=/);
    expect(tiles.getByRole('button', { name: '竞价中' }).getAttribute('aria-pressed')).toBe('true');
    const shown = await cards();
    expect(shown.length).toBeGreaterThan(0);
    for (const card of shown) expect(card.querySelector('.tm-badge')?.textContent).toBe('竞价中');

    await act(async () => {
      fireEvent.click(tiles.getByRole('button', { name: '竞价中' }));
    });
    await waitFor(() => expect(lastList()[1].body?.statusStr).toBe(allStatuses(region).join(',')));
    expect(window.location.hash).not.toMatch(/statusIndex/);
  });

  it('a category chip and a keyword search both reset the page; nothing found shows 暂无数据...', async () => {
    const { lastList } = renderAt('#/tradingProject?idx=1&page=2');
    await cards();
    const chip = await screen.findByRole('button', { name: '工程建设招标' }, { timeout: 10_000 });
    await act(async () => {
      fireEvent.click(chip);
    });
    await waitFor(() => expect(lastList()[1].body).toMatchObject({ number: '009', pageNum: 1 }));
    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: '不存在的项目名称' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    });
    await waitFor(() => expect(lastList()[1].body).toMatchObject({ keyword: '不存在的项目名称', number: '009', pageNum: 1 }));
    expect(await screen.findByText('暂无数据...', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('a card is one link to its detail, and the detail shows the project', async () => {
    renderAt('#/tradingProject?idx=2');
    const [first] = await cards();
    const link = first.querySelector('a')!;
    expect(link.getAttribute('href')).toMatch(/#\/tradingProject\/pressCenterDetail\?id=\d+/);
    const title = first.querySelector('.tm-pcard__name')!.textContent!;
    await act(async () => {
      fireEvent.click(link);
    });
    expect(await screen.findByRole('heading', { level: 2, name: new RegExp(title.replace(/[()（）]/g, '.')) }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('竞价截止时间')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: '项目详情' })).toBeTruthy();
  });

  it('a demand card names the demander and opens the demand detail', async () => {
    const { lastList } = renderAt('#/tradingProject?idx=3');
    const [first] = await cards();
    expect(lastList()[0]).toBe('needProjectList');
    expect(first.textContent).toMatch(/需求方：?千岛湖农业发展有限公司/);
    const link = first.querySelector('a')!;
    expect(link.getAttribute('href')).toMatch(/#\/demandDetail\?id=\d+/);
    await act(async () => {
      fireEvent.click(link);
    });
    expect(await screen.findByText('需求方', { selector: 'dt' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/（流转需求）/, { selector: 'h2 *, h2' })).toBeTruthy();
  });

  it('a tender of category 009 opens the tender detail', async () => {
    renderAt('#/tradingProject?idx=1&number=009');
    const [first] = await cards();
    expect(first.querySelector('a')!.getAttribute('href')).toMatch(/#\/tradingProject\/pressCenterDetail1\?id=\d+/);
  });
});

describe('/tradingProject configured per region', () => {
  /** chunan with other project-list props and flags. */
  function variant(props: Record<string, unknown>, flags: Record<string, boolean> = {}): Region {
    const page = region.pages!.tradingProject!;
    const entry = page.blocks![0]!;
    return {
      ...region,
      flags: { ...region.flags, ...flags },
      pages: { ...region.pages, tradingProject: { ...page, blocks: [{ ...entry, props: { ...entry.props, ...props } }] } },
    } as Region;
  }

  it('a place from the region dropdown (dm) is sent as its deptId; the region itself sends none', async () => {
    const c = clientFor(server.baseURL, { defaultDeptId: () => region.deptId, adapter: 'http' });
    const places = (await c.client.call('townList', { query: { maxLevel: 5, includeSelf: true } as never })) as Array<{
      deptId: number;
      deptCode: string;
      parentId: number;
    }>;
    const town = places.find((p) => p.parentId === region.deptId)!;
    const { lastList } = renderAt(`#/tradingProject?idx=1&dm=${town.deptCode}`);
    await cards();
    await waitFor(() => expect(lastList()[1].body?.deptId).toBe(town.deptId));
    expect((screen.getByLabelText('所在地区') as HTMLSelectElement).value).toBe(town.deptCode);
    fireEvent.change(screen.getByLabelText('所在地区'), { target: { value: places[0].deptCode } });
    await waitFor(() => expect(lastList()[1].body).not.toHaveProperty('deptId'));
    expect(window.location.hash).not.toMatch(/dm=/);
  });

  it('disables the bidding tile when bidding is unavailable here', async () => {
    renderAt('#/tradingProject?idx=2', variant({ biddingAvailable: false }));
    await cards();
    const tiles = within(document.querySelector('.tm-plist__tiles') as HTMLElement);
    expect((tiles.getByRole('button', { name: '竞价中' }) as HTMLButtonElement).disabled).toBe(true);
    expect((tiles.getByRole('button', { name: '预公告' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('words the tiles as the region words its statuses (statusLabels), the same words as the cards', async () => {
    renderAt('#/tradingProject?idx=2');
    await cards();
    const tiles = [...document.querySelectorAll('.tm-plist__tiles button')].map((b) => b.textContent?.trim());
    // 淳安县: 2 预公告, 4 公示报名中 (its cards said so while the tiles kept 公示中 / 报名中).
    expect(tiles).toEqual(['预公告', '公示报名中', '竞价中', '已成交']);
  });

  it('hides the view count with notShowWatchNum and keeps the sign-up count', async () => {
    renderAt('#/tradingProject?idx=1', variant({}, { notShowWatchNum: true }));
    const [first] = await cards();
    expect(first.textContent).not.toMatch(/浏览/);
    expect(first.textContent).toMatch(/报名 \d+ 人/);
    cleanup();
    renderAt('#/tradingProject?idx=1');
    const [again] = await cards();
    expect(again.textContent).toMatch(/浏览 \d+ 次/);
  });

  it('offers a back button to backUrl in a new window, and ignores a script address', async () => {
    renderAt('#/tradingProject?idx=1&backUrl=' + encodeURIComponent('https://sjzx.nccq.example.gov.cn/portal'));
    await cards();
    const back = screen.getByRole('link', { name: /返回/ });
    expect(back.getAttribute('href')).toBe('https://sjzx.nccq.example.gov.cn/portal');
    expect(back.getAttribute('target')).toBe('_blank');
    cleanup();
    renderAt('#/tradingProject?idx=1&backUrl=' + encodeURIComponent('javascript:alert(1)'));
    await cards();
    expect(screen.queryByRole('link', { name: /^返回/ })).toBeNull();
  });
});
