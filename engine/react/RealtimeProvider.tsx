import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { realtimeChannelMachine, socketActor, type RealtimeChannelEmitted, type SocketConstructor } from '../../machines/realtime-channel.js';
import { useSession } from './PortalClientProvider.js';
import { useFlags, useRegion } from './RegionProvider.js';
import { useSessionState } from './SessionProvider.js';

type ChannelActor = ActorRefFrom<typeof realtimeChannelMachine>;
const RealtimeContext = createContext<ChannelActor | null>(null);

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
 */
export function RealtimeProvider({ WebSocketImpl, children }: { WebSocketImpl?: SocketConstructor; children: ReactNode }) {
  const { token } = useSession();
  const { user } = useSessionState();
  const userId = token ? (user?.userId ?? null) : null;
  const region = useRegion();
  const flags = useFlags();
  const address = region.webSocketUrl ?? sameOriginSocketBase();
  const machine = useMemo(() => realtimeChannelMachine.provide({ actors: { socket: socketActor(WebSocketImpl) } }), [WebSocketImpl]);
  const [actor, setActor] = useState<ChannelActor | null>(null);
  useEffect(() => {
    const channel = createActor(machine, { input: { flags, address, userId, token } }).start();
    setActor(channel);
    return () => {
      channel.stop();
    };
    // The flags of a page's region do not change while it is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [machine, address, userId, token]);
  return <RealtimeContext.Provider value={actor}>{children}</RealtimeContext.Provider>;
}

function useChannel(): ChannelActor | null {
  return useContext(RealtimeContext);
}

/** Whether the channel is live (open), connecting/reconnecting, or off (not configured). */
export function useRealtimeStatus(): 'off' | 'connecting' | 'open' {
  const actor = useChannel();
  return useSelector(actor ?? undefined, (s) => (!s || s.matches('off') ? 'off' : s.matches({ live: 'open' }) ? 'open' : 'connecting')) as
    'off' | 'connecting' | 'open';
}

/** The new-message dot as the channel knows it (a `notice` arrived), and how to clear it. */
export function useRealtimeNotice(): { hasNewMessage: boolean; seen: () => void } {
  const actor = useChannel();
  const hasNewMessage = useSelector(actor ?? undefined, (s) => s?.context.hasNewMessage ?? false) as boolean;
  return { hasNewMessage, seen: () => actor?.send({ type: 'NOTICE_SEEN' }) };
}

/** Server time − local time as the channel last measured it (null before a heartbeat reply). */
export function useServerOffset(): number | null {
  const actor = useChannel();
  return useSelector(actor ?? undefined, (s) => s?.context.serverOffset ?? null) as number | null;
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
  const actor = useChannel();
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
  const actor = useChannel();
  useEffect(() => {
    if (!actor || !projectId) return;
    actor.send({ type: 'WATCH', projectId });
    return () => actor.send({ type: 'UNWATCH', projectId });
  }, [actor, projectId]);
}

/** The messages about one project's auction; each carries the `projectId` it is about. */
const AUCTION_MESSAGE_TYPES = ['auctionState', 'auctionBid', 'delayTime', 'auctionEnded'] as const;
export type AuctionMessage = Extract<RealtimeChannelEmitted, { type: (typeof AUCTION_MESSAGE_TYPES)[number] }>;

/**
 * Watches a project's auction while mounted (null: none) and hands `handler` each of its messages: first its
 * `auctionState` (again after a reconnect), then bids, extensions and the close. Messages of other projects the
 * page watches are not passed on. The newest `handler` is called, so it may read props and state directly.
 *
 * @example useAuctionMessages(projectId, (message) => setLive((live) => foldLive(live, message)));
 */
export function useAuctionMessages(projectId: number | null | undefined, handler: (message: AuctionMessage) => void): void {
  const actor = useChannel();
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
