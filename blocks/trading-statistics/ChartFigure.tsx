import { BlockStatus } from '../../engine/react/BlockStatus.js';
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
      {model.table.rows.length > 0 && (
        <details className="tm-chart__details">
          <summary>查看数据表</summary>
          <table className="tm-chart__table">
            <caption>{model.table.caption}</caption>
            <thead>
              <tr>
                {model.table.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {model.table.rows.map((row) => (
                <tr key={String(row[0])}>
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={i}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
}
