import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ModalDialog } from '../_parts/modal-dialog.js';

export interface ConfirmFormProps {
  title: string;
  /** What is asked (the dialog's description), and anything to show under it (the rows a batch applies to). */
  question: ReactNode;
  children?: ReactNode;
  /** A reason the person must type (its label): refused empty, said under the field, which takes the focus. */
  reasonLabel?: string;
  /** Said after the reason's label on the form (not in the refusal): （各条相同） for a batch. */
  reasonNote?: string;
  danger?: boolean;
  confirmText: string;
  busyText: string;
  onCancel: () => void;
  /** Does the work with the reason typed (trimmed); resolves a refusal to say here, or nothing. */
  onConfirm: (reason: string) => Promise<string | null>;
}

/**
 * The confirmation a row action and a batch share: the question, the reason when one is asked for, a refusal said in
 * place (the dialog stays), 取消 and the confirming button, busy while the work runs.
 */
export function ConfirmForm({ title, question, children, reasonLabel, reasonNote = '', danger, confirmText, busyText, onCancel, onConfirm }: ConfirmFormProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reasonLabel && !reason.trim()) {
      setProblem(`请填写${reasonLabel}`);
      reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    const refusal = await onConfirm(reason.trim());
    setProblem(refusal);
    setBusy(false);
  };
  return (
    <ModalDialog title={title} describedBy={`${id}-question`} onCancel={onCancel}>
      <form className="tm-dialog__body" onSubmit={submit} noValidate aria-busy={busy}>
        <p id={`${id}-question`} className="tm-dialog__text">
          {question}
        </p>
        {children}
        {reasonLabel ? (
          <div className="tm-field">
            <label htmlFor={`${id}-reason`}>{`${reasonLabel}${reasonNote}`}</label>
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
          <button type="submit" className={danger ? 'tm-button tm-button--danger' : 'tm-button'} disabled={busy} autoFocus={!reasonLabel}>
            {busy ? busyText : confirmText}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
