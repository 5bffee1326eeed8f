import { describe, expect, it } from 'vitest';
import { isEmptyData, resolveSource, sourceKey } from '../../../engine/runtime/source.js';

const context = { query: { id: '42', type: '3' }, region: { deptId: 330127, deptCode: '330127000000', flags: { homeShowLogin: true } } };

describe('block sources', () => {
  it('replaces $from references with the route query and the region, literals stay', () => {
    const resolved = resolveSource(
      {
        call: 'newsDetail',
        body: { id: { $from: 'query.id' }, number: '001017', dm: { $from: 'region.deptCode' }, flag: { $from: 'region.flags.homeShowLogin' } },
      } as never,
      context,
    );
    expect(resolved).toEqual({
      kind: 'call',
      call: 'newsDetail',
      query: undefined,
      body: { id: '42', number: '001017', dm: '330127000000', flag: true },
      params: undefined,
    });
  });

  it('uses a reference’s default when the value is absent, and leaves the key out without one', () => {
    const resolved = resolveSource(
      { call: 'newsList', body: { pageNum: { $from: 'query.page', default: 1 }, keyword: { $from: 'query.keyword' } } } as never,
      context,
    );
    expect(resolved).toMatchObject({ body: { pageNum: 1 } });
    expect((resolved as { body: object }).body).not.toHaveProperty('keyword');
  });

  it('passes site-data keys through, and keys equal sources equally', () => {
    expect(resolveSource({ siteData: 'zhengcefagui' }, context)).toEqual({ kind: 'siteData', key: 'zhengcefagui' });
    const a = resolveSource({ call: 'newsDetail', body: { id: { $from: 'query.id' } } } as never, context);
    const b = resolveSource({ call: 'newsDetail', body: { id: '42' } } as never, context);
    expect(sourceKey(a)).toBe(sourceKey(b));
    expect(sourceKey(a)).not.toBe(sourceKey(resolveSource({ call: 'newsDetail', body: { id: '43' } } as never, context)));
  });

  it('scopes a call to the place its deptId names (the query’s place, or the region’s own), and to none when absent', () => {
    const place = resolveSource({ call: 'newsList', body: { number: '001017' }, deptId: { $from: 'query.deptId' } } as never, {
      ...context,
      query: { deptId: '330127101' },
    });
    expect(place).toMatchObject({ kind: 'call', deptId: '330127101' });
    expect(resolveSource({ call: 'townList', deptId: { $from: 'region.deptId' } } as never, context)).toMatchObject({ deptId: 330127 });
    // No place in the address: the call is left to the window's place (no deptId of its own).
    expect(resolveSource({ call: 'newsList', deptId: { $from: 'query.deptId' } } as never, context)).not.toHaveProperty('deptId');
    // Two places are two requests.
    expect(sourceKey(place)).not.toBe(sourceKey(resolveSource({ call: 'newsList', body: { number: '001017' } } as never, context)));
  });

  it('calls null, empty lists and pages without rows empty', () => {
    expect([null, undefined, [], { rows: [], total: 0 }].map(isEmptyData)).toEqual([true, true, true, true]);
    expect([[1], { rows: [1], total: 1 }, { title: '通知' }, 0].map(isEmptyData)).toEqual([false, false, false, false]);
  });
});
