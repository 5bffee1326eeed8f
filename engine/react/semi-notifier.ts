import type { MessageKind, Notifier } from '../http/index.js';
import { placeMessages } from './message-host.js';

/** Semi's defaults are 3 s for a toast and 3 s for a notification; the catalogue sets 5 s for transport errors. */
const seconds = (ms: number | undefined) => (ms === undefined ? undefined : ms / 1000);

/**
 * The message port in the browser: messages are Semi Toasts, notifications are Semi Notifications. Both load on the
 * first message, so pages that never show one never download them. While a modal dialog is open they are shown
 * inside it (see message-host.ts).
 */
export function createSemiNotifier(): Notifier {
  return {
    message(kind: MessageKind, text: string, durationMs?: number) {
      const duration = seconds(durationMs);
      void import('@douyinfe/semi-ui/lib/es/toast').then(({ default: Toast }) => {
        placeMessages();
        Toast[kind](duration === undefined ? { content: text } : { content: text, duration });
        placeMessages();
      });
    },
    notification(kind: MessageKind, title: string) {
      void import('@douyinfe/semi-ui/lib/es/notification').then(({ default: Notification }) => {
        placeMessages();
        Notification[kind]({ title, position: 'topRight' });
        placeMessages();
      });
    },
  };
}
