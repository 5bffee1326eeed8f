import Notification from '@douyinfe/semi-ui/lib/es/notification';
import Toast from '@douyinfe/semi-ui/lib/es/toast';
import type { MessageKind, Notifier } from '../http/index.js';

/** Semi's defaults are 3 s for a toast and 3 s for a notification; the catalogue sets 5 s for transport errors. */
const seconds = (ms: number | undefined) => (ms === undefined ? undefined : ms / 1000);

/** The message port in the browser: messages are Semi Toasts, notifications are Semi Notifications. */
export function createSemiNotifier(): Notifier {
  return {
    message(kind: MessageKind, text: string, durationMs?: number) {
      const duration = seconds(durationMs);
      Toast[kind](duration === undefined ? { content: text } : { content: text, duration });
    },
    notification(kind: MessageKind, title: string) {
      Notification[kind]({ title, position: 'topRight' });
    },
  };
}
