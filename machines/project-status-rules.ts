import type { ReleaseRecord } from '../schemas/types/api.js';
import type { Region } from '../schemas/types/region.js';
import type { TimelineField } from './project-status.js';

/** The parts of a region the status rules read (a whole `Region` fits). */
export type StatusRegion = Partial<
  Pick<Region, 'statusLabels' | 'projectAllStatus' | 'statusLists' | 'initPriceTitle' | 'bargainPriceTitle' | 'projectCardShowStatusList'>
>;

/** Project types: 1 tender/procurement, 2 property transfer, 3 demand. */
export type ProjectType = 1 | 2 | 3;

/** Spec §4 default wording per status number. */
export const DEFAULT_STATUS_LABELS: Readonly<Record<number, string>> = {
  2: '公示中',
  3: '公示结束',
  4: '报名中',
  5: '报名结束',
  6: '竞价中',
  7: '已成交',
  8: '已成交',
  9: '已成交',
  10: '已结束',
  11: '已结束',
};

/** 竞价中 past its end, until the auction engine gives the outcome (已成交 or 已结束). */
export const BIDDING_ENDED_LABEL = '竞价已结束';

/** Spec §4: the "all statuses" list when no tile is selected. */
export const DEFAULT_ALL_STATUSES: readonly number[] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

/**
 * A status's wording: the region's `statusLabels` entry, else the spec's default; '' for a number outside 2..11.
 *
 * @example statusLabel(2) // '公示中'; statusLabel(2, { statusLabels: { 2: '预公告' } }) // '预公告'
 */
export function statusLabel(status: number, region?: StatusRegion): string {
  const own = region?.statusLabels?.[String(status) as keyof NonNullable<StatusRegion['statusLabels']>];
  return own || DEFAULT_STATUS_LABELS[status] || '';
}

/** `"7,8,9"` → `[7, 8, 9]`: status numbers 2..11 only, in the given order, no repeats. */
export function parseStatusList(text: string | undefined): number[] {
  const seen = new Set<number>();
  for (const part of (text ?? '').split(',')) {
    const trimmed = part.trim();
    if (!/^\d+$/.test(trimmed)) continue;
    const n = Number(trimmed);
    if (n >= 2 && n <= 11) seen.add(n);
  }
  return [...seen];
}

/**
 * The statuses a list shows when no tile is selected: the region's `projectAllStatus` (e.g. without 3), else 2..11.
 *
 * @example allStatuses({ projectAllStatus: '2,4,5,6,7,8,9,10,11' }) // [2, 4, 5, 6, 7, 8, 9, 10, 11]
 */
export function allStatuses(region?: StatusRegion): number[] {
  const own = parseStatusList(region?.projectAllStatus);
  return own.length ? own : [...DEFAULT_ALL_STATUSES];
}

/** One status filter tile: `key` is stable across renders (its statuses), `statuses` go into the list query. */
export interface StatusTileView {
  key: string;
  label: string;
  statuses: number[];
  image?: string;
}

const TILE_KIND: Record<ProjectType, 'tender' | 'transfer' | 'demand'> = { 1: 'tender', 2: 'transfer', 3: 'demand' };

/** Spec §4: 2; 4; 6; 7,8,9 — tenders have no bidding, so 2; 4; 5,10 (their end). */
const DEFAULT_TILES: Record<'bidding' | 'tender', number[][]> = {
  bidding: [[2], [4], [6], [7, 8, 9]],
  tender: [[2], [4], [5, 10]],
};

/**
 * The status filter tiles of a project type: the groups the region's `statusLists` names for that type, else the
 * spec's groups; each worded by {@link statusLabel} of its last status (7,8,9 reads as 9; the tender end 5,10 as 10),
 * so `statusLabels` is the one place a region words a status.
 *
 * @example statusTiles({ statusLabels: { 4: '公示报名中' } }, 2).map((t) => t.label) // ['公示中', '公示报名中', '竞价中', '已成交']
 */
export function statusTiles(region: StatusRegion | undefined, projectType: ProjectType): StatusTileView[] {
  const own = region?.statusLists?.[TILE_KIND[projectType]];
  const groups = own?.length
    ? own.map((tile) => ({ statuses: parseStatusList(tile.statusStr), image: tile.image })).filter((tile) => tile.statuses.length > 0)
    : DEFAULT_TILES[projectType === 1 ? 'tender' : 'bidding'].map((statuses) => ({ statuses, image: undefined }));
  return groups.map(({ statuses, image }) => ({
    key: statuses.join(','),
    label: statusLabel(statuses[statuses.length - 1], region),
    statuses,
    ...(image ? { image } : {}),
  }));
}

/** The publicity stage (spec §4): 2 publicity in progress, 3 publicity ended. */
export const PUBLICITY_STATUSES: readonly number[] = [2, 3];

/**
 * Without the publicity entries (flag `notShowPublicity`): drops the tiles that select only publicity statuses
 * (公示中, 公示结束); every other tile stays, in order. With `hide` false the tiles come back unchanged.
 *
 * @example withoutPublicity(statusTiles(undefined, 2), true).map((t) => t.label) // ['报名中', '竞价中', '已成交']
 */
export function withoutPublicity<T extends { statuses: readonly number[] }>(tiles: readonly T[], hide: boolean | undefined): T[] {
  return hide ? tiles.filter((tile) => !tile.statuses.every((s) => PUBLICITY_STATUSES.includes(s))) : [...tiles];
}

/**
 * The tile selection after a click: the clicked tile, or none (all statuses) when it was already selected.
 *
 * @example toggleStatusTile(null, '6') // '6'; toggleStatusTile('6', '6') // null; toggleStatusTile('6', '2') // '2'
 */
export function toggleStatusTile(selectedKey: string | null, clickedKey: string): string | null {
  return selectedKey === clickedKey ? null : clickedKey;
}

/** Card time line labels (and the countdown's words) per `releaseRecord` time. */
export const TIME_LABELS: Readonly<Record<TimelineField, string>> = {
  publicityStopTime: '公示截止时间',
  applyStartTime: '报名开始时间',
  applyStopTime: '报名截止时间',
  biddingStartTime: '竞价开始时间',
  biddingStopTime: '竞价截止时间',
};

/** What the project status machine's countdown runs to (`context.countdownField`), e.g. 距报名截止还有 3 天. */
export const COUNTDOWN_LABELS: Readonly<Record<TimelineField, string>> = {
  publicityStopTime: '距公示结束',
  applyStartTime: '距报名开始',
  applyStopTime: '距报名截止',
  biddingStartTime: '距竞价开始',
  biddingStopTime: '距竞价结束',
};

/** A card or detail as the API returns it: its status, type and `releaseRecord`. */
export interface TimedProject {
  status: number;
  type?: ProjectType;
  releaseRecord?: Partial<ReleaseRecord> | null;
}

/** Which time a card shows (spec §4 "Card time line by status"). */
export function cardTimeField(status: number, projectType: ProjectType): TimelineField {
  if (projectType === 1) return status <= 4 ? 'applyStartTime' : 'applyStopTime';
  if (status <= 2) return 'publicityStopTime';
  if (status <= 4) return 'applyStopTime';
  if (status === 5) return 'biddingStartTime';
  return 'biddingStopTime';
}

/**
 * The time a card shows for its status, with its label, as the API gave it; null when the record has no such time.
 * Up to 2 the publicity deadline; 3–4 the sign-up deadline; 5 the bidding start; 6 and above the bidding deadline.
 * Tenders: the sign-up start up to 4, else the sign-up deadline.
 *
 * @example cardTimeLine({ status: 5, releaseRecord: { projectType: 2, biddingStartTime: '2024-05-01 09:00:00' } })
 * // { label: '竞价开始时间', time: '2024-05-01 09:00:00' }
 */
export function cardTimeLine<T extends string | number>(project: {
  status: number;
  type?: ProjectType;
  releaseRecord?: (Partial<Record<TimelineField, T | null>> & { projectType?: ProjectType }) | null;
}): { label: string; time: T } | null {
  const type = project.releaseRecord?.projectType ?? project.type ?? 2;
  const field = cardTimeField(project.status, type);
  const time = project.releaseRecord?.[field];
  return time === null || time === undefined || time === '' ? null : { label: TIME_LABELS[field], time };
}

/** Spec default price titles (the base region's wording). */
export const DEFAULT_PRICE_TITLES = { listing: '挂牌价', deal: '成交价' } as const;

/** What the price label reads. */
export interface PricedProject {
  status: number;
  /** Listing price, yuan. */
  price: number;
  dealAmount?: number | null;
  /** Sign-ups. */
  signCts?: number | null;
}

/**
 * The price a card shows (spec §4 "Price label"): the listing price under the region's `initPriceTitle` before 7,
 * or at 7 and above with no sign-ups; otherwise the deal amount under `bargainPriceTitle`. A project that ended
 * without a deal (10/11) has no deal amount, so it keeps the listing price.
 *
 * @example priceLabel({ status: 7, price: 1000, dealAmount: 1200, signCts: 2 }) // { title: '成交价', amount: 1200 }
 */
export function priceLabel(project: PricedProject, region?: StatusRegion): { title: string; amount: number | null } {
  const dealt = project.status >= 7 && (project.signCts ?? 0) > 0 && project.dealAmount !== null && project.dealAmount !== undefined;
  return dealt
    ? { title: region?.bargainPriceTitle || DEFAULT_PRICE_TITLES.deal, amount: project.dealAmount! }
    : { title: region?.initPriceTitle || DEFAULT_PRICE_TITLES.listing, amount: project.price };
}

/**
 * The home bidding block's status text: above 6 the project shows as ended (status 10's wording), else its label.
 *
 * @example homeBiddingLabel(7) // '已结束'; homeBiddingLabel(6) // '竞价中'
 */
export function homeBiddingLabel(status: number, region?: StatusRegion): string {
  return status > 6 ? statusLabel(10, region) : statusLabel(status, region);
}

/** `default`: the status wording; `pending`: one region's card (4 待竞价, 7–9 已成交, 10/11 已结束 grey). */
export type CardBadgeVariant = 'default' | 'pending';

/** Badge colour: still open, concluded, or ended without a deal. */
export type BadgeTone = 'active' | 'done' | 'grey';

/**
 * A card's status badge. Tone: up to 6 `active`, 7–9 `done`, 10/11 `grey`. The `pending` variant reads 4 as
 * 待竞价 (pending bidding), 7–9 as 已成交 and 10/11 as 已结束 whatever the region's wording.
 *
 * @example cardBadge(4, 'pending') // { text: '待竞价', tone: 'active' }; cardBadge(10, 'default') // { text: '已结束', tone: 'grey' }
 */
export function cardBadge(status: number, variant: CardBadgeVariant = 'default', region?: StatusRegion): { text: string; tone: BadgeTone } {
  const tone: BadgeTone = status >= 10 ? 'grey' : status >= 7 ? 'done' : 'active';
  if (variant === 'pending') {
    if (status === 4) return { text: '待竞价', tone };
    if (status >= 10) return { text: '已结束', tone };
    if (status >= 7) return { text: '已成交', tone };
  }
  return { text: statusLabel(status, region), tone };
}

/**
 * Whether a project card shows its status badge: the status is in the region's `projectCardShowStatusList`
 * (absent or empty: every status).
 *
 * @example cardShowsBadge(5, { projectCardShowStatusList: '2,4,6,7,8,9' }) // false; cardShowsBadge(6) // true
 */
export function cardShowsBadge(status: number, region?: StatusRegion): boolean {
  const shown = parseStatusList(region?.projectCardShowStatusList);
  return shown.length === 0 || shown.includes(status);
}
