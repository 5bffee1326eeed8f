import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { useMemo } from 'react';
import { TOOLBAR_BUTTONS } from './rich-text-toolbar.js';
import './rich-text.css';

/** The text of an article's HTML, a line per block, for the stand-in to show: parsed inert (no script runs, nothing loads). */
export function plainTextOf(html: unknown, maxLength = 2000): string {
  if (typeof html !== 'string' || !html) return '';
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  // Code is not text: the server's allow-list drops it on save, and the stand-in never shows it either.
  for (const el of body.querySelectorAll('script, style, template, noscript')) el.remove();
  const lines = [...body.children].map((el) => (el.textContent ?? '').trim()).filter(Boolean);
  const text = lines.length ? lines.join('\n') : (body.textContent ?? '').trim();
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}

/**
 * What the rich-text field shows until its editor (TipTap, ~100 KB compressed, a chunk of its own) is wanted: the same
 * frame and toolbar, the body's text, and a box that takes the focus. Going to it (a click, the keyboard, a toolbar
 * button) asks for the editor (`onWanted`); a pointer over it or focus on it fetches the chunk early (`onNear`).
 * While the chunk comes it says so (`loading`), in the place the text will be edited.
 */
export function RichTextStandIn({
  props,
  loading,
  failed,
  onWanted,
  onNear,
}: {
  props: WidgetProps;
  loading: boolean;
  failed: boolean;
  /** Going to the body; `first` is the key that went there, for the editor to type. */
  onWanted: (first?: string) => void;
  onNear: () => void;
}) {
  const { id, value, label, rawErrors, disabled, readonly } = props;
  const text = useMemo(() => plainTextOf(value), [value]);
  const off = disabled || readonly;
  const want = () => {
    if (!off) onWanted();
  };
  return (
    <div className={`tm-richtext${rawErrors?.length ? ' tm-richtext--invalid' : ''}`} onPointerEnter={onNear}>
      <div className="tm-richtext__toolbar" role="toolbar" aria-label="格式" aria-controls={id}>
        {TOOLBAR_BUTTONS.map((b) => (
          <button key={b.label} type="button" aria-label={b.label} disabled={off} onClick={want} onFocus={onNear}>
            {b.text}
          </button>
        ))}
      </div>
      <div
        id={id}
        className="tm-richtext__content tm-richtext__content--standin"
        role="textbox"
        aria-multiline="true"
        aria-label={label || '正文'}
        aria-describedby={ariaDescribedByIds(id)}
        aria-busy={loading || undefined}
        aria-invalid={rawErrors?.length ? true : undefined}
        aria-readonly={off || undefined}
        tabIndex={0}
        onFocus={onNear}
        onClick={want}
        onKeyDown={(event) => {
          if (off || event.key === 'Tab' || event.altKey || event.metaKey || event.ctrlKey) return;
          if (event.key.length === 1) {
            event.preventDefault();
            onWanted(event.key);
          } else onWanted();
        }}
      >
        {text}
        {loading ? (
          <span className="tm-richtext__loading" role="status">
            正在加载正文编辑器…
          </span>
        ) : null}
        {failed ? (
          <span className="tm-richtext__loading" role="alert">
            正文编辑器未能加载，请检查网络后点击此处重试
          </span>
        ) : null}
      </div>
    </div>
  );
}
