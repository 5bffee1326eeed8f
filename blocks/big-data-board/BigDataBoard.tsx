import { useEffect, useState } from 'react';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { BigDataBoardProps } from '../../schemas/types/blocks.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { BlockStatus } from '../../engine/react/BlockStatus.js';
import './big-data-board.css';


const DEFAULT_FIGURES = [
  { label: '挂牌项目总数' },
  { label: '公示中', statusStr: '2' },
  { label: '报名中', statusStr: '4' },
  { label: '竞价中', statusStr: '6' },
  { label: '已成交', statusStr: '7,8,9' },
  { label: '招标采购项目', type: 1 },
];

/** The trading big-data screen: live project counts by status and type, refreshed on a timer. */
export default function BigDataBoard({ props }: BlockComponentProps<BigDataBoardProps>) {
  const client = useApiClient();
  const figures = props.figures ?? DEFAULT_FIGURES;
  const [values, setValues] = useState<number[] | 'error' | null>(null);
  const [updated, setUpdated] = useState('');
  useEffect(() => {
    let live = true;
    const load = () =>
      Promise.all(
        figures.map((f) =>
          client.call('projectList', { body: { pageNum: 1, pageSize: 1, ...(f.statusStr ? { statusStr: f.statusStr } : {}), ...(f.type ? { type: f.type } : {}) } as never }).then((d) => d.total),
        ),
      ).then(
        (totals) => {
          if (!live) return;
          setValues(totals);
          setUpdated(new Date().toLocaleTimeString('zh-CN', { hour12: false }));
        },
        () => live && setValues((v) => (Array.isArray(v) ? v : 'error')),
      );
    void load();
    const timer = setInterval(load, (props.refreshSeconds ?? 60) * 1000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [client, figures, props.refreshSeconds]);

  return (
    <div className="tm-bigdata">
      <h1 className="tm-bigdata__title">{props.title ?? '农村产权交易大数据'}</h1>
      {values === null && <BlockStatus kind="loading" />}
      {values === 'error' && <BlockStatus kind="error" />}
      {Array.isArray(values) && (
        <>
          <dl className="tm-bigdata__figures">
            {figures.map((f, i) => (
              <div key={f.label} className="tm-bigdata__figure">
                <dt>{f.label}</dt>
                <dd>{values[i].toLocaleString('zh-CN')}</dd>
              </div>
            ))}
          </dl>
          <p className="tm-bigdata__updated" aria-live="polite">数据更新时间：{updated}</p>
        </>
      )}
    </div>
  );
}
