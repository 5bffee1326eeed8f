import { useId, useState } from 'react';
import type { AdminTableProps } from '../../schemas/types/blocks.js';
import { ModalDialog } from '../_parts/modal-dialog.js';
import { ConfirmForm } from './ConfirmForm.js';

type Action = NonNullable<AdminTableProps['actions']>[number];

/** What confirming gives back: a refusal to say, or the answer's value to show (an action with `result`). */
export type ActionOutcome = { problem: string } | { shown: string } | void;

/**
 * Confirms one row action; with a reason field, the reason is required. A refusal is said here and the dialog stays.
 * An action with `result` then shows the answer's value (a one-time password) until the person closes the dialog.
 */
export function ActionDialog({
  action,
  subject,
  onCancel,
  onConfirm,
}: {
  action: Action;
  subject: string;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<ActionOutcome>;
}) {
  const [shown, setShown] = useState<string | null>(null);
  const confirm = async (reason: string) => {
    const outcome = await onConfirm(reason);
    if (outcome && 'shown' in outcome) setShown(outcome.shown);
    return outcome && 'problem' in outcome ? outcome.problem : null;
  };
  if (shown !== null && action.result) return <ResultDialog action={action} result={action.result} subject={subject} value={shown} onClose={onCancel} />;
  return (
    <ConfirmForm
      title={action.text}
      question={
        <>
          {action.confirm ?? `确定${action.text}？`}
          <br />
          <strong>{subject}</strong>
        </>
      }
      reasonLabel={action.reason?.label}
      danger={action.danger}
      confirmText={`确定${action.text}`}
      busyText="正在提交…"
      onCancel={onCancel}
      onConfirm={confirm}
    />
  );
}

/** The answer's value after the action, shown once: closing the dialog forgets it. */
function ResultDialog({
  action,
  result,
  subject,
  value,
  onClose,
}: {
  action: Action;
  result: NonNullable<Action['result']>;
  subject: string;
  value: string;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <ModalDialog title={`${action.text}成功`} describedBy={`${id}-value`} onCancel={onClose}>
      <div className="tm-dialog__body">
        <p id={`${id}-value`} className="tm-dialog__text">
          {subject}
          <br />
          {result.label}：<strong className="tm-dialog__value">{value}</strong>
        </p>
        {result.note ? <p className="tm-dialog__hint">{result.note}</p> : null}
        <div className="tm-dialog__actions">
          <button type="button" className="tm-button" onClick={onClose} autoFocus>
            我已记下，关闭
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
