import { useState } from 'react';
import type { StudioEdit, StudioModel } from './studio-api.js';
import type { RunEdit } from './StudioApp.js';

type Starter = NonNullable<Extract<StudioEdit, { op: 'addPage' }>['starter']>;

/** A page id from its route, as the hand-written pages are named: /policy/detail → policyDetail. */
export function pageIdOf(route: string): string {
  const words = route.split(/[/_-]+/).filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
}

/**
 * A new page of the region from a starter (a paged list, one article, a blank page with its heading), written as
 * pages/<id>.yaml where a hand-written region keeps its pages; it then opens in the outline.
 */
export function AddPage({ model, run, onAdded }: { model: StudioModel; run: RunEdit; onAdded(pageId: string): void }) {
  const [route, setRoute] = useState('/');
  const [title, setTitle] = useState('');
  const [starter, setStarter] = useState<Starter>('list');
  const id = pageIdOf(route.trim());
  return (
    <form
      className="studio-add-page"
      aria-labelledby="add-page-title"
      onSubmit={async (event) => {
        event.preventDefault();
        if ((await run({ op: 'addPage', page: id, route: route.trim(), title: title.trim(), starter })) === undefined) onAdded(id);
      }}
    >
      <h2 id="add-page-title">新建页面</h2>
      <label htmlFor="page-route">
        页面地址
        <input id="page-route" value={route} aria-describedby="page-route-hint" onChange={(e) => setRoute(e.target.value)} />
        <small id="page-route-hint" className="studio-hint">
          以 / 开头，用英文字母、数字和 -，如 /tongzhi；文件为 pages/{id || '…'}.yaml
        </small>
      </label>
      <label htmlFor="page-title">
        页面标题
        <input id="page-title" value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label htmlFor="page-starter">
        页面模板
        <select id="page-starter" value={starter} onChange={(e) => setStarter(e.target.value as Starter)}>
          {Object.entries(model.pageStarters).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <p className="studio-hint">建好后可在“地区设置”的导航中添加指向它的导航项。</p>
      <button type="submit" disabled={!id || !title.trim()}>
        创建页面
      </button>
    </form>
  );
}
