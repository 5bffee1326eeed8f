import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { releaseMessages } from '../../engine/react/message-host.js';

/**
 * A native `<dialog>` shown as a modal while the component is mounted: focus moves in and stays there, Esc cancels,
 * the page behind is inert, and the browser gives focus back where it was when it closes.
 *
 * @example const ref = useModalDialog(); return <dialog ref={ref} aria-labelledby="t">…</dialog>;
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom has no showModal; the open attribute is the same dialog without the modal layer.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      releaseMessages(dialog);
      dialog.close?.();
    };
  }, []);
  return ref;
}

export interface ModalDialogProps {
  /** The heading, which names the dialog. */
  title: string;
  /** Classes beside `tm-dialog`. */
  className?: string;
  role?: 'dialog' | 'alertdialog';
  /** The id of what describes the dialog (the confirm's text, the camera's status). */
  describedBy?: string;
  /** Esc (the dialog stays until the owner unmounts it). */
  onCancel: () => void;
  children: ReactNode;
}

/**
 * The portal's modal dialog frame: a `<dialog>` on document.body with its titled heading; the owner draws the body.
 * Its effects run before the owner's, so the owner may move focus inside once it has opened.
 */
export function ModalDialog({ title, className, role, describedBy, onCancel, children }: ModalDialogProps) {
  const ref = useModalDialog();
  const id = useId();
  return createPortal(
    <dialog
      ref={ref}
      className={className ? `tm-dialog ${className}` : 'tm-dialog'}
      role={role}
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`} className="tm-dialog__title">
        {title}
      </h2>
      {children}
    </dialog>,
    document.body,
  );
}
