import { useActorSelector } from './useActorSelector.js';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { RealtimeChannelEmitted, realtimeChannelMachine, SocketConstructor } from '../../machines/realtime-channel.js';
import { useSession } from './PortalClientProvider.js';
import { useFlags, useRegion } from './RegionProvider.js';
import { useSessionState } from './SessionProvider.js';
import { useLaterActor } from './useLaterActor.js';

type ChannelActor = ActorRefFrom<typeof realtimeChannelMachine>;
const RealtimeContext = createContext<{ actor: ChannelActor | null; start(): void }>({ actor: null, start: () => {} });

/** The page's own host as a WebSocket base: ws://host or wss://host as the page is served. */
export function sameOriginSocketBase(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;
}

/**
 * The real-time channel of the page (spec §4), when the region turns it on (`startWebSocket`): it reconnects,
 * beats, and re-watches by itself (the machine); blocks listen with {@link useRealtimeEvent} and {@link useWatch}.
 *
 * One channel per identity: a login or logout stops the old channel and starts one for the new (user, token). Only
 * the channel is replaced; the page below is not remounted, so what a person typed survives a session change.
 *
 * The channel's machine comes when the page needs it, not with the shell: at once for a logged-in person (their
 * notices) or a block that listens (a live auction), else once the first view stands; with the channel off, only
 * for a block that listens (the machine then says off).
 */
export function RealtimeProvider({ WebSocketImpl, children }: { WebSocketImpl?: SocketConstructor; children: ReactNode }) {
  const { token } = useSession();
  const { user } = useSessionState();
  const userId = token ? (user?.userId ?? null) : null;
  const region = useRegion();
  const flags = useFlags();
  const address = region.webSocketUrl ?? sameOriginSocketBase();
  // A new identity or address is a new channel. The flags of a page's region do not change while it is shown.
  const load = useCallback(
    () => import('./channel-machine.js').then((m) => m.portalChannelMachine(WebSocketImpl)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [WebSocketImpl, address, userId, token],
  );
  const { actor, start } = useLaterActor(load, {
    input: { flags, address, userId, token },
    start: !flags.startWebSocket ? 'onDemand' : token ? 'now' : 'afterFirstView',
  });
  const value = useMemo(() => ({ actor, start }), [actor, start]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

/** The channel, or null before it runs; `listening` starts it now (a block that needs its messages). */
function useChannel(listening = false): ChannelActor | null {
  const { actor, start } = useContext(RealtimeContext);
  useEffect(() => {
    if (listening) start();
  }, [listening, start]);
  return actor;
}

/** Whether the channel is live (open), connecting/reconnecting, or off (not configured). */
export function useRealtimeStatus(): 'off' | 'connecting' | 'open' {
  const actor = useChannel();
  return useActorSelector(actor ?? undefined, (s) => (!s || s.matches('off') ? 'off' : s.matches({ live: 'open' }) ? 'open' : 'connecting')) as
    'off' | 'connecting' | 'open';
}

/** The new-message dot as the channel knows it (a `notice` arrived), and how to clear it. */
export function useRealtimeNotice(): { hasNewMessage: boolean; seen: () => void } {
  const actor = useChannel();
  const hasNewMessage = useActorSelector(actor ?? undefined, (s) => s?.context.hasNewMessage ?? false) as boolean;
  return { hasNewMessage, seen: () => actor?.send({ type: 'NOTICE_SEEN' }) };
}

/** Server time − local time as the channel last measured it (null before a heartbeat reply). */
export function useServerOffset(): number | null {
  const actor = useChannel();
  return useActorSelector(actor ?? undefined, (s) => s?.context.serverOffset ?? null) as number | null;
}

/**
 * Calls `handler` for each server message of `type` while the component is mounted.
 *
 * @example useRealtimeEvent('auctionBid', (data) => setState((s) => applyBid(s, data)));
 */
export function useRealtimeEvent<T extends RealtimeChannelEmitted['type']>(
  type: T,
  handler: (data: Extract<RealtimeChannelEmitted, { type: T }>['data']) => void,
): void {
  const actor = useChannel(true);
  useEffect(() => {
    if (!actor) return;
    const sub = actor.on(type, (event) => (handler as (data: unknown) => void)((event as { data: unknown }).data));
    return () => sub.unsubscribe();
    // The handler is expected to be stable or to read state through setState callbacks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, type]);
}

/** Watches a project's auction while mounted: the server answers with its `auctionState`, then its live messages. */
export function useWatch(projectId: number | null | undefined): void {
  const actor = useChannel(Boolean(projectId));
  useEffect(() => {
    if (!actor || !projectId) return;
    actor.send({ type: 'WATCH', projectId });
    return () => actor.send({ type: 'UNWATCH', projectId });
  }, [actor, projectId]);
}

/** The messages about one project's auction; each carries the `projectId` it is about. */
const AUCTION_MESSAGE_TYPES = ['auctionState', 'auctionBid', 'delayTime', 'auctionEnded', 'auctionRecords'] as const;
export type AuctionMessage = Extract<RealtimeChannelEmitted, { type: (typeof AUCTION_MESSAGE_TYPES)[number] }>;

/**
 * Watches a project's auction while mounted (null: none) and hands `handler` each of its messages: first its
 * `auctionState` (again after a reconnect, after the `auctionRecords` pages of what was missed), then bids, extensions
 * and the close. Messages of other projects the
 * page watches are not passed on. The newest `handler` is called, so it may read props and state directly.
 *
 * @example useAuctionMessages(projectId, (message) => setLive((live) => foldLive(live, message)));
 */
export function useAuctionMessages(projectId: number | null | undefined, handler: (message: AuctionMessage) => void): void {
  const actor = useChannel(Boolean(projectId));
  const latest = useRef(handler);
  latest.current = handler;
  // Listening starts before the watch is sent, so the state the server answers it with is never missed.
  useEffect(() => {
    if (!actor || !projectId) return;
    const subscriptions = AUCTION_MESSAGE_TYPES.map((type) =>
      actor.on(type, (event) => {
        const message = event as AuctionMessage;
        if (message.data.projectId === projectId) latest.current(message);
      }),
    );
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, projectId]);
  useWatch(projectId);
}
