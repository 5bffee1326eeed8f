import type { ApiClient } from '../../engine/http/index.js';
import type { AdminTableProps } from '../../schemas/types/blocks.js';
import type { BatchOutcome } from './BatchDialog.js';
import { actionApplies, actionBody, refusal, type BodyValue } from './rows.js';
import type { Row } from './use-table-rows.js';

type Action = NonNullable<AdminTableProps['actions']>[number];

/** The actions a table offers on its selected rows. */
export const batchActionsOf = (props: AdminTableProps): Action[] => (props.actions ?? []).filter((a) => a.batch);

/**
 * Above a table with batch actions: how many rows are selected, each batch action (offered when it applies to at
 * least one of them), and clearing the selection.
 */
export function BatchBar({
  actions,
  selected,
  onAction,
  onClear,
}: {
  actions: Action[];
  selected: Row[];
  onAction: (action: Action) => void;
  onClear: () => void;
}) {
  return (
    <div className="tm-console-batch" role="group" aria-label="批量操作">
      <span className="tm-console-batch__count" aria-live="polite">
        {selected.length ? `已选择 ${selected.length} 条` : '勾选记录后可批量操作'}
      </span>
      {actions.map((a) => {
        const applicable = selected.filter((row) => actionApplies(a.when, row)).length;
        return (
          <button
            key={a.text}
            type="button"
            className={a.danger ? 'tm-button tm-button--small tm-button--danger' : 'tm-button tm-button--small'}
            disabled={applicable === 0}
            onClick={() => onAction(a)}
          >
            {`批量${a.text}${applicable ? `（${applicable}）` : ''}`}
          </button>
        );
      })}
      {selected.length ? (
        <button type="button" className="tm-button tm-button--small tm-button--plain" onClick={onClear}>
          清除选择
        </button>
      ) : null}
    </div>
  );
}

/**
 * Sends the action for each row (its body from the row, the reason typed once in each) as one batch; resolves what
 * came of it with each failed row named, or a sentence when the batch as a whole was refused.
 */
export async function runBatch(
  client: ApiClient,
  { action, rows, reason, rowKey, subjectOf }: { action: Action; rows: Row[]; reason: string; rowKey: string; subjectOf: (row: Row) => string },
): Promise<BatchOutcome | string> {
  const bodies = rows.map((row) => {
    const body = actionBody(action.body as Record<string, BodyValue> | undefined, row, rowKey);
    if (action.reason) body[action.reason.field] = reason;
    return body;
  });
  try {
    const result = await client.call('adminBatch', { body: { call: action.call as never, rows: bodies } });
    return { succeeded: result.succeeded, failed: result.failed.map((f) => ({ subject: subjectOf(rows[f.index] ?? {}), msg: f.msg })) };
  } catch (e) {
    return refusal(e);
  }
}
