import { useEffect, useRef, useState } from 'react';

type VChartInstance = { renderSync: () => unknown; release: () => void };

/**
 * One chart drawn by VChart on a canvas. The library is imported here, when the first chart mounts, so it is a chunk
 * of its own that only the statistics page loads. The canvas is hidden from assistive technology: the figure around
 * it carries the text alternative (summary and table). `data-drawn` says when it has been drawn (tests wait for it).
 */
export function Chart({ spec, height }: { spec: Record<string, unknown>; height: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    let chart: VChartInstance | undefined;
    import('@visactor/vchart/esm/vchart-simple').then(
      ({ VChart }) => {
        if (!live || !ref.current) return;
        chart = new VChart(spec as never, { dom: ref.current, animation: false }) as unknown as VChartInstance;
        chart.renderSync();
        setState('drawn');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
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
