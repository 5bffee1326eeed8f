import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { FinancingDetailProps } from '../../schemas/types/blocks.js';
import type { FinancingDetailData } from '../../schemas/types/api.js';
import { RouteLink } from '../_parts/RouteLink.js';
import '../financing-list/financing.css';

/** One financing record (/financing/detail?id=): every field, the amount with two decimals, and 返回 to the list. */
export default function FinancingDetail({ props, data }: BlockComponentProps<FinancingDetailProps, FinancingDetailData>) {
  const fields: Array<[string, string]> = [
    ['登记编号', data.cid],
    ['融资区域', data.address],
    ['抵押人', data.dyname],
    ['抵押物类型', data.type],
    ['融资金额', `${data.amountText} 元`],
    ['登记时间', data.registertime],
    ['所属地区', data.deptName],
  ];
  return (
    <article className="tm-financing">
      <h3 className="tm-financing__title">{data.cid}</h3>
      <dl className="tm-financing__detail">
        {fields.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="tm-financing__back">
        <RouteLink to={props.backRoute ?? '/financing'} className="tm-button">
          {props.backText ?? '返回融资信息列表'}
        </RouteLink>
      </p>
    </article>
  );
}
