/**
 * Runs `go` once the page's first view is drawn — no block shows its loading state (BlockStatus's
 * `.tm-status--loading`) — and the browser is idle: for code the first view does not need (a chart library drawn
 * after the numbers it illustrates), so it neither delays the first view nor competes with its requests. Returns
 * a cancel function.
 */
export function afterFirstView(go: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let observer: MutationObserver | undefined;
  const loading = () => document.querySelector('.tm-status--loading') !== null;
  const whenIdle = () => {
    observer?.disconnect();
    const run = () => !cancelled && go();
    idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 1000 }) : (setTimeout(run, 1) as unknown as number);
  };
  if (!loading()) whenIdle();
  else {
    observer = new MutationObserver(() => !loading() && whenIdle());
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  }
  return () => {
    cancelled = true;
    observer?.disconnect();
    if (idle === undefined) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    else clearTimeout(idle);
  };
}
