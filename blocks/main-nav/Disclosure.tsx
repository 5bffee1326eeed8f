import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A navigation item with a drop-down panel: opens on mouse hover, on click or tap and from the keyboard (Enter/Space
 * on the button; Escape closes and returns focus); closes when the mouse or focus leaves, or on any outside click.
 * Hover is a mouse's only: a tap on a phone fires enter and click together, which opened and at once closed it.
 */
export function Disclosure({ label, id, active, children }: { label: string; id: string; active?: boolean; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);
  return (
    <li
      ref={root}
      className={`tm-nav__item tm-nav__item--menu${active ? ' tm-nav__item--active' : ''}`}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setOpen(false);
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button ref={button} type="button" className="tm-nav__link" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {label}
        <span className="tm-nav__caret" aria-hidden="true" />
      </button>
      <div id={id} className="tm-nav__panel" hidden={!open}>
        {children(() => setOpen(false))}
      </div>
    </li>
  );
}
