import { useState } from 'react';
import { studioApi, type StudioAnswer } from './studio-api.js';
import { ProblemList } from './ProblemList.js';

interface Place {
  name: string;
  deptId: string;
  deptCode: string;
}

const emptyPlace = (): Place => ({ name: '', deptId: '', deptCode: '' });
const asPlace = (p: Place) => ({ name: p.name.trim(), deptId: Number(p.deptId), deptCode: p.deptCode.trim() });

function PlaceFields({ prefix, label, place, onChange }: { prefix: string; label: string; place: Place; onChange(place: Place): void }) {
  return (
    <fieldset className="studio-place">
      <legend>{label}</legend>
      <label>
        名称
        <input id={`${prefix}-name`} value={place.name} onChange={(e) => onChange({ ...place, name: e.target.value })} />
      </label>
      <label>
        地区编号（deptId）
        <input id={`${prefix}-deptId`} inputMode="numeric" value={place.deptId} onChange={(e) => onChange({ ...place, deptId: e.target.value })} />
      </label>
      <label>
        统计区划代码（12 位）
        <input id={`${prefix}-deptCode`} inputMode="numeric" value={place.deptCode} onChange={(e) => onChange({ ...place, deptCode: e.target.value })} />
      </label>
    </fieldset>
  );
}

/** A new county: its id and names, its place tree (province, city, the county, its towns) and a home from a starter. */
export function CountyWizard({ onCreated, onRefused }: { onCreated(answer: StudioAnswer): void; onRefused(answer: StudioAnswer): void }) {
  const [id, setId] = useState('');
  const [county, setCounty] = useState<Place>(emptyPlace());
  const [lesseeId, setLesseeId] = useState('');
  const [codePrefix, setCodePrefix] = useState('');
  const [province, setProvince] = useState<Place>(emptyPlace());
  const [city, setCity] = useState<Place>(emptyPlace());
  const [towns, setTowns] = useState<Place[]>([emptyPlace()]);
  const [starter, setStarter] = useState('news');
  const [answer, setAnswer] = useState<StudioAnswer>();
  return (
    <form
      className="studio-wizard"
      aria-labelledby="wizard-title"
      onSubmit={async (event) => {
        event.preventDefault();
        const result = await studioApi.county({
          id: id.trim(),
          cityName: county.name.trim(),
          deptId: Number(county.deptId),
          deptCode: county.deptCode.trim(),
          lesseeId: Number(lesseeId),
          projectCodePrefix: codePrefix.trim(),
          ancestors: [province, city].filter((p) => p.name.trim()).map(asPlace),
          towns: towns.filter((t) => t.name.trim()).map(asPlace),
          starter,
        });
        setAnswer(result);
        if (result.ok) onCreated(result);
        else onRefused(result);
      }}
    >
      <h2 id="wizard-title">新建地区</h2>
      <label>
        地区标识（英文小写，如 songyang）
        <input id="county-id" value={id} onChange={(e) => setId(e.target.value)} />
      </label>
      <PlaceFields prefix="county" label="本县（区、市）" place={county} onChange={setCounty} />
      <label>
        租户编号（lesseeId）
        <input id="county-lesseeId" inputMode="numeric" value={lesseeId} onChange={(e) => setLesseeId(e.target.value)} />
      </label>
      <label>
        项目编号前缀（大写字母，如 SY；可不填）
        <input id="county-codePrefix" value={codePrefix} onChange={(e) => setCodePrefix(e.target.value)} />
      </label>
      <PlaceFields prefix="province" label="所属省" place={province} onChange={setProvince} />
      <PlaceFields prefix="city" label="所属市" place={city} onChange={setCity} />
      {towns.map((town, i) => (
        <PlaceFields
          key={i}
          prefix={`town-${i}`}
          label={`镇（街道）${i + 1}`}
          place={town}
          onChange={(p) => setTowns(towns.map((t, j) => (j === i ? p : t)))}
        />
      ))}
      <button type="button" onClick={() => setTowns([...towns, emptyPlace()])}>
        再加一个镇（街道）
      </button>
      <label>
        首页模板
        <select value={starter} onChange={(e) => setStarter(e.target.value)}>
          <option value="news">新闻与公告（图片新闻、工作动态、最新公告、项目查询、镇街导航）</option>
          <option value="blank">空白首页（只有项目查询）</option>
        </select>
      </label>
      {answer && !answer.ok && (
        <>
          <p role="alert">{answer.msg}</p>
          <ProblemList title="新地区的问题" problems={answer.problems} />
        </>
      )}
      <button type="submit">创建地区</button>
    </form>
  );
}
