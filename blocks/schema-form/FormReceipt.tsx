import type { Ref } from 'react';
import type { SchemaFormProps } from '../../schemas/types/blocks.js';

/**
 * What a sent form shows instead of itself when the region asks for a receipt: the reference number the call
 * answered (e.g. `{ refNo: 'TS20261124000017' }`), a note, and a button to send another.
 */
export function FormReceipt({
  receipt,
  answer,
  receiptRef,
  onAgain,
}: {
  receipt: NonNullable<SchemaFormProps['receipt']>;
  answer: Record<string, unknown>;
  receiptRef: Ref<HTMLDivElement>;
  onAgain: () => void;
}) {
  const reference = answer[receipt.field];
  return (
    <>
      <div className="tm-form-receipt" role="status" tabIndex={-1} ref={receiptRef}>
        <p className="tm-form-receipt__title">{receipt.title ?? '提交成功'}</p>
        {reference !== undefined && reference !== null && reference !== '' ? (
          <p className="tm-form-receipt__ref">
            {receipt.label ?? '受理编号'}：<strong>{String(reference)}</strong>
          </p>
        ) : null}
        {receipt.note ? <p className="tm-form-receipt__note">{receipt.note}</p> : null}
      </div>
      <p className="tm-form-block__links">
        <button type="button" className="tm-button" onClick={onAgain}>
          {receipt.againText ?? '继续提交'}
        </button>
      </p>
    </>
  );
}
