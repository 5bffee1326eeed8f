export { BlockStatus } from './BlockStatus.js';
export { BlockView } from './BlockView.js';
export { MessagesProvider, useMessagesChanged, useMessagesVersion } from './MessagesProvider.js';
export { PageView } from './PageView.js';
export { PortalApp } from './PortalApp.js';
export { PortalClientProvider, useApiClient, usePortalSiteData, useSession, useSiteData } from './PortalClientProvider.js';
export type { LoadState } from './PortalClientProvider.js';
export { RegionProvider, useFlags, useRegion, useRouteQuery } from './RegionProvider.js';
export { createSemiNotifier } from './semi-notifier.js';
export { SourceContent } from './SourceContent.js';
export { useSource } from './useSource.js';
export type { SourceState } from './useSource.js';
export { delayedReload, SessionProvider, useSessionActor, useSessionState } from './SessionProvider.js';
export {
  RealtimeProvider,
  sameOriginSocketBase,
  useAuctionMessages,
  useRealtimeEvent,
  useRealtimeNotice,
  useRealtimeStatus,
  useServerOffset,
  useWatch,
} from './RealtimeProvider.js';
export type { AuctionMessage } from './RealtimeProvider.js';
export { ReadingAidsProvider, useReadingAids } from './ReadingAidsProvider.js';
export type { ReadingAidsState } from './ReadingAidsProvider.js';
export { ReadingAidsBar } from './ReadingAidsBar.js';
