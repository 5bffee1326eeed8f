import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateCondition, formatProblem, type ConditionContext } from '../../engine/region/index.js';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import type { Region } from '../../schemas/types/region.js';

const catalog = loadRegionCatalog(path.resolve('regions'));
const byId = new Map(catalog.regions.map((r) => [r.id, r]));

function context(region: Region, loggedIn = false): ConditionContext {
  return { flags: region.flags ?? {}, region: region as unknown as Record<string, unknown>, query: {}, session: { loggedIn } };
}

function homeBlocks(region: Region): string[] {
  const home = Object.values(region.pages).find((p) => p.route === '/');
  return (home?.blocks ?? []).filter((b) => !b.when || evaluateCondition(b.when, context(region))).map((b) => b.type);
}

describe('demo regions', () => {
  it('validate with zero problems, deployment included', () => {
    expect(catalog.problems.map((p) => formatProblem(p))).toEqual([]);
    expect([...byId.keys()].sort()).toEqual(['chunan', 'chunan-dev', 'lantian', 'shouguang', 'xinyang']);
    expect(catalog.deployment.defaultRegion).toBe('chunan');
  });

  it('use the seeded tenant numbers', () => {
    const numbers = Object.fromEntries(catalog.regions.map((r) => [r.id, [r.deptId, r.deptCode, r.lesseeId]]));
    expect(numbers).toEqual({
      chunan: [330127, '330127000000', 102],
      'chunan-dev': [330127, '330127000000', 102],
      xinyang: [4115, '411500000000', 101],
      lantian: [610122, '610122000000', 103],
      shouguang: [370783, '370783000000', 104],
    });
  });

  it('have home pages that visibly differ', () => {
    const homes = ['chunan', 'xinyang', 'lantian', 'shouguang'].map((id) => homeBlocks(byId.get(id)!).join(','));
    expect(new Set(homes).size).toBe(4);
    expect(homeBlocks(byId.get('lantian')!)).toContain('finance-panel');
    expect(homeBlocks(byId.get('shouguang')!)).toContain('friendly-links');
    expect(homeBlocks(byId.get('chunan')!)).toContain('login-box');
  });

  it('share the base: status wording, site data and the common pages', () => {
    const chunan = byId.get('chunan')!;
    expect(chunan.statusLabels).toMatchObject({ '2': '预公告', '3': '公示结束', '4': '公示报名中', '10': '已结束' });
    expect(chunan.siteData?.ziliaoxiazai).toEqual({ call: 'newsList', body: { number: '007', pageNum: 1, pageSize: 7 } });
    expect(chunan.pages.szqy.route).toBe('/szqy');
    expect(chunan.pages.home.route).toBe('/');
    expect(chunan).not.toHaveProperty('extends');
  });

  it('chunan-dev builds on chunan: its own id, tabs replaced, flags and pages merged', () => {
    const prod = byId.get('chunan')!;
    const dev = byId.get('chunan-dev')!;
    expect(dev.tabList?.map((t) => t.name)).toContain('网上商城');
    expect(prod.tabList?.map((t) => t.name)).not.toContain('网上商城');
    expect(dev.flags).toMatchObject({ homeShowLogin: true, freeBidding: true });
    expect(dev.pages.home).toEqual(prod.pages.home);
    expect(dev.pages.onLineShop.route).toBe('/onLineShop');
    expect(prod.pages.onLineShop).toBeUndefined();
    expect(catalog.files.get('chunan-dev')).toBe('regions/chunan/region.dev.yaml');
  });

  it('xinyang: the big-data page has no header and no zoom and exists only under its flag', () => {
    const xinyang = byId.get('xinyang')!;
    const page = xinyang.pages.xinyangBigData;
    expect(page.layout).toEqual({ header: false, zoom: false });
    expect(evaluateCondition(page.when!, context(xinyang))).toBe(true);
    const withoutFlag = { ...xinyang, flags: { ...xinyang.flags, showBigData: false } };
    expect(evaluateCondition(page.when!, context(withoutFlag))).toBe(false);
    expect(xinyang.notGoCityList).toEqual(['平桥区', 411503101]);
  });
});
