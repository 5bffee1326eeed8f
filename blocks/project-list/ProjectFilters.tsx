import { useEffect, useState, type FormEvent } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import Input from '@douyinfe/semi-ui/lib/es/input';
import type { Place } from '../../schemas/types/api.js';
import { PlaceOptions } from '../_parts/PlaceOptions.js';
import type { AreaBracket } from './filters.js';

export interface FilterChanges {
  place?: string;
  area?: number;
  keyword?: string;
}

/**
 * Place, area (for the types that have one) and keyword. Place and area apply at once; the keyword when searched.
 * The region itself (the first place) is sent as no place.
 */
export function ProjectFilters({
  blockId,
  places,
  chosenPlace,
  regionName,
  brackets,
  area,
  keyword: current,
  showArea,
  onChange,
}: {
  blockId: string;
  places: readonly Place[];
  chosenPlace: Place | undefined;
  regionName: string;
  brackets: readonly AreaBracket[];
  area: number;
  keyword: string | undefined;
  showArea: boolean;
  onChange: (changes: FilterChanges) => void;
}) {
  const ids = { place: `${blockId}-place`, area: `${blockId}-area`, keyword: `${blockId}-keyword` };
  const [keyword, setKeyword] = useState(current ?? '');
  useEffect(() => setKeyword(current ?? ''), [current]);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    onChange({ keyword: keyword.trim() || undefined });
  };
  return (
    <form role="search" aria-label="筛选交易项目" className="tm-plist__filters" onSubmit={onSearch}>
      <div className="tm-plist__field">
        <label htmlFor={ids.place} className="tm-plist__rowlabel">
          所在地区
        </label>
        {/* A native select: Semi's Select leaves dangling aria references and an unlabelled icon that axe flags. */}
        <select
          id={ids.place}
          className="tm-plist__select"
          value={chosenPlace?.deptCode ?? places[0]?.deptCode ?? ''}
          onChange={(event) => onChange({ place: event.target.value === places[0]?.deptCode ? undefined : event.target.value })}
        >
          <PlaceOptions places={places} regionName={regionName} />
        </select>
      </div>
      {showArea && (
        <div className="tm-plist__field">
          <label htmlFor={ids.area} className="tm-plist__rowlabel">
            面积
          </label>
          <select
            id={ids.area}
            className="tm-plist__select"
            value={Math.min(area, brackets.length - 1)}
            onChange={(event) => onChange({ area: Number(event.target.value) || undefined })}
          >
            {brackets.map((b, i) => (
              <option key={b.label} value={i}>
                {b.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="tm-plist__field tm-plist__field--grow">
        <label htmlFor={ids.keyword} className="tm-plist__rowlabel">
          关键字
        </label>
        <Input id={ids.keyword} type="search" value={keyword} onChange={(value) => setKeyword(value)} placeholder="项目名称、编号或地址" />
      </div>
      <Button htmlType="submit" theme="solid" type="primary">
        搜索
      </Button>
    </form>
  );
}
