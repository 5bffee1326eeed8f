import { useEffect, useState } from 'react';
import type { ProjectListData } from '../../schemas/types/api.js';
import { useApiClient } from '../react/index.js';

const STATUS_LABELS: Record<number, string> = {
  2: '公示中', 3: '公示结束', 4: '报名中', 5: '报名结束', 6: '竞价中', 7: '已成交', 8: '已成交', 9: '已成交', 10: '已结束', 11: '已结束',
};

// Until the engine renders regions from YAML (issue 4), the shell lists the default region's latest projects
// through the portal's client, so `npm start` proves the whole path: client → signed call → server → database.
export function PortalShell() {
  const client = useApiClient();
  const [state, setState] = useState<ProjectListData | 'loading' | 'failed'>('loading');
  useEffect(() => {
    client.call('projectList', { body: { pageNum: 1, pageSize: 7 } }).then(setState, () => setState('failed'));
  }, [client]);
  return (
    <main style={{ maxWidth: 1000, margin: '0 auto', padding: 24, fontFamily: 'system-ui, sans-serif', color: '#1f2329' }}>
      <h1 style={{ color: '#0b5c3a' }}>田亩 · 农村集体产权交易平台</h1>
      <h2>最新交易项目</h2>
      {state === 'loading' && <p role="status">正在加载…</p>}
      {state === 'failed' && <p role="alert">加载失败，请稍后重试</p>}
      {typeof state === 'object' &&
        (state.rows.length === 0 ? (
          <p>暂无数据</p>
        ) : (
          <>
            <p>共 {state.total} 个项目</p>
            <ul style={{ lineHeight: 1.9, fontSize: 18 }}>
              {state.rows.map((r) => (
                <li key={r.id}>
                  <strong>［{STATUS_LABELS[r.status]}］</strong> {r.projectName}（{r.deptName}）
                </li>
              ))}
            </ul>
          </>
        ))}
    </main>
  );
}
