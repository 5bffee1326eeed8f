import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useRegion } from '../../engine/react/RegionProvider.js';
import { useReadingAids } from '../../engine/react/ReadingAidsProvider.js';
import { ELDER_MIN_FONT_PX } from '../../engine/accessibility/index.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { Dashboard } from '../../schemas/types/api.js';
import type { ConsoleDashboardProps } from '../../schemas/types/blocks.js';
import { ChartDataTable } from '../trading-statistics/ChartDataTable.js';
import { Chart } from '../trading-statistics/Chart.js';
import { CHART_TEXT_PX, dealTiles, monthlyDealsChart, statusChart, statusTiles, waitingTiles, type ChartFigure, type Tile } from './model.js';
import './console-dashboard.css';

/** A group of figures under its heading, each a link to the table that lists its records. */
function Tiles({ id, title, tiles }: { id: string; title: string; tiles: Tile[] }) {
  return (
    <section className="tm-dash__group" aria-labelledby={id}>
      <h3 id={id} className="tm-dash__heading">
        {title}
      </h3>
      <ul className="tm-dash__tiles">
        {tiles.map((t) => (
          <li key={t.key}>
            <Link className={`tm-dash__tile${t.waiting ? ' tm-dash__tile--waiting' : ''}`} to={t.route} data-figure={t.key}>
              <span className="tm-dash__label">{t.label}</span>
              <span className="tm-dash__value">
                <strong>{t.value}</strong> {t.unit}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One chart with its title, summary and data table (the text alternative); without data, what it would show. */
function Figure({ figure, height, blockId }: { figure: ChartFigure; height: number; blockId: string }) {
  const id = `${blockId}-${figure.kind}`;
  return (
    <figure className="tm-dash__chart" aria-labelledby={`${id}-title`} data-chart={figure.kind}>
      <h3 id={`${id}-title`} className="tm-dash__heading">
        {figure.title}
      </h3>
      {figure.spec ? (
        <Chart spec={figure.spec} height={height} />
      ) : (
        <p className="tm-dash__empty" style={{ minHeight: height / 2 }}>
          {figure.emptyText}
        </p>
      )}
      <figcaption className="tm-dash__summary">{figure.summary}</figcaption>
      {figure.spec && <ChartDataTable table={figure.table} classPrefix="tm-dash" />}
    </figure>
  );
}

/**
 * The console's first page: what waits for staff, the deals of this month and year, projects by status, and the
 * charts. The chart library comes with the first chart that scrolls into view after the figures are drawn (Chart),
 * so the console's first view does not carry it.
 */
export default function ConsoleDashboard({ props, data, blockId }: BlockComponentProps<ConsoleDashboardProps, Dashboard>) {
  const region = useRegion();
  const links = props.links;
  // In elder mode the charts' own text is drawn at the page's floor too.
  const textPx = useReadingAids().aids.elder ? ELDER_MIN_FONT_PX : CHART_TEXT_PX;
  const figures = useMemo(() => [monthlyDealsChart(data, textPx), statusChart(data, region, textPx)], [data, region, textPx]);
  return (
    <div className="tm-dash">
      <Tiles id={`${blockId}-waiting`} title="待办事项" tiles={waitingTiles(data, links)} />
      <Tiles id={`${blockId}-deals`} title="成交情况" tiles={dealTiles(data, links)} />
      <Tiles id={`${blockId}-status`} title="项目状态" tiles={statusTiles(data, region, links)} />
      <div className="tm-dash__charts">
        {figures.map((f) => (
          <Figure key={f.kind} figure={f} height={props.chartHeight ?? 280} blockId={blockId} />
        ))}
      </div>
      <p className="tm-dash__updated">数据统计时间：{data.updatedAt}</p>
    </div>
  );
}
