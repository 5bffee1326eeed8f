import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { useSource } from '../../engine/react/useSource.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { BlockSource } from '../../engine/runtime/source.js';
import type { CategoriesByTypeData } from '../../schemas/types/api.js';
import type { ProjectSearchProps } from '../../schemas/types/blocks.js';
import { DEFAULT_AREA_BRACKETS } from '../project-list/filters.js';
import { withQuery } from '../_parts/data.js';
import { useRegionTowns } from '../_parts/region-towns.js';
import { projectSearchCategories } from './sources.js';
import './project-search.css';

/** Spec §5, "Project search": the warning when region, category or area range is missing. */
export const PROJECT_SEARCH_WARNING = '请选择查询信息';

/** The spec's area brackets that bound something (全部 is no range). */
const BOUNDED_BRACKETS = DEFAULT_AREA_BRACKETS.filter((b) => b.begin !== undefined || b.end !== undefined);

/**
 * Asset project search (spec §2): a region (the region and its towns), a category and an area range, all three
 * needed — else the warning 请选择查询信息 and the focus on the first one missing — then the results route with
 * pid, number, area1 and area2 in its query.
 */
export default function ProjectSearch({ props, blockId }: BlockComponentProps<ProjectSearchProps>) {
  const client = useApiClient();
  const navigate = useNavigate();
  const { places } = useRegionTowns();
  const categorySource = useMemo<BlockSource>(() => projectSearchCategories(props.projectType), [props.projectType]);
  const categoriesState = useSource<CategoriesByTypeData>(categorySource);
  const categories = categoriesState.status === 'ready' ? (categoriesState.data ?? []) : [];
  const brackets = props.areaBrackets?.length ? props.areaBrackets : BOUNDED_BRACKETS;
  const [place, setPlace] = useState('');
  const [category, setCategory] = useState('');
  const [area, setArea] = useState('');
  const [tried, setTried] = useState(false);
  const refs = { place: useRef<HTMLSelectElement>(null), category: useRef<HTMLSelectElement>(null), area: useRef<HTMLSelectElement>(null) };
  const ids = { place: `${blockId}-place`, category: `${blockId}-category`, area: `${blockId}-area` };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = (['place', 'category', 'area'] as const).find((k) => !{ place, category, area }[k]);
    if (missing) {
      setTried(true);
      client.notifier.message('warning', PROJECT_SEARCH_WARNING);
      refs[missing].current?.focus();
      return;
    }
    const bracket = brackets[Number(area)];
    navigate(withQuery(props.resultsRoute ?? '/xiangmusousuo', { pid: place, number: category, area1: bracket?.begin, area2: bracket?.end }));
  };

  const field = (key: keyof typeof ids, label: string, value: string, set: (v: string) => void, options: Array<{ value: string; label: string }>) => (
    <div className="tm-psearch__field">
      <label htmlFor={ids[key]}>{label}</label>
      <select
        ref={refs[key]}
        id={ids[key]}
        className="tm-psearch__select"
        value={value}
        aria-invalid={tried && !value ? true : undefined}
        onChange={(event) => set(event.target.value)}
      >
        <option value="">请选择</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form className="tm-psearch" aria-label={props.title ?? '资产项目查询'} onSubmit={onSubmit} noValidate>
      {field(
        'place',
        props.placeLabel ?? '所在地区',
        place,
        setPlace,
        places.map((p) => ({ value: String(p.deptId), label: p.deptName })),
      )}
      {field(
        'category',
        props.categoryLabel ?? '项目类别',
        category,
        setCategory,
        categories.map((c) => ({ value: c.code, label: c.name })),
      )}
      {field(
        'area',
        props.areaLabel ?? '面积范围',
        area,
        setArea,
        brackets.map((b, i) => ({ value: String(i), label: b.label })),
      )}
      <button type="submit" className="tm-button tm-psearch__submit">
        {props.submitText ?? '查询'}
      </button>
    </form>
  );
}
