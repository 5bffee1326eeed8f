import { useState } from 'react';
import type { StudioModel } from './studio-api.js';
import type { RunEdit } from './StudioApp.js';

type Page = StudioModel['pages'][number];

interface OutlineProps {
  model: StudioModel;
  page: Page;
  selected: number | undefined;
  onSelect(index: number | undefined): void;
  run: RunEdit;
}

/**
 * The page's blocks top to bottom: pick one to edit; move it by dragging or by 上移/下移; duplicate or remove it; add
 * one from the catalogue. A shared page is made the region's own first.
 */
export function PageOutline({ model, page, selected, onSelect, run }: OutlineProps) {
  const [dragged, setDragged] = useState<number>();
  const move = async (from: number, to: number) => {
    if (to < 0 || to >= page.blocks.length || from === to) return;
    if ((await run({ op: 'moveBlock', page: page.id, from, to })) === undefined) onSelect(to);
  };
  return (
    <section className="studio-outline" aria-labelledby="outline-title">
      <h2 id="outline-title">
        {page.title ?? page.id} 的区块 <small>{page.file}</small>
      </h2>
      {!page.editable && (
        <p>
          这是各地区共用的页面。
          <button type="button" onClick={() => void run({ op: 'customizePage', page: page.id })}>
            在本地区定制
          </button>
        </p>
      )}
      <ol className="studio-blocks">
        {page.blocks.map((block) => (
          <li
            key={`${block.index}-${block.type}`}
            className={selected === block.index ? 'is-selected' : undefined}
            draggable={page.editable}
            onDragStart={() => setDragged(block.index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== undefined) void move(dragged, block.index);
              setDragged(undefined);
            }}
          >
            <button type="button" className="studio-block-name" aria-pressed={selected === block.index} onClick={() => onSelect(block.index)}>
              {block.index + 1}. {block.name || block.type}
              {block.props && typeof block.props.title === 'string' ? ` · ${block.props.title}` : ''}
            </button>
            {block.problems.length > 0 && (
              <p className="studio-block-problem" role="alert">
                {block.problems.map((p) => p.message).join('；')}
              </p>
            )}
            {page.editable && (
              <span className="studio-block-actions">
                <button type="button" aria-label={`上移 ${block.name}`} disabled={block.index === 0} onClick={() => void move(block.index, block.index - 1)}>
                  上移
                </button>
                <button
                  type="button"
                  aria-label={`下移 ${block.name}`}
                  disabled={block.index === page.blocks.length - 1}
                  onClick={() => void move(block.index, block.index + 1)}
                >
                  下移
                </button>
                <button type="button" aria-label={`复制 ${block.name}`} onClick={() => void run({ op: 'duplicateBlock', page: page.id, index: block.index })}>
                  复制
                </button>
                <button
                  type="button"
                  aria-label={`删除 ${block.name}`}
                  onClick={async () => {
                    if ((await run({ op: 'removeBlock', page: page.id, index: block.index })) === undefined) onSelect(undefined);
                  }}
                >
                  删除
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {page.editable && <AddBlock model={model} page={page} onAdded={onSelect} run={run} />}
    </section>
  );
}

function AddBlock({ model, page, onAdded, run }: { model: StudioModel; page: Page; onAdded(index: number): void; run: RunEdit }) {
  const [type, setType] = useState(model.catalog[0]?.type ?? '');
  const chosen = model.catalog.find((b) => b.type === type);
  return (
    <form
      className="studio-add"
      onSubmit={async (event) => {
        event.preventDefault();
        if ((await run({ op: 'addBlock', page: page.id, type })) === undefined) onAdded(page.blocks.length);
      }}
    >
      <label>
        添加区块
        <select value={type} onChange={(event) => setType(event.target.value)}>
          {model.catalog.map((b) => (
            <option key={b.type} value={b.type}>
              {b.name}（{b.type}）
            </option>
          ))}
        </select>
      </label>
      {chosen && <p className="studio-hint">{chosen.description}</p>}
      <button type="submit">添加到页面末尾</button>
    </form>
  );
}
