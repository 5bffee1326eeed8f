import { lazy, Suspense, useRef, useState } from 'react';
import './password-reset.css';

// The dialog is a form from JSON Schema: rjsf comes with it, loaded when it is first opened.
const PasswordResetDialog = lazy(() => import('./PasswordResetDialog.js'));

/** 忘记密码: a link-styled button that opens the reset dialog (and gives focus back when it closes). */
export function PasswordResetLink() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} type="button" className="tm-link-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        忘记密码
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PasswordResetDialog
            onClose={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
