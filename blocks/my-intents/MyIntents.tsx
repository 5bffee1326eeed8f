import { Link } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { DesiredMineData, MyIntent } from '../../schemas/types/api.js';
import type { MyIntentsProps } from '../../schemas/types/blocks.js';
import { Pager } from '../_parts/Pager.js';
import { withQuery } from '../_parts/data.js';
import '../my-auctions/my-auctions.css';
import './my-intents.css';

const TYPE_TEXT: Record<number, string> = { 1: '意向转出', 2: '意向受让' };

/**
 * 我的意向: the intents the user submitted, newest first, each with its review state in words — 待审核 (staff have not
 * published it; nobody else sees it yet), 已发布 (linked to its public detail), or 未通过 and why.
 */
export default function MyIntents({ props, data }: BlockComponentProps<MyIntentsProps, DesiredMineData>) {
  const rows = data?.rows ?? [];
  return (
    <div className="tm-mine tm-myintents">
      <p className="tm-mine__summary">
        共 {data?.total ?? 0} 条意向
        {props.submitRoute && (
          <>
            {'　'}
            <Link to={withQuery(props.submitRoute, { id: 1 })}>我要转出</Link>
            {'　'}
            <Link to={withQuery(props.submitRoute, { id: 2 })}>我要转入</Link>
          </>
        )}
      </p>
      <ul className="tm-mine__list">
        {rows.map((row) => (
          <li key={row.id}>
            <MyIntentItem row={row} href={withQuery(props.detailRoute ?? '/zhuanchushourang/detail', { id: row.id })} />
          </li>
        ))}
      </ul>
      <Pager total={data?.total ?? 0} pageSize={props.pageSize ?? 10} />
    </div>
  );
}

function MyIntentItem({ row, href }: { row: MyIntent; href: string }) {
  return (
    <article className="tm-mine__item">
      <div className="tm-mine__head">
        <h3 className="tm-mine__title">
          <span className="tm-badge">{TYPE_TEXT[row.type] ?? '意向'}</span>
          {/* Only a published intent has a public detail page; the others are read here. */}
          {row.state === 1 ? <Link to={href}>{row.projectname}</Link> : <span>{row.projectname}</span>}
        </h3>
        <strong className={`tm-myintents__state tm-myintents__state--${row.state}`}>{row.stateText}</strong>
      </div>
      <dl className="tm-mine__facts">
        <div>
          <dt>审核状态</dt>
          <dd>{row.stateText}</dd>
        </div>
        {row.areaName && (
          <div>
            <dt>所在地区</dt>
            <dd>{row.areaName}</dd>
          </div>
        )}
        <div>
          <dt>提交时间</dt>
          <dd>{row.logintime}</dd>
        </div>
        {row.reviewedAt && (
          <div>
            <dt>审核时间</dt>
            <dd>{row.reviewedAt}</dd>
          </div>
        )}
      </dl>
      {row.state === 0 && <p className="tm-myintents__note">工作人员审核通过后，意向将公开发布。</p>}
      {row.state === 2 && <p className="tm-myintents__reason">未通过原因：{row.reviewReason || '未说明'}</p>}
    </article>
  );
}
