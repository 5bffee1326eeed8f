import { formatYuan, type AuctionRecord } from '../../machines/index.js';

/** The live lines of flag showBiddingMessage, newest first (five at most). */
export function AuctionEvents({ events }: { events: readonly string[] }) {
  if (!events.length) return null;
  return (
    <ul className="tm-auction__events" aria-label="竞价动态">
      {events.slice(0, 5).map((line, i) => (
        <li key={`${i}-${line}`}>{line}</li>
      ))}
    </ul>
  );
}

/** 出价记录: newest first, the first row leading (成交 once the auction has ended); names hidden by flag. */
export function AuctionRecords({ records, ended, hideNames }: { records: readonly AuctionRecord[]; ended: boolean; hideNames: boolean }) {
  return (
    <table className="tm-auction__records">
      <caption>出价记录</caption>
      <thead>
        <tr>
          <th scope="col">出价时间</th>
          <th scope="col">竞买号</th>
          {hideNames ? null : <th scope="col">竞买人</th>}
          <th scope="col">出价（元）</th>
        </tr>
      </thead>
      <tbody>
        {records.length ? (
          records.map((r, i) => (
            <tr key={r.id} className={i === 0 ? 'tm-auction__leading' : undefined}>
              <td>{new Date(r.time).toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' })}</td>
              <td>{r.bidderCode}</td>
              {hideNames ? null : <td>{r.bidderName}</td>}
              <td>
                {formatYuan(r.amount)}
                {i === 0 ? <span className="tm-auction__lead">{ended ? '成交' : '领先'}</span> : null}
              </td>
            </tr>
          ))
        ) : (
          <tr>
            <td colSpan={hideNames ? 3 : 4}>暂无出价记录</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
