import { useEffect, useState } from 'react';
import MD5 from 'crypto-js/md5';

declare const __API_SIGN_KEY__: string;
declare const __API_BASE__: string;

interface Card {
  id: number;
  projectName: string;
  deptName: string;
  status: number;
  price: number;
}

const STATUS_LABELS: Record<number, string> = {
  2: '公示中', 3: '公示结束', 4: '报名中', 5: '报名结束', 6: '竞价中', 7: '已成交', 8: '已成交', 9: '已成交', 10: '已结束', 11: '已结束',
};

// Until the engine renders regions from YAML (issue 4), the shell shows the default region's latest projects
// straight from the API, so `npm start` proves the whole path: client → signed call → server → database.
const DEFAULT_DEPT_ID = Number(new URLSearchParams(window.location.search).get('deptId') ?? 330127);

async function signedPost<T>(path: string, body: object): Promise<T> {
  const timeStamp = String(Date.now());
  const res = await fetch(`${__API_BASE__}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      deptId: String(DEFAULT_DEPT_ID),
      timeStamp,
      sign: MD5(`${DEFAULT_DEPT_ID}${timeStamp}${__API_SIGN_KEY__}`).toString(),
    },
    body: JSON.stringify(body),
  });
  const envelope = await res.json();
  if (envelope.code !== 200) throw new Error(envelope.msg);
  return envelope.data as T;
}

export function PortalShell() {
  const [state, setState] = useState<{ rows: Card[]; total: number } | 'loading' | Error>('loading');
  useEffect(() => {
    signedPost<{ rows: Card[]; total: number }>('/api/projectList', { pageNum: 1, pageSize: 7 }).then(setState, (e: Error) => setState(e));
  }, []);
  return (
    <main style={{ maxWidth: 1000, margin: '0 auto', padding: 24, fontFamily: 'system-ui, sans-serif', color: '#1f2329' }}>
      <h1 style={{ color: '#0b5c3a' }}>田亩 · 农村集体产权交易平台</h1>
      <h2>最新交易项目</h2>
      {state === 'loading' && <p role="status">正在加载…</p>}
      {state instanceof Error && <p role="alert">加载失败：{state.message}</p>}
      {typeof state === 'object' && !(state instanceof Error) && (
        state.rows.length === 0 ? <p>暂无数据</p> : (
          <>
            <p>共 {state.total} 个项目</p>
            <ul style={{ lineHeight: 1.9, fontSize: 18 }}>
              {state.rows.map((r) => (
                <li key={r.id}>
                  <strong>［{STATUS_LABELS[r.status]}］</strong> {r.projectName}（{r.deptName}，挂牌价 {r.price.toLocaleString('zh-CN')} 元）
                </li>
              ))}
            </ul>
          </>
        )
      )}
    </main>
  );
}
