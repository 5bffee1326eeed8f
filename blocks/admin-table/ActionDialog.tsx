import { useId, useRef, useState, type FormEvent } from 'react';
import type { AdminTableProps } from '../../schemas/types/blocks.js';
import { ModalDialog } from '../_parts/modal-dialog.js';

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
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (action.reason && !reason.trim()) {
      setProblem(`请填写${action.reason.label}`);
      reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    const outcome = await onConfirm(reason.trim());
    setProblem(outcome && 'problem' in outcome ? outcome.problem : null);
    if (outcome && 'shown' in outcome) setShown(outcome.shown);
    setBusy(false);
  };
  if (shown !== null && action.result) return <ResultDialog action={action} result={action.result} subject={subject} value={shown} onClose={onCancel} />;
  return (
    <ModalDialog title={action.text} describedBy={`${id}-question`} onCancel={onCancel}>
      <form className="tm-dialog__body" onSubmit={submit} noValidate aria-busy={busy}>
        <p id={`${id}-question`} className="tm-dialog__text">
          {action.confirm ?? `确定${action.text}？`}
          <br />
          <strong>{subject}</strong>
        </p>
        {action.reason ? (
          <div className="tm-field">
            <label htmlFor={`${id}-reason`}>{action.reason.label}</label>
            <textarea
              ref={reasonRef}
              id={`${id}-reason`}
              rows={3}
              maxLength={200}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${id}-problem`}
              autoFocus
            />
          </div>
        ) : null}
        <p id={`${id}-problem`} className="tm-dialog__hint tm-dialog__hint--error" role="alert">
          {problem ?? ''}
        </p>
        <div className="tm-dialog__actions">
          <button type="button" className="tm-button tm-button--plain" onClick={onCancel}>
            取消
          </button>
          <button type="submit" className={action.danger ? 'tm-button tm-button--danger' : 'tm-button'} disabled={busy} autoFocus={!action.reason}>
            {busy ? '正在提交…' : `确定${action.text}`}
          </button>
        </div>
      </form>
    </ModalDialog>
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
