import type { ResolvedSource } from '../runtime/source.js';
import type { ApiClient } from './api-client.js';
import type { SiteData } from './site-data.js';
import type { PortalFirstViewData } from '../../schemas/types/api.js';

/** The first view's answers as the server gives them (portalFirstView): the place, and envelopes by source key. */
export type FirstViewAnswers = PortalFirstViewData;

/** The name index.html's inline script gives its fetch of the answers (server/delivery/first-view.ts). */
export const FIRST_VIEW_GLOBAL = '__TIANMU_FIRST_VIEW__';

/**
 * The answers index.html's inline script asked for as the page started, once they have come: null when it asked
 * none (a route without public data, a page served without it), or they failed, are not the expected shape, or
 * have not come within `waitMs` (the blocks then ask for their own rather than wait on a stuck request).
 */
export function firstViewAnswers(early: unknown, waitMs = 3000): Promise<FirstViewAnswers | null> | null {
  if (!early || typeof (early as Promise<unknown>).then !== 'function') return null;
  const answers = Promise.resolve(early as Promise<unknown>).then(
    (envelope) => {
      const data = (envelope as { code?: unknown; data?: unknown } | null)?.data as Partial<FirstViewAnswers> | undefined;
      const ok = (envelope as { code?: unknown } | null)?.code === 200;
      return ok && data && typeof data.deptId === 'string' && data.answers && typeof data.answers === 'object' ? (data as FirstViewAnswers) : null;
    },
    () => null,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
  return Promise.race([answers, late]).finally(() => clearTimeout(timer));
}

/**
 * Starts a source of the first page from the server's answer when it has one for this place, else by `ask` (its
 * usual request): the answer goes through the client's rules (image rewrites, codes), a site-data key is shared
 * as always.
 *
 * @example
 * const answers = firstViewAnswers(window.__TIANMU_FIRST_VIEW__);
 * const start = () => startAnswered(answers, key, resolved, deptId, { client, siteData, ask: () => loadSource(resolved, client, siteData) });
 */
export function startAnswered(
  answers: Promise<FirstViewAnswers | null> | null,
  key: string,
  resolved: ResolvedSource,
  deptId: string,
  { client, siteData, ask }: { client: ApiClient; siteData: SiteData; ask: () => Promise<unknown> },
): Promise<unknown> {
  if (!answers) return ask();
  const answer = answers.then((given) => (given && given.deptId === deptId ? given.answers[key] : undefined));
  if (resolved.kind === 'siteData') return siteData.loadAnswered(resolved.key, answer);
  return answer.then((envelope) => (envelope === undefined ? ask() : client.answered(resolved.call, envelope)));
}
