/** The kinds of message the portal shows. */
export type MessageKind = 'success' | 'info' | 'warning' | 'error';

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
