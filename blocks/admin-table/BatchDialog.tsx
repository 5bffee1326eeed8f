import { useId, useState } from 'react';
import type { AdminTableProps } from '../../schemas/types/blocks.js';
import { ModalDialog } from '../_parts/modal-dialog.js';
import { ConfirmForm } from './ConfirmForm.js';

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
  const [outcome, setOutcome] = useState<BatchOutcome | null>(null);
  const confirm = async (reason: string) => {
    const result = await onConfirm(reason);
    if (typeof result === 'string') return result;
    setOutcome(result);
    return null;
  };
  const title = `批量${action.text}`;
  if (outcome) return <BatchResult title={title} outcome={outcome} onClose={() => onClose(true)} />;
  return (
    <ConfirmForm
      title={title}
      question={
        <>
          {`确定对所选的 ${subjects.length} 条记录${action.text}？每条记录分别处理并记录操作日志。`}
          {skipped ? `另有 ${skipped} 条不适用此操作，将跳过。` : ''}
        </>
      }
      reasonLabel={action.reason?.label}
      reasonNote="（各条相同）"
      danger={action.danger}
      confirmText={`确定${action.text}（${subjects.length} 条）`}
      busyText="正在处理…"
      onCancel={() => onClose(false)}
      onConfirm={confirm}
    >
      <ul className="tm-console-batch__names" aria-label="所选记录">
        {subjects.map((s, i) => (
          <li key={i}>{s}</li>
        ))}
      </ul>
    </ConfirmForm>
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
