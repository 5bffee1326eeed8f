import { BlockStatus } from '../../engine/react/BlockStatus.js';
import { ChartDataTable } from './ChartDataTable.js';
import { Chart } from './Chart.js';
import type { ChartModel } from './series.js';
import './trading-statistics.css';

/**
 * One chart as a figure: its title, the chart, a summary sentence and the data table behind a disclosure, so what the
 * canvas shows is also there as text for a screen reader.
 */
export function ChartFigure({ model, height, blockId }: { model: ChartModel; height: number; blockId: string }) {
  const id = `${blockId}-${model.kind}`;
  return (
    <figure className="tm-chart" aria-labelledby={`${id}-title`} data-chart={model.kind}>
      <h3 id={`${id}-title`} className="tm-chart__title">
        {model.title}
      </h3>
      {model.spec ? <Chart spec={model.spec} height={height} /> : <BlockStatus kind="empty" />}
      <figcaption className="tm-chart__summary">{model.summary}</figcaption>
      {model.table.rows.length > 0 && <ChartDataTable table={model.table} classPrefix="tm-chart" />}
    </figure>
  );
}
