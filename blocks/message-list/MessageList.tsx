import { useState } from 'react';
import { useMessagesChanged } from '../../engine/react/MessagesProvider.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { MessageListByRefIdData } from '../../schemas/types/api.js';
import type { MessageListProps } from '../../schemas/types/blocks.js';
import { Pager } from '../_parts/Pager.js';
import './message-list.css';

/**
 * The user's messages, newest first. Unread ones are marked (in words, not only colour); opening one shows its text
 * and marks it read on the server, once.
 */
export default function MessageList({ props, data }: BlockComponentProps<MessageListProps, MessageListByRefIdData>) {
  const client = useApiClient();
  const messagesChanged = useMessagesChanged();
  const [readNow, setReadNow] = useState<Set<number>>(new Set());
  const rows = data?.rows ?? [];

  const open = (id: number, read: boolean) => {
    if (read || readNow.has(id)) return;
    setReadNow((s) => new Set(s).add(id));
    // Once the server has it, the header's new-message dot counts again (and goes out when nothing is unread).
    client.request('messageRead', { body: { id } }).then(messagesChanged, () => undefined);
  };

  return (
    <div className="tm-messages">
      <p className="tm-messages__summary">
        共 {data?.total ?? 0} 条消息，未读 {Math.max(0, (data?.unread ?? 0) - [...readNow].filter((id) => rows.some((r) => r.id === id && !r.read)).length)} 条
      </p>
      <ul className="tm-messages__list">
        {rows.map((m) => {
          const read = m.read || readNow.has(m.id);
          return (
            <li key={m.id} className={read ? 'tm-message' : 'tm-message tm-message--unread'}>
              <details onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && open(m.id, m.read)}>
                <summary>
                  <span className="tm-message__state">{read ? '已读' : '未读'}</span>
                  <span className="tm-message__title">{m.title}</span>
                  <time className="tm-message__time">{m.createTime}</time>
                </summary>
                <p className="tm-message__content">{m.content}</p>
              </details>
            </li>
          );
        })}
      </ul>
      <Pager total={data?.total ?? 0} pageSize={props.pageSize ?? 10} />
    </div>
  );
}
