import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { FinancingListProps } from '../../schemas/types/blocks.js';
import type { FinancingMsgListData } from '../../schemas/types/api.js';
import { Pager } from '../_parts/Pager.js';
import { RouteLink } from '../_parts/RouteLink.js';
import { dateOf, rowsOf, withQuery } from '../_parts/data.js';
import './financing.css';

type Row = FinancingMsgListData['rows'][number];

/**
 * Financing (mortgage registration) records as a table — 登记编号, 融资区域, 抵押人, 抵押物类型, 融资金额 with two
 * decimals, 登记时间 — 10 a page with the pager; a row opens its detail. With `search` (the financing announcement)
 * a form filters by 融资区域 and 登记编号, kept in the route query (`address`, `cid`).
 */
export default function FinancingList({ props, data, blockId }: BlockComponentProps<FinancingListProps, FinancingMsgListData | undefined>) {
  const pageSize = props.pageSize ?? 10;
  const detailRoute = props.detailRoute ?? '/financing/detail';
  const rows = rowsOf<Row>(data);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(search);
  const [address, setAddress] = useState(query.get('address') ?? '');
  const [cid, setCid] = useState(query.get('cid') ?? '');
  // Back/forward to another search shows that search's words in the fields.
  useEffect(() => {
    const q = new URLSearchParams(search);
    setAddress(q.get('address') ?? '');
    setCid(q.get('cid') ?? '');
  }, [search]);
  const searched = Boolean(query.get('address') || query.get('cid'));

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    navigate(withQuery(pathname, { address: address.trim(), cid: cid.trim() }));
  };

  return (
    <div className="tm-financing">
      {props.search && (
        <form role="search" aria-label="查询融资信息" className="tm-financing__search" onSubmit={onSearch}>
          <div className="tm-financing__field">
            <label htmlFor={`${blockId}-address`}>融资区域</label>
            <input
              id={`${blockId}-address`}
              type="search"
              maxLength={100}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              placeholder="乡镇或村名称"
            />
          </div>
          <div className="tm-financing__field">
            <label htmlFor={`${blockId}-cid`}>登记编号</label>
            <input id={`${blockId}-cid`} type="search" maxLength={64} value={cid} onChange={(e) => setCid(e.target.value)} placeholder="完整的登记编号" />
          </div>
          <button type="submit" className="tm-button">
            查询
          </button>
          {searched && (
            <RouteLink to={pathname} className="tm-financing__reset">
              重置
            </RouteLink>
          )}
        </form>
      )}
      {props.searchRoute && (
        <p className="tm-financing__searchlink">
          <RouteLink to={props.searchRoute}>融资公告查询</RouteLink>（按融资区域、登记编号查询）
        </p>
      )}
      {rows.length === 0 ? (
        <p className="tm-status">{searched ? '未查询到相关融资信息' : '暂无数据'}</p>
      ) : (
        <div className="tm-financing__scroll">
          <table className="tm-financing__table">
            <caption className="tm-visually-hidden">{props.caption ?? '融资信息列表'}</caption>
            <thead>
              <tr>
                <th scope="col">登记编号</th>
                <th scope="col">融资区域</th>
                <th scope="col">抵押人</th>
                <th scope="col">抵押物类型</th>
                <th scope="col" className="tm-financing__num">
                  融资金额（元）
                </th>
                <th scope="col">登记时间</th>
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, pageSize).map((r) => (
                <tr key={r.id}>
                  <td>
                    <RouteLink to={withQuery(detailRoute, { id: r.id })}>{r.cid}</RouteLink>
                  </td>
                  <td>{r.address}</td>
                  <td>{r.dyname}</td>
                  <td>{r.type}</td>
                  <td className="tm-financing__num">{r.amountText}</td>
                  <td>
                    <time dateTime={dateOf(r.registertime)}>{dateOf(r.registertime)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.pager !== false && <Pager total={data?.total ?? 0} pageSize={pageSize} />}
    </div>
  );
}
