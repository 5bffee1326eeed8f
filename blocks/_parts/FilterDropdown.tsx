import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import './filter-dropdown.css';

export interface DropdownOption {
  value: string;
  label: string;
}

/**
 * A filter drop-down: a button showing the choice, and a list of options opened by click, Enter or Space. It closes
 * on any click or tap outside it (another drop-down, the page, a card), on Escape (focus back on the button), when
 * focus leaves it, and after a choice. Arrow keys move between the options; the chosen one is `aria-pressed`.
 */
export function FilterDropdown({
  id,
  label,
  allLabel = '不限',
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  allLabel?: string;
  options: DropdownOption[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    // pointerdown covers mouse, pen and touch; focusin catches focus moved elsewhere by other means.
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('focusin', outside, true);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('focusin', outside, true);
    };
  }, [open]);

  const choices: DropdownOption[] = [{ value: '', label: allLabel }, ...options];
  const current = options.find((o) => o.value === value);

  const choose = (next: string) => {
    onChange(next || undefined);
    setOpen(false);
    button.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) {
      setOpen(true);
      requestAnimationFrame(() => list.current?.querySelector<HTMLButtonElement>('button[aria-pressed="true"]')?.focus());
      return;
    }
    const items = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const next = event.key === 'ArrowDown' ? Math.min(items.length - 1, at + 1) : Math.max(0, at - 1);
    items[next]?.focus();
  };

  return (
    <div className="tm-dropdown" ref={root} onKeyDown={onKeyDown}>
      <span className="tm-dropdown__label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={button}
        type="button"
        className={`tm-dropdown__button${current ? ' tm-dropdown__button--set' : ''}`}
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => setOpen((o) => !o)}
      >
        <span id={`${id}-value`}>{current?.label ?? allLabel}</span>
        <span className="tm-dropdown__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <ul ref={list} id={`${id}-list`} className="tm-dropdown__list" hidden={!open} aria-labelledby={`${id}-label`}>
        {choices.map((o) => (
          <li key={o.value || 'all'}>
            <button type="button" aria-pressed={(value ?? '') === o.value} onClick={() => choose(o.value)}>
              {o.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
