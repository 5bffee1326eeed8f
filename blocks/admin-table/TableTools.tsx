import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { useRouteQuery } from '../../engine/react/RegionProvider.js';
import type { AdminTableProps } from '../../schemas/types/blocks.js';
import { withQuery } from '../_parts/data.js';
import { DEFAULT_PAGE_SIZES, pageSizeOf } from './rows.js';

/** The most rows one export holds (the server's cap; the sheet's last line says when it stopped there). */
export const EXPORT_CAP = 10_000;

/** The lists the server exports (schemas/api/admin.json ExportParams). */
const EXPORTABLE = new Set([
  'adminArticleList',
  'adminProjectList',
  'auctionRegistrations',
  'intentReviewList',
  'adminRequestList',
  'adminAuditList',
  'adminStaffList',
  'adminAuctionMonitor',
]);

/** Today in China Standard Time, for the export's file name. */
export const cstDate = (now = Date.now()) => new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);

/** Saves a downloaded file under `name` (the browser's own download, no new window). */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 每页条数, kept in the address (page 1 again when it changes). */
export function PageSizeChoice({ props, defaultSize }: { props: AdminTableProps; defaultSize: number }) {
  const id = useId();
  const query = useRouteQuery();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sizes: readonly number[] = props.pageSizes ?? DEFAULT_PAGE_SIZES;
  const current = pageSizeOf(query, { pageSize: defaultSize, pageSizes: sizes });
  const choices = sizes.includes(current) ? sizes : [current, ...sizes];
  return (
    <div className="tm-console-table__size">
      <label htmlFor={`${id}-size`}>每页条数</label>
      <select
        id={`${id}-size`}
        value={current}
        onChange={(e) => {
          const { page: _page, ...rest } = query;
          navigate(withQuery(pathname, { ...rest, pageSize: e.target.value }));
        }}
      >
        {choices.map((n) => (
          <option key={n} value={n}>
            {n} 条
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * 导出Excel: the server writes every row of the current filter (not just this page) with the table's headings;
 * the console loads no spreadsheet code. Over the cap, the staff member is told before the file comes.
 */
export function ExportButton({ props, filter, total }: { props: AdminTableProps; filter: Record<string, unknown>; total: number }) {
  const client = useApiClient();
  const [busy, setBusy] = useState(false);
  if (props.export === false || !EXPORTABLE.has(props.call)) return null;
  const name = props.exportName ?? props.title ?? '导出';
  const run = async () => {
    setBusy(true);
    try {
      if (total > EXPORT_CAP) client.notifier.message('warning', `共 ${total} 条，仅导出前 ${EXPORT_CAP} 条，请缩小筛选范围后分批导出`);
      const columns = props.columns
        .filter((c) => !c.json)
        .map((c) => ({ field: c.field, ...(c.label ? { label: c.label } : {}), ...(c.money ? { money: true } : {}) }));
      const blob = await client.binary('adminExport', { body: { call: props.call as never, body: filter, columns } }, 'blob');
      save(blob as Blob, `${name}_${cstDate()}.xlsx`);
      client.notifier.message('success', `已导出 ${Math.min(total, EXPORT_CAP)} 条`);
    } catch {
      // The client has said why (a refusal or the network).
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="tm-button tm-button--plain" onClick={() => void run()} disabled={busy} aria-busy={busy}>
      {busy ? '正在导出…' : '导出Excel'}
    </button>
  );
}
