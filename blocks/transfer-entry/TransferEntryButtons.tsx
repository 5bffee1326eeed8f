import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { TransferEntryProps } from '../../schemas/types/blocks.js';
import { useTransferEntry } from '../_parts/TransferEntry.js';
import './transfer-entry.css';

/** 我要转出 / 我要转入: each button runs the entry guard and opens the intent form once the login is confirmed. */
export default function TransferEntryButtons({ props }: BlockComponentProps<TransferEntryProps>) {
  const guard = useTransferEntry();
  const busy = guard.state === 'checking';
  return (
    <div className="tm-transfer-entry">
      <ul>
        {props.entries.map((entry) => (
          <li key={entry.to}>
            <button type="button" className="tm-transfer-entry__button" disabled={busy} onClick={() => guard.enter(entry.to)}>
              {entry.label}
            </button>
            {entry.description ? <p>{entry.description}</p> : null}
          </li>
        ))}
      </ul>
      {guard.dialog}
    </div>
  );
}
