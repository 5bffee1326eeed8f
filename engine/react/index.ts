export { PortalClientProvider, useApiClient, useSession, useSiteData } from './PortalClientProvider.js';
export type { LoadState } from './PortalClientProvider.js';
export { createSemiNotifier } from './semi-notifier.js';
