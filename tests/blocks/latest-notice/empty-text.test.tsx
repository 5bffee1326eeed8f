// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultBlocks } from '../../../blocks/index.js';
import LatestNotice from '../../../blocks/latest-notice/LatestNotice.js';
import schema from '../../../blocks/latest-notice/props.schema.json';

// With no notice the block says its own documented empty text (暂无公告), not the engine's 暂无数据: 蓝田's home sets
// no emptyText and showed 暂无数据.
const draw = (props: Record<string, unknown>, rows: unknown[]) =>
  render(
    <MemoryRouter>
      <LatestNotice props={{ title: '最新公告', ...props } as never} data={{ rows, total: rows.length }} blockId="n" />
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('latest-notice with no notice', () => {
  it('says the documented default 暂无公告 when the page sets no emptyText', () => {
    expect(schema.properties.emptyText.default).toBe('暂无公告');
    draw({}, []);
    expect(screen.getByRole('status').textContent).toBe(schema.properties.emptyText.default);
    expect(screen.queryByText('暂无数据')).toBeNull();
  });

  it("says the page's own emptyText when it sets one", () => {
    draw({ emptyText: '本月暂无通知' }, []);
    expect(screen.getByRole('status').textContent).toBe('本月暂无通知');
  });

  it('is given its empty data by the engine (which would otherwise draw 暂无数据 itself)', () => {
    expect(defaultBlocks.find((b) => b.type === 'latest-notice')?.handlesEmpty).toBe(true);
  });

  it('shows the notice when there is one', () => {
    draw({ detailRoute: '/gongshigonggao/detail' }, [{ id: 7, title: '关于某村林地流转的公示', content: '<p>正文</p>', createTime: '2026-11-20' }]);
    expect(screen.getByRole('heading', { name: '关于某村林地流转的公示' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
