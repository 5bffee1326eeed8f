import type { MessageKind, Notifier } from '../http/index.js';
import { placeMessages } from './message-host.js';

/** Semi's defaults are 3 s for a toast and 3 s for a notification; the catalogue sets 5 s for transport errors. */
const seconds = (ms: number | undefined) => (ms === undefined ? undefined : ms / 1000);

/** With the reading aids' 停止动画 (part of elder mode) on, a message stays until it is closed (Semi: duration 0). */
const staysOpen = () => typeof document !== 'undefined' && document.documentElement.classList.contains('tm-aid-calm');

/**
 * The message port in the browser: messages are Semi Toasts, notifications are Semi Notifications. Both load on the
 * first message, so pages that never show one never download them. While a modal dialog is open they are shown
 * inside it (see message-host.ts).
 */
export function createSemiNotifier(): Notifier {
  return {
    message(kind: MessageKind, text: string, durationMs?: number) {
      const duration = staysOpen() ? 0 : seconds(durationMs);
      void import('@douyinfe/semi-ui/lib/es/toast').then(({ default: Toast }) => {
        placeMessages();
        Toast[kind](duration === undefined ? { content: text } : { content: text, duration });
        placeMessages();
      });
    },
    notification(kind: MessageKind, title: string) {
      void import('@douyinfe/semi-ui/lib/es/notification').then(({ default: Notification }) => {
        placeMessages();
        Notification[kind]({ title, position: 'topRight', ...(staysOpen() ? { duration: 0 } : {}) });
        placeMessages();
      });
    },
  };
}
