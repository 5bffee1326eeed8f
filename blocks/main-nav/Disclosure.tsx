import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type MutableRefObject, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** The panel's links a reader can move between (a place that opens no window is text, not a stop). */
function itemsOf(panel: HTMLElement | null): HTMLElement[] {
  return panel ? Array.from(panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')) : [];
}

/** Where an arrow, Home or End key moves from `index` among `count` items (wrapping), or null for another key. */
export function nextItemIndex(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowDown' || key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowUp' || key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** A pointer pressed anywhere outside `root` closes the open drop-down. */
function useOutsideClose(open: boolean, root: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, root, close]);
}

/**
 * After each render, the focus asked for: the opened panel's first or last link, or main once a choice closed it.
 * A request is dropped only by closing the menu (see `show`), never here: an earlier render's effect, still queued
 * when the key came, runs first with that render's `open` and must not take the request from the render it is for.
 */
function usePendingFocus(open: boolean, panel: RefObject<HTMLElement | null>, pending: MutableRefObject<'first' | 'last' | 'main' | null>) {
  useEffect(() => {
    const want = pending.current;
    if (!want) return;
    if (want === 'main') {
      if (open) return;
      pending.current = null;
      document.getElementById('tm-main')?.focus({ preventScroll: true });
      return;
    }
    if (!open || !panel.current) return;
    const focusItem = () => {
      const items = itemsOf(panel.current);
      if (items.length === 0) return false;
      pending.current = null;
      items[want === 'first' ? 0 : items.length - 1]?.focus();
      return true;
    };
    if (focusItem()) return;
    // The panel's links are still loading: focus goes to them once they are drawn.
    const drawn = new MutationObserver(() => {
      if (pending.current === want && focusItem()) drawn.disconnect();
    });
    drawn.observe(panel.current, { childList: true, subtree: true });
    return () => drawn.disconnect();
  });
}

/**
 * A navigation item with a drop-down panel of links, as the WAI-ARIA disclosure navigation pattern (the fit for site
 * navigation: its items are links to pages, not commands) with the optional arrow keys: Enter/Space on the button
 * toggles it, ArrowDown/ArrowUp on the button opens it at its first/last link, arrows move between links, Home/End go
 * to the first/last, Escape closes it and returns focus to the button, Tab out of it closes it. Choosing a link closes
 * it and focus goes to the new page's main (a place opening in a new window returns focus to the button instead), so
 * the menu never stays over the page it led to. The mouse opens it on hover and on click; a click outside closes it.
 * Hover is a mouse's only: a tap on a phone fires enter and click together, which opened and at once closed it.
 */
export function Disclosure({ label, id, active, children }: { label: string; id: string; active?: boolean; children: (close: () => void) => ReactNode }) {
  const [open, setOpenState] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Work for after the panel's next render: focus a link of the opened panel, or main once a choice closed it.
  const pending = useRef<'first' | 'last' | 'main' | null>(null);
  // Opened by the mouse entering: the click that follows (the same gesture) keeps it open instead of toggling it.
  const openedByHover = useRef(false);
  // Closing drops a request to focus a link (the menu it was for is gone); a choice's request for main stays.
  const setOpen = useCallback((next: boolean) => {
    if (!next && pending.current !== 'main') pending.current = null;
    setOpenState(next);
  }, []);
  const close = useCallback(() => setOpen(false), [setOpen]);
  useOutsideClose(open, root, close);
  usePendingFocus(open, panel, pending);
  const { key: locationKey } = useLocation();
  // A route change while open (back button, a link elsewhere) closes it too.
  useEffect(close, [locationKey, close]);

  const openAt = (where: 'first' | 'last') => {
    const items = open ? itemsOf(panel.current) : [];
    // Already open (the mouse is over it): no render is coming to act on a request, so focus now.
    if (items.length > 0) return items[where === 'first' ? 0 : items.length - 1]?.focus();
    pending.current = where;
    setOpen(true);
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  const onPanelKey = (event: KeyboardEvent) => {
    const items = itemsOf(panel.current);
    const at = nextItemIndex(event.key, items.indexOf(document.activeElement as HTMLElement), items.length);
    if (at === null) return;
    event.preventDefault();
    items[at]?.focus();
  };
  const onPanelClick = (event: MouseEvent) => {
    const link = (event.target as HTMLElement).closest('a[href]');
    if (!link) return;
    setOpen(false);
    if (link.getAttribute('target') === '_blank') button.current?.focus();
    else pending.current = 'main';
  };
  return (
    <li
      ref={root}
      className={`tm-nav__item tm-nav__item--menu${active ? ' tm-nav__item--active' : ''}`}
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse' || open) return;
        openedByHover.current = true;
        setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse') return;
        openedByHover.current = false;
        setOpen(false);
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="tm-nav__link"
        aria-expanded={open}
        aria-controls={id}
        onClick={(event) => {
          // A pointer's click has a count (detail); Enter or Space on the button has none and always toggles.
          const hoverGesture = openedByHover.current && event.detail > 0;
          openedByHover.current = false;
          if (!hoverGesture) setOpen(!open);
        }}
        onKeyDown={onButtonKey}
      >
        {label}
        <span className="tm-nav__caret" aria-hidden="true" />
      </button>
      <div ref={panel} id={id} className="tm-nav__panel" hidden={!open} onKeyDown={onPanelKey} onClick={onPanelClick}>
        {children(close)}
      </div>
    </li>
  );
}
