import { useId, useRef, useState, type FormEvent } from 'react';
import type { AdminTableProps } from '../../schemas/types/blocks.js';
import { ModalDialog } from '../_parts/modal-dialog.js';

type Action = NonNullable<AdminTableProps['actions']>[number];

/** Confirms one row action; with a reason field, the reason is required. A refusal is said here and the dialog stays. */
export function ActionDialog({
  action,
  subject,
  onCancel,
  onConfirm,
}: {
  action: Action;
  subject: string;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<string | void>;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
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
    setProblem((await onConfirm(reason.trim())) ?? null);
    setBusy(false);
  };
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
