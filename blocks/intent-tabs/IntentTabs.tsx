import { useRef, useState, type KeyboardEvent } from 'react';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { IntentTabsProps } from '../../schemas/types/blocks.js';
import type { BlockSource } from '../../engine/runtime/source.js';
import { SourceContent } from '../../engine/react/SourceContent.js';
import ArticleList from '../article-list/ArticleList.js';
import { RouteLink } from '../_parts/RouteLink.js';
import './intent-tabs.css';

/** Tabs of lists (public notices / land information…); a tab switches on hover as well as click and arrow keys. */
export default function IntentTabs({ props, blockId }: BlockComponentProps<IntentTabsProps>) {
  const [active, setActive] = useState(0);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabs = props.tabs ?? [];
  const tab = tabs[active];
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (active + step + tabs.length) % tabs.length;
    setActive(next);
    refs.current[next]?.focus();
  };
  if (!tab) return null;
  return (
    <div className="tm-tabs tm-panel">
      <div className="tm-tabs__head">
        <div role="tablist" aria-label={tabs.map((t) => t.title).join('、')} className="tm-tabs__list" onKeyDown={onKey}>
          {tabs.map((t, i) => (
            <button
              key={t.title}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${blockId}-tab-${i}`}
              aria-selected={i === active}
              aria-controls={`${blockId}-panel`}
              tabIndex={i === active ? 0 : -1}
              className="tm-tabs__tab"
              onClick={() => setActive(i)}
              onMouseEnter={() => props.switchOnHover !== false && setActive(i)}
            >
              {t.title}
            </button>
          ))}
        </div>
        {tab.moreRoute && (
          <RouteLink to={tab.moreRoute} className="tm-panel__more">
            更多<span className="tm-visually-hidden">{tab.title}</span>
          </RouteLink>
        )}
      </div>
      <div role="tabpanel" id={`${blockId}-panel`} aria-labelledby={`${blockId}-tab-${active}`} className="tm-panel__body" tabIndex={0}>
        <SourceContent key={active} source={tab.source as BlockSource}>
          {(data) => <ArticleList props={{ ...tab, title: undefined }} data={data} blockId={`${blockId}-${active}`} />}
        </SourceContent>
      </div>
    </div>
  );
}
