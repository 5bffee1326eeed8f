import type { ProjectType } from './filters.js';

export interface TypeTab {
  label: string;
  type: ProjectType;
}

/**
 * The project type tabs. Hand-written rather than Semi's Tabs: a tab here is a route change (the type lives in the
 * query), arrow keys move to and open the next type, and the panel's ids are ours; Semi's Tabs keep their own state
 * and DOM, which the tests' roles and names would not survive unchanged.
 */
export function TypeTabs({
  blockId,
  types,
  current,
  onChoose,
}: {
  blockId: string;
  types: readonly TypeTab[];
  current: ProjectType;
  onChoose: (type: ProjectType) => void;
}) {
  return (
    <div role="tablist" aria-label="项目类型" className="tm-plist__types">
      {types.map((t) => (
        <button
          key={t.type}
          type="button"
          role="tab"
          id={`${blockId}-type-${t.type}`}
          aria-selected={t.type === current}
          aria-controls={`${blockId}-panel`}
          tabIndex={t.type === current ? 0 : -1}
          className="tm-plist__type"
          onClick={() => t.type !== current && onChoose(t.type)}
          onKeyDown={(event) => {
            const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
            if (!step) return;
            const i = types.findIndex((x) => x.type === current);
            const next = types[(i + step + types.length) % types.length];
            onChoose(next.type);
            requestAnimationFrame(() => document.getElementById(`${blockId}-type-${next.type}`)?.focus());
          }}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
