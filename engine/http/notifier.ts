import type { MessageKind } from '../../machines/ports.js';

export type { MessageKind };

/**
 * The one port through which the HTTP layer (and blocks) tell the user something. In the browser it is Semi's
 * Toast and Notification (`engine/react/semi-notifier.ts`); tests pass a recorder, so every rule of the error
 * catalogue is testable without a DOM.
 */
export interface Notifier {
  /** A short message at the top of the page (Semi Toast). `durationMs` defaults to the port's own default. */
  message(kind: MessageKind, text: string, durationMs?: number): void;
  /** A notification card with a title (Semi Notification). */
  notification(kind: MessageKind, title: string): void;
}

/** One thing a recording notifier was told. */
export interface NotifierEntry {
  via: 'message' | 'notification';
  kind: MessageKind;
  text: string;
  durationMs?: number;
}

/** A notifier that only remembers what it was told: for tests and for code that runs outside the browser. */
export function createRecordingNotifier(): Notifier & { entries: NotifierEntry[] } {
  const entries: NotifierEntry[] = [];
  return {
    entries,
    message(kind, text, durationMs) {
      entries.push(durationMs === undefined ? { via: 'message', kind, text } : { via: 'message', kind, text, durationMs });
    },
    notification(kind, title) {
      entries.push({ via: 'notification', kind, text: title });
    },
  };
}

/**
 * Tells the user a thing once, however many callers say it at once: the blocks of a page load in parallel, so a
 * missing project (detail, bid panel) or a dead network gave the same toast two or three times over. The same kind
 * and text through the same channel within `windowMs` (default 3 s, a toast's life) is dropped.
 * @example
 * const notifier = withoutRepeats(createSemiNotifier());
 */
export function withoutRepeats(notifier: Notifier, { windowMs = 3000, now = () => Date.now() }: { windowMs?: number; now?: () => number } = {}): Notifier {
  const lastShown = new Map<string, number>();
  const fresh = (key: string) => {
    const at = now();
    for (const [k, shownAt] of lastShown) if (at - shownAt >= windowMs) lastShown.delete(k);
    if (lastShown.has(key)) return false;
    lastShown.set(key, at);
    return true;
  };
  return {
    message(kind, text, durationMs) {
      if (fresh(`message:${kind}:${text}`)) notifier.message(kind, text, durationMs);
    },
    notification(kind, title) {
      if (fresh(`notification:${kind}:${title}`)) notifier.notification(kind, title);
    },
  };
}
