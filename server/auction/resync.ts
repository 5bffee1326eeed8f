import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { RECORDS_KEPT, RECORDS_PAGE, type AuctionRecordsMessage } from '../../machines/auction-view.js';
import { auctionRecords, auctionState, type AuctionRecord, type AuctionState } from './auction-state.js';

/** What a watcher is sent to be complete again: the missed records older than the state's, in pages, then the state. */
export interface Resync {
  state: AuctionState;
  /** Oldest page first, each newest first; empty when the state's newest 50 already hold all the watcher missed. */
  pages: AuctionRecordsMessage[];
}

/**
 * The state of a project and, when the watcher has seen records up to `lastBidId`, every record after it that the
 * state's newest 50 do not carry: the records the watcher holds plus these equal the database's. At most
 * {@link RECORDS_KEPT} missed records (the newest of them); undefined when the project does not exist.
 *
 * @example await resync(db, 12, 4051) // → { state, pages: [{ projectId: 12, records: [...200], more: true }, ...] }
 */
export async function resync(db: Kysely<Database>, projectId: number, lastBidId?: number): Promise<Resync | undefined> {
  const state = await auctionState(db, projectId);
  if (!state) return undefined;
  const oldest = state.records.at(-1)?.id;
  if (lastBidId === undefined || oldest === undefined || oldest <= lastBidId + 1) return { state, pages: [] };
  const missed = await auctionRecords(db, projectId, { after: lastBidId, before: oldest, limit: RECORDS_KEPT });
  return { state, pages: pagesOf(projectId, missed) };
}

/** Newest-first records as pages of {@link RECORDS_PAGE}, the oldest page first (a viewer cut off midway asks on
 * from the last page it holds). */
export function pagesOf(projectId: number, records: readonly AuctionRecord[]): AuctionRecordsMessage[] {
  const pages: AuctionRecordsMessage[] = [];
  for (let end = records.length; end > 0; end -= RECORDS_PAGE) {
    pages.push({ projectId, records: records.slice(Math.max(0, end - RECORDS_PAGE), end), more: end > RECORDS_PAGE });
  }
  return pages;
}
