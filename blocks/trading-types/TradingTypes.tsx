import { Link } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { TradingTypesProps } from '../../schemas/types/blocks.js';
import { SourceContent } from '../../engine/react/SourceContent.js';
import { useRegion } from '../../engine/react/RegionProvider.js';
import { withQuery } from '../_parts/data.js';
import { categoriesSource } from '../_parts/shared-sources.js';

const DEFAULT_TYPES = [
  { label: '产权交易', type: 2 },
  { label: '招标采购', type: 1 },
  { label: '需求项目', type: 3 },
];

/** Trading types (/jylx): each project type of the region with its categories, linking to the project list. */
export default function TradingTypes({ props, blockId }: BlockComponentProps<TradingTypesProps>) {
  const region = useRegion();
  const route = props.projectRoute ?? '/tradingProject';
  const types = (region.projectTypeList?.length ? region.projectTypeList : DEFAULT_TYPES) as Array<{ label: string; type: number | string }>;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${types.length}, 1fr)`, gap: 16 }}>
      {types.map((t, i) => (
        <section key={t.label} aria-labelledby={`${blockId}-t${i}`} style={{ border: '1px solid var(--tm-border)', borderRadius: 4, padding: 12 }}>
          <h3 id={`${blockId}-t${i}`} style={{ margin: '0 0 8px', fontSize: 18 }}>
            <Link to={withQuery(route, { idx: t.type })}>{t.label}</Link>
          </h3>
          <SourceContent<Array<{ code: string; name: string }>> source={categoriesSource(Number(t.type))}>
            {(cats) => (
              <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '6px 16px' }}>
                {cats.map((c) => (
                  <li key={c.code}>
                    <Link to={withQuery(route, { idx: t.type, number: c.code })}>{c.name}</Link>
                  </li>
                ))}
              </ul>
            )}
          </SourceContent>
        </section>
      ))}
    </div>
  );
}
