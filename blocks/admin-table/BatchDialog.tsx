import { useId, useRef, useState, type FormEvent } from 'react';
import type { AdminTableProps } from '../../schemas/types/blocks.js';
import { ModalDialog } from '../_parts/modal-dialog.js';

type Action = NonNullable<AdminTableProps['actions']>[number];

/** What a batch came to: how many rows succeeded, and each failed row by its name with the server's reason. */
export interface BatchOutcome {
  succeeded: number;
  failed: Array<{ subject: string; msg: string }>;
}

interface BatchDialogProps {
  action: Action;
  /** The names of the selected rows the action applies to. */
  subjects: string[];
  /** Selected rows the action does not apply to (a published article for 发布): left out, and said. */
  skipped: number;
  onClose: (applied: boolean) => void;
  /** Runs the batch; resolves its outcome, or a sentence when the batch as a whole was refused. */
  onConfirm: (reason: string) => Promise<BatchOutcome | string>;
}

/**
 * One confirmation for an action on the selected rows: their count and names, the reason typed once when the action
 * asks for one; then the outcome in the same dialog — how many succeeded, which failed and why.
 */
export function BatchDialog({ action, subjects, skipped, onClose, onConfirm }: BatchDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<BatchOutcome | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (action.reason && !reason.trim()) {
      setProblem(`请填写${action.reason.label}`);
      reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    const result = await onConfirm(reason.trim());
    setBusy(false);
    if (typeof result === 'string') setProblem(result);
    else setOutcome(result);
  };
  const title = `批量${action.text}`;
  if (outcome) return <BatchResult title={title} outcome={outcome} onClose={() => onClose(true)} />;
  return (
    <ModalDialog title={title} describedBy={`${id}-question`} onCancel={() => onClose(false)}>
      <form className="tm-dialog__body" onSubmit={submit} noValidate aria-busy={busy}>
        <p id={`${id}-question`} className="tm-dialog__text">
          {`确定对所选的 ${subjects.length} 条记录${action.text}？每条记录分别处理并记录操作日志。`}
          {skipped ? `另有 ${skipped} 条不适用此操作，将跳过。` : ''}
        </p>
        <ul className="tm-console-batch__names" aria-label="所选记录">
          {subjects.map((s, i) => (
            <li key={i}>{s}</li>
          ))}
        </ul>
        {action.reason ? (
          <div className="tm-field">
            <label htmlFor={`${id}-reason`}>{`${action.reason.label}（各条相同）`}</label>
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
          <button type="button" className="tm-button tm-button--plain" onClick={() => onClose(false)}>
            取消
          </button>
          <button type="submit" className={action.danger ? 'tm-button tm-button--danger' : 'tm-button'} disabled={busy} autoFocus={!action.reason}>
            {busy ? '正在处理…' : `确定${action.text}（${subjects.length} 条）`}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The batch's outcome: the counts as a status, each failure by its row's name and reason. */
function BatchResult({ title, outcome, onClose }: { title: string; outcome: BatchOutcome; onClose: () => void }) {
  const id = useId();
  const summary = outcome.failed.length ? `成功 ${outcome.succeeded} 条，失败 ${outcome.failed.length} 条` : `全部成功，共 ${outcome.succeeded} 条`;
  return (
    <ModalDialog title={`${title}结果`} describedBy={`${id}-summary`} onCancel={onClose}>
      <div className="tm-dialog__body">
        <p id={`${id}-summary`} className="tm-dialog__text" role="status">
          {summary}
        </p>
        {outcome.failed.length ? (
          <ul className="tm-console-batch__failures" aria-label="失败的记录">
            {outcome.failed.map((f, i) => (
              <li key={i}>
                <strong>{f.subject}</strong>：{f.msg}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="tm-dialog__actions">
          <button type="button" className="tm-button" onClick={onClose} autoFocus>
            关闭
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
