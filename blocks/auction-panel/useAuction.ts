import { useCallback, useEffect, useState } from 'react';
import { applyBid, applyDelay, applyEnded, applyRecords, applyState, serverOffset, type AuctionState, type DelayTimeMessage } from '../../machines/index.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { useAuctionMessages } from '../../engine/react/RealtimeProvider.js';
import { forgetLiveProject, setLiveProject, setServerOffset } from '../_parts/project-clock.js';

export interface AuctionFeed {
  state: AuctionState | null;
  /** Server time − local time, from the last server message. */
  offset: number;
  /** The last extension, for the visible notice. */
  lastDelay: DelayTimeMessage | null;
  /** A line for each live event, newest first (the bidding messages of flag showBiddingMessage). */
  events: string[];
  error: boolean;
  reload: () => void;
}

/**
 * One project's auction for the panel: loaded with the `auctionState` call, then — when `live` — kept current by the
 * real-time channel (`watch` → `auctionState`, `auctionBid`, `delayTime`, `auctionEnded`), which also answers a
 * reconnect with every record missed (`auctionRecords`) and the current state, so the list stays whole and a final
 * price is never missed.
 */
export function useAuction(projectId: number, live: boolean): AuctionFeed {
  const client = useApiClient();
  const [state, setState] = useState<AuctionState | null>(null);
  const [offset, setOffset] = useState(0);
  const [lastDelay, setLastDelay] = useState<DelayTimeMessage | null>(null);
  const [events, setEvents] = useState<string[]>([]);
  const [error, setError] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const stamp = (serverTime: number) => {
    const offset = serverOffset(serverTime, Date.now());
    setOffset(offset);
    setServerOffset(offset);
  };
  // The page's other blocks (the detail's status) follow what the server says of the project.
  const liveStatus = state?.status;
  const liveStop = state?.biddingStopTime;
  useEffect(() => {
    if (liveStatus !== undefined) setLiveProject(projectId, { status: liveStatus, biddingStopTime: liveStop });
  }, [projectId, liveStatus, liveStop]);
  useEffect(() => () => forgetLiveProject(projectId), [projectId]);
  const log = (line: string) => setEvents((list) => [line, ...list].slice(0, 20));

  useEffect(() => {
    let alive = true;
    setError(false);
    client.call('auctionState', { body: { projectId } }).then(
      (loaded) => {
        if (!alive) return;
        stamp(loaded.serverTime);
        // A live message may have arrived first: the records join, the figures of whichever knows more bids stay.
        setState((current) => applyState(current, loaded));
      },
      () => alive && setError(true),
    );
    return () => {
      alive = false;
    };
  }, [client, projectId, attempt]);

  useAuctionMessages(live ? projectId : null, (message) => {
    if (message.type === 'auctionRecords') {
      const { data } = message;
      setState((current) => (current ? applyRecords(current, data) : current));
      return;
    }
    stamp(message.data.serverTime);
    switch (message.type) {
      case 'auctionState': {
        const { data } = message;
        setState((current) => applyState(current, data));
        break;
      }
      case 'auctionBid': {
        const { data } = message;
        setState((current) => (current ? applyBid(current, data) : current));
        log(`竞买号 ${data.bid.bidderCode} 出价 ¥${data.bid.amount.toLocaleString('zh-CN', { minimumFractionDigits: 2 })}`);
        break;
      }
      case 'delayTime': {
        const { data } = message;
        setState((current) => (current ? applyDelay(current, data) : current));
        setLastDelay(data);
        log('竞价结束时间已延长');
        break;
      }
      case 'auctionEnded': {
        const { data } = message;
        setState((current) => (current ? applyEnded(current, data) : current));
        log('竞价已结束');
        break;
      }
    }
  });

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, offset, lastDelay, events, error, reload };
}
