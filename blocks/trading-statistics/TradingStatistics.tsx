import { useMemo } from 'react';
import { useRegion } from '../../engine/react/RegionProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { TradingStatistics as Statistics } from '../../schemas/types/api.js';
import type { TradingStatisticsProps } from '../../schemas/types/blocks.js';
import { ChartFigure } from './ChartFigure.js';
import { chartModel, wan, type ChartKind } from './series.js';
import './trading-statistics.css';

const ALL: ChartKind[] = ['status', 'type', 'category', 'monthlyDeals', 'monthlyActivity', 'place'];

/**
 * The statistics page (/dataSta): headline figures and one figure per chart, each with its title, the chart, a
 * summary sentence and the data table. Numbers come from tradingStatistics; status and type wording from the region.
 */
export default function TradingStatistics({ props, data, blockId }: BlockComponentProps<TradingStatisticsProps, Statistics>) {
  const region = useRegion();
  const kinds = (props.charts?.length ? props.charts : ALL) as ChartKind[];
  const models = useMemo(
    () =>
      kinds.map((kind) =>
        chartModel(
          kind,
          data,
          { statusLabels: region.statusLabels as Record<string, string> | undefined, projectTypeList: region.projectTypeList },
          props.categoryLimit ?? 10,
        ),
      ),
    [kinds, data, region, props.categoryLimit],
  );
  const t = data.totals;
  const figures: Array<[string, string, string]> = [
    ['交易项目', t.projects.toLocaleString('zh-CN'), '个'],
    ['成交项目', t.deals.toLocaleString('zh-CN'), '宗'],
    ['成交金额', wan(t.dealAmount).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }), '万元'],
    ['报名', t.registrations.toLocaleString('zh-CN'), '人次'],
    ['出价', t.bids.toLocaleString('zh-CN'), '次'],
  ];
  return (
    <div className="tm-stats">
      <dl className="tm-stats__figures">
        {figures.map(([label, value, unit]) => (
          <div key={label} className="tm-stats__figure">
            <dt>{label}</dt>
            <dd>
              <strong>{value}</strong> {unit}
            </dd>
          </div>
        ))}
      </dl>
      <p className="tm-stats__updated">数据统计时间：{data.updatedAt}（数据来源：本平台交易记录）</p>
      <div className="tm-stats__charts">
        {models.map((model) => (
          <ChartFigure key={model.kind} model={model} height={props.chartHeight ?? 300} blockId={blockId} />
        ))}
      </div>
    </div>
  );
}
