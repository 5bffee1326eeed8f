import { useEffect, useMemo, useRef, useState } from 'react';
import { afterFirstView } from '../../engine/react/after-first-view.js';
import { useRegion } from '../../engine/react/RegionProvider.js';
import { PALETTE, themedPalette } from '../_parts/chart-palette.js';

type VChartInstance = { renderSync: () => unknown; release: () => void };

/**
 * Calls `go` once the element is near the viewport and the page's first view is drawn (afterFirstView): the chart
 * library (360 KB gzip) is fetched after the figures, summaries and tables are on screen, and a chart far below is
 * not drawn (costly on an old PC) until the visitor scrolls towards it.
 */
function whenVisibleAfterFirstView(element: Element, go: () => void): () => void {
  // Without the observer (a test DOM), every chart waits for the first view only.
  if (typeof IntersectionObserver === 'undefined') return afterFirstView(go);
  let stopWaiting: (() => void) | undefined;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      stopWaiting = afterFirstView(go);
    },
    { rootMargin: '100px 0px' },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    stopWaiting?.();
  };
}

/**
 * One chart drawn by VChart on a canvas. The library is imported here, when a chart comes into view after the first
 * view is drawn, so it is a chunk of its own that only the statistics page loads, after its numbers. The canvas is
 * hidden from assistive technology: the figure around it carries the text alternative (summary and table).
 * `data-drawn` says when it has been drawn (tests wait for it). A spec in the shared PALETTE is drawn in the region's
 * main colour first (themedPalette).
 */
export function Chart({ spec: given, height }: { spec: Record<string, unknown>; height: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');
  const primary = useRegion().theme?.primary;
  const spec = useMemo(() => (given.color === PALETTE ? { ...given, color: themedPalette(primary) } : given), [given, primary]);
  useEffect(() => {
    let live = true;
    let chart: VChartInstance | undefined;
    const stop = whenVisibleAfterFirstView(ref.current!, () => {
      import('@visactor/vchart/esm/vchart-simple').then(
        ({ VChart }) => {
          if (!live || !ref.current) return;
          chart = new VChart(spec as never, { dom: ref.current, animation: false }) as unknown as VChartInstance;
          chart.renderSync();
          setState('drawn');
        },
        () => live && setState('failed'),
      );
    });
    return () => {
      live = false;
      stop();
      chart?.release();
    };
  }, [spec]);
  return (
    <div className="tm-chart__canvas" style={{ height }} aria-hidden="true" data-drawn={state === 'drawn' ? 'true' : undefined}>
      <div ref={ref} style={{ width: '100%', height: '100%' }} />
      {state === 'failed' && <p className="tm-chart__failed">图表加载失败，请查看下方数据表。</p>}
    </div>
  );
}
