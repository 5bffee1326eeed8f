import type { Kysely } from 'kysely';
import type { ServerConfig } from '../runtime/config.js';
import type { Database } from '../db/schema.js';
import type { PlaceTree } from '../plugins/places.js';
import type { PortalRegions } from '../delivery/portal-regions.js';
import type { SmsSender } from '../services/sms-sender.js';
import type { AuctionHub } from '../auction/hub.js';

/** What every route module receives: settings, the database and the shared in-memory services. */
export interface AppContext {
  config: ServerConfig;
  db: Kysely<Database>;
  dbKind: 'pglite' | 'postgres';
  places: PlaceTree;
  sms: SmsSender;
  /** The region configs (regions/*.yaml) this deployment serves. */
  regions: PortalRegions;
  /** This instance's real-time fan-out: sockets, watches, and the LISTEN on the auction channel. */
  auction: AuctionHub;
}
