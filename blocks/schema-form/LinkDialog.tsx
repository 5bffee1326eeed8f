import { useId, useRef, useState, type FormEvent } from 'react';
import { isAllowedUrl } from '../_parts/url-policy.js';
import { ModalDialog } from '../_parts/modal-dialog.js';
import '../_parts/password-reset.css';

export const LINK_REFUSED = '链接地址无效：请填写以 http:// 或 https:// 开头的地址，或本站页面';

/**
 * The rich-text editor's link address, asked in the page's own modal dialog (Esc cancels). `onConfirm` gets the
 * address that passed the portal's URL policy, or '' to take the link off; a refused address is said here and the
 * dialog stays with what was typed.
 */
export function LinkDialog({ initial, onCancel, onConfirm }: { initial: string; onCancel: () => void; onConfirm: (href: string) => void }) {
  const id = useId();
  const [href, setHref] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The editor's form around the widget must not submit: React events bubble along the tree, portal or not.
    event.stopPropagation();
    const address = href.trim();
    if (address && !isAllowedUrl(address)) {
      setProblem(LINK_REFUSED);
      inputRef.current?.focus();
      return;
    }
    onConfirm(address);
  };
  return (
    <ModalDialog title="插入链接" describedBy={`${id}-hint`} onCancel={onCancel}>
      <form className="tm-dialog__body" onSubmit={submit} noValidate>
        <div className="tm-field">
          <label htmlFor={`${id}-href`}>链接地址</label>
          <input
            ref={inputRef}
            id={`${id}-href`}
            type="text"
            inputMode="url"
            autoComplete="url"
            value={href}
            onChange={(e) => {
              setHref(e.target.value);
              setProblem(null);
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-hint ${id}-problem`}
            autoFocus
          />
        </div>
        <p id={`${id}-hint`} className="tm-dialog__hint">
          以 http:// 或 https:// 开头，或本站页面（/ 开头）；留空则取消链接。
        </p>
        <p id={`${id}-problem`} className="tm-dialog__hint tm-dialog__hint--error" role="alert">
          {problem ?? ''}
        </p>
        <div className="tm-dialog__actions">
          <button type="button" className="tm-button tm-button--plain" onClick={onCancel}>
            取消
          </button>
          <button type="submit" className="tm-button">
            确定
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
