import { useEffect, useState } from 'react';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { BigDataBoardProps } from '../../schemas/types/blocks.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { BlockStatus } from '../../engine/react/BlockStatus.js';
import { useRegion } from '../../engine/react/RegionProvider.js';
import { parseStatusList, statusLabel, type StatusRegion } from '../../machines/project-status-rules.js';
import './big-data-board.css';

type Figure = NonNullable<BigDataBoardProps['figures']>[number];

const DEFAULT_FIGURES: Figure[] = [
  { label: '挂牌项目总数' },
  { statusStr: '2' },
  { statusStr: '4' },
  { statusStr: '6' },
  { statusStr: '7,8,9' },
  { label: '招标采购项目', type: 1 },
];

/** A figure's label: its own, else the region's wording of its last status (statusLabels is the one source). */
function figureLabel(figure: Figure, region: StatusRegion): string {
  if (figure.label) return figure.label;
  const statuses = figure.statusStr ? parseStatusList(figure.statusStr) : [];
  return statuses.length ? statusLabel(statuses[statuses.length - 1], region) : '挂牌项目总数';
}

/** The trading big-data screen: live project counts by status and type, refreshed on a timer. */
export default function BigDataBoard({ props }: BlockComponentProps<BigDataBoardProps>) {
  const client = useApiClient();
  const region = useRegion() as StatusRegion;
  const figures = props.figures ?? DEFAULT_FIGURES;
  const [values, setValues] = useState<number[] | 'error' | null>(null);
  const [updated, setUpdated] = useState('');
  useEffect(() => {
    let live = true;
    const load = () =>
      Promise.all(
        figures.map((f) =>
          client
            .call('projectList', {
              body: { pageNum: 1, pageSize: 1, ...(f.statusStr ? { statusStr: f.statusStr } : {}), ...(f.type ? { type: f.type } : {}) } as never,
            })
            .then((d) => d.total),
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
              <div key={i} className="tm-bigdata__figure">
                <dt>{figureLabel(f, region)}</dt>
                <dd>{values[i].toLocaleString('zh-CN')}</dd>
              </div>
            ))}
          </dl>
          <p className="tm-bigdata__updated" aria-live="polite">
            数据更新时间：{updated}
          </p>
        </>
      )}
    </div>
  );
}
