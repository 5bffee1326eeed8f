// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteData } from '../../../engine/http/index.js';
import { PortalClientProvider, useSession, useSiteData } from '../../../engine/react/index.js';
import { clientFor } from '../http/client-setup.js';
import { startScriptedServer } from '../http/scripted-server.js';

function PolicyTitles({ label }: { label: string }) {
  const state = useSiteData<{ rows: Array<{ title: string }> }>('zhengcefagui');
  if (state.status === 'loading') return <p>{label}：正在加载</p>;
  if (state.status === 'error') return <p>{label}：加载失败</p>;
  return (
    <p>
      {label}：{state.data.rows.map((r) => r.title).join('、')}
    </p>
  );
}

function Who() {
  const session = useSession();
  return <p>用户：{session.maskedPhone ?? '未登录'}</p>;
}

describe('the React binding', () => {
  let server: Awaited<ReturnType<typeof startScriptedServer>>;
  beforeAll(async () => {
    server = await startScriptedServer(() => ({ delayMs: 20, json: { code: 200, data: { rows: [{ title: '农村产权交易管理办法' }], total: 1 } } }));
  });
  afterAll(() => server.close());

  it('blocks asking for the same site-data key share one request; the session re-renders on login', async () => {
    const c = clientFor(server.baseURL, { defaultDeptId: () => 330127 });
    const siteData = createSiteData(c.client, { zhengcefagui: { call: 'newsList', body: { number: '002001', pageSize: 7 } } });
    render(
      <PortalClientProvider client={c.client} siteData={siteData}>
        <PolicyTitles label="左栏" />
        <PolicyTitles label="右栏" />
        <Who />
      </PortalClientProvider>,
    );
    expect(screen.getByText('左栏：正在加载')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('左栏：农村产权交易管理办法')).toBeTruthy());
    expect(screen.getByText('右栏：农村产权交易管理办法')).toBeTruthy();
    expect(server.seen.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(screen.getByText('用户：未登录')).toBeTruthy();
    act(() => c.session.setLogin('tok', '13800000001'));
    expect(screen.getByText('用户：138****0001')).toBeTruthy();
  });
});
