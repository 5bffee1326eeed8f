import { studioApi, type StudioAnswer, type StudioModel } from './studio-api.js';

export type Panel = 'block' | 'settings' | 'page' | 'county';

interface BarProps {
  model: StudioModel;
  page: StudioModel['pages'][number];
  panel: Panel;
  status: string;
  onPage(id: string): void;
  onPanel(panel: Panel): void;
  onAnswer(answer: StudioAnswer, done: string): void;
}

/** The studio's top bar: the region, the page being edited, undo and redo, the panels, and how the last change went. */
export function StudioBar({ model, page, panel, status, onPage, onPanel, onAnswer }: BarProps) {
  const ownPages = model.pages.filter((p) => p.editable);
  const sharedPages = model.pages.filter((p) => !p.editable);
  return (
    <header className="studio-bar">
      <h1>页面工作室 · {model.region.cityName}</h1>
      <label>
        页面
        <select value={page.id} onChange={(event) => onPage(event.target.value)}>
          <optgroup label="本地区的页面">
            {ownPages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title ?? p.id}（{p.route}）
              </option>
            ))}
          </optgroup>
          <optgroup label="共用页面（定制后可编辑）">
            {sharedPages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title ?? p.id}（{p.route}）
              </option>
            ))}
          </optgroup>
        </select>
      </label>
      <button type="button" disabled={!model.history.canUndo} onClick={async () => onAnswer(await studioApi.undo(), '已撤销')}>
        撤销
      </button>
      <button type="button" disabled={!model.history.canRedo} onClick={async () => onAnswer(await studioApi.redo(), '已重做')}>
        重做
      </button>
      <nav aria-label="编辑面板" className="studio-tabs">
        {(
          [
            ['block', '区块'],
            ['settings', '地区设置'],
            ['page', '新建页面'],
            ['county', '新建地区'],
          ] as const
        ).map(([id, label]) => (
          <button key={id} type="button" aria-pressed={panel === id} onClick={() => onPanel(id)}>
            {label}
          </button>
        ))}
      </nav>
      <p className="studio-status" role="status" aria-live="polite">
        {status}
      </p>
    </header>
  );
}
