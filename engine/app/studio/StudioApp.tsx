import { useCallback, useEffect, useState } from 'react';
import { studioApi, type Problem, type StudioAnswer, type StudioEdit, type StudioModel } from './studio-api.js';
import { PageOutline } from './PageOutline.js';
import { BlockEditor } from './BlockEditor.js';
import { RegionSettings } from './RegionSettings.js';
import { CountyWizard } from './CountyWizard.js';
import { AddPage } from './AddPage.js';
import { ProblemList } from './ProblemList.js';
import { StudioBar, type Panel } from './StudioBar.js';

/** Runs an edit and says how it went; the forms show a refusal beside themselves too. */
export type RunEdit = (edit: StudioEdit) => Promise<string | undefined>;

/**
 * The page studio: the outline of a page's blocks and the region's settings beside the live page. Every change goes
 * to the server, which writes the region's YAML only when it validates; the preview then shows it in the page.
 */
export function StudioApp() {
  const [model, setModel] = useState<StudioModel>();
  const [pageId, setPageId] = useState('home');
  const [selected, setSelected] = useState<number>();
  const [panel, setPanel] = useState<Panel>('block');
  const [status, setStatus] = useState('');
  const [refused, setRefused] = useState<Problem[]>([]);

  const take = useCallback((answer: StudioAnswer, done: string) => {
    if (answer.model) setModel(answer.model);
    setRefused(answer.ok ? [] : answer.problems);
    setStatus(answer.ok ? done : answer.msg);
    return answer.ok ? undefined : answer.msg;
  }, []);

  useEffect(() => {
    void studioApi.model().then((answer) => take(answer, ''));
  }, [take]);

  const run: RunEdit = useCallback(async (edit) => take(await studioApi.edit(edit), '已保存'), [take]);

  if (!model) {
    return (
      <main className="studio-loading">
        <p role="status">{status || '正在读取地区配置…'}</p>
      </main>
    );
  }
  const page = model.pages.find((p) => p.id === pageId) ?? model.pages[0];
  const block = selected === undefined ? undefined : page.blocks[selected];

  return (
    <div className="studio">
      <StudioBar
        model={model}
        page={page}
        panel={panel}
        status={status}
        onPage={(id) => {
          setPageId(id);
          setSelected(undefined);
        }}
        onPanel={setPanel}
        onAnswer={take}
      />
      <ProblemList title="没有保存的原因" problems={refused} />
      <div className="studio-body">
        <PageOutline model={model} page={page} selected={selected} onSelect={setSelected} run={run} />
        <section className="studio-preview" aria-label="页面预览">
          <iframe title={`${model.region.cityName}${page.title ?? ''}预览`} src={`/?region=${encodeURIComponent(model.region.id)}#${page.route}`} />
        </section>
        <aside className="studio-panel" aria-label="编辑">
          {panel === 'block' &&
            (block ? (
              <BlockEditor key={`${page.id}-${block.index}-${block.type}`} model={model} page={page} block={block} run={run} />
            ) : (
              <p>在左侧选一个区块来编辑它的属性、数据来源和显示条件。</p>
            ))}
          {panel === 'settings' && <RegionSettings model={model} run={run} />}
          {panel === 'page' && (
            <AddPage
              model={model}
              run={run}
              onAdded={(id) => {
                setPageId(id);
                setSelected(undefined);
                setPanel('block');
              }}
            />
          )}
          {panel === 'county' && (
            <CountyWizard
              onCreated={(answer) => {
                take(answer, '已创建新地区');
                setPageId('home');
                setSelected(undefined);
                setPanel('block');
              }}
              onRefused={(answer) => take(answer, '')}
            />
          )}
        </aside>
      </div>
    </div>
  );
}
