import type { ChartModel } from './series.js';

/**
 * A chart's data as a table behind 查看数据表: the text alternative of the canvas (first column as row headers).
 * `classPrefix` names the block's own styles (`tm-chart` on the statistics page, `tm-dash` on the console's).
 */
export function ChartDataTable({ table, classPrefix }: { table: ChartModel['table']; classPrefix: string }) {
  return (
    <details className={`${classPrefix}__details`}>
      <summary>查看数据表</summary>
      <table className={`${classPrefix}__table`}>
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
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
  );
}
