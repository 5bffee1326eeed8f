import { useEffect, useMemo, useState } from 'react';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { BigDataBoardProps } from '../../schemas/types/blocks.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { BlockStatus } from '../../engine/react/BlockStatus.js';
import { useRegion } from '../../engine/react/RegionProvider.js';
import { parseStatusList, statusLabel, type StatusRegion } from '../../machines/project-status-rules.js';
import type { TradingStatistics as Statistics } from '../../schemas/types/api.js';
import { ChartFigure } from '../trading-statistics/ChartFigure.js';
import { chartModel, wan, type ChartKind } from '../trading-statistics/series.js';
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

/** What the screen shows beside its counts: the trading statistics behind the charts, or why not. */
type StatisticsState = Statistics | 'error' | null;

/** The charts of the screen: the month's trend, deals by type, the places ranked, projects by status. */
const DEFAULT_CHARTS: ChartKind[] = ['monthlyDeals', 'type', 'place', 'status'];

/**
 * Loads the figures' counts and the trading statistics now and every `seconds`; a failed refresh keeps what is
 * shown (a screen on a wall should not go blank for one lost answer).
 */
function useBoardData(figures: Figure[], seconds: number) {
  const client = useApiClient();
  const [values, setValues] = useState<number[] | 'error' | null>(null);
  const [statistics, setStatistics] = useState<StatisticsState>(null);
  const [updated, setUpdated] = useState('');
  useEffect(() => {
    let live = true;
    const counts = () =>
      Promise.all(
        figures.map((f) =>
          client
            .call('projectList', {
              body: { pageNum: 1, pageSize: 1, ...(f.statusStr ? { statusStr: f.statusStr } : {}), ...(f.type ? { type: f.type } : {}) } as never,
            })
            .then((d) => d.total),
        ),
      );
    const load = () => {
      void counts().then(
        (totals) => {
          if (!live) return;
          setValues(totals);
          setUpdated(new Date().toLocaleTimeString('zh-CN', { hour12: false }));
        },
        () => live && setValues((v) => (Array.isArray(v) ? v : 'error')),
      );
      void client.call('tradingStatistics', { body: { months: 12 } as never }).then(
        (data) => live && setStatistics(data as Statistics),
        () => live && setStatistics((s) => (s && s !== 'error' ? s : 'error')),
      );
    };
    load();
    const timer = setInterval(load, seconds * 1000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [client, figures, seconds]);
  return { values, statistics, updated };
}

/** The charts, each with its summary and data table (the statistics page's figures, on light panels). */
function BoardCharts({ statistics, kinds, height, blockId }: { statistics: StatisticsState; kinds: ChartKind[]; height: number; blockId: string }) {
  const region = useRegion();
  const models = useMemo(
    () =>
      statistics && statistics !== 'error'
        ? kinds.map((kind) =>
            chartModel(kind, statistics, { statusLabels: region.statusLabels as Record<string, string> | undefined, projectTypeList: region.projectTypeList }),
          )
        : [],
    [statistics, kinds, region],
  );
  return (
    <section className="tm-bigdata__charts" aria-labelledby={`${blockId}-charts`}>
      <h2 id={`${blockId}-charts`} className="tm-visually-hidden">
        交易分析图表
      </h2>
      {statistics === null && <BlockStatus kind="loading" />}
      {statistics === 'error' && <BlockStatus kind="error" />}
      {models.map((model) => (
        <div key={model.kind} className="tm-bigdata__panel">
          <ChartFigure model={model} height={height} blockId={blockId} />
        </div>
      ))}
    </section>
  );
}

/**
 * The trading big-data screen: live project counts by status and type, the amount dealt, and charts — deals by
 * month, by type, places ranked, projects by status — each with its data table; all refreshed on a timer.
 */
export default function BigDataBoard({ props, blockId }: BlockComponentProps<BigDataBoardProps>) {
  const region = useRegion() as StatusRegion;
  const figures = props.figures ?? DEFAULT_FIGURES;
  const kinds = (props.charts ?? DEFAULT_CHARTS) as ChartKind[];
  const { values, statistics, updated } = useBoardData(figures, props.refreshSeconds ?? 60);
  const amount = statistics && statistics !== 'error' ? statistics.totals.dealAmount : undefined;

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
            {amount !== undefined && (
              <div className="tm-bigdata__figure">
                <dt>累计成交金额</dt>
                <dd>
                  {wan(amount).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
                  <span className="tm-bigdata__unit">万元</span>
                </dd>
              </div>
            )}
          </dl>
          <p className="tm-bigdata__updated" aria-live="polite">
            数据更新时间：{updated}
          </p>
        </>
      )}
      {kinds.length > 0 && <BoardCharts statistics={statistics} kinds={kinds} height={props.chartHeight ?? 280} blockId={blockId} />}
    </div>
  );
}
