import type { RateLimitRule } from '../runtime/config.js';

/**
 * A fixed window over one socket's frames, in memory (a socket lives on one instance): true while the frame is
 * within `rule.max` for the current window of `rule.windowSeconds`. No rule: every frame passes.
 */
export function frameWindow(rule: RateLimitRule | undefined, now: () => number = Date.now): () => boolean {
  if (!rule) return () => true;
  let start = -Infinity;
  let count = 0;
  return () => {
    const t = now();
    if (t - start >= rule.windowSeconds * 1000) {
      start = t;
      count = 0;
    }
    return ++count <= rule.max;
  };
}
