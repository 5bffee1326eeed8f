import { useEffect, useRef } from 'react';

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
    return () => dialog.close?.();
  }, []);
  return ref;
}
