// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichTextWidget } from '../../../blocks/schema-form/RichTextWidget.js';

afterEach(cleanup);

// jsdom lays nothing out; ProseMirror asks for the caret's rectangle when it scrolls the selection into view.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = () => new DOMRect();

/** The widget as the article form shows it, with what it reports kept in `changes`. */
function renderEditor(value: string) {
  const changes: unknown[] = [];
  const props = {
    id: 'body',
    value,
    label: '正文',
    onChange: (v: unknown) => changes.push(v),
    onBlur: () => undefined,
    onFocus: () => undefined,
    disabled: false,
    readonly: false,
    rawErrors: [],
  } as unknown as WidgetProps;
  render(<RichTextWidget {...props} />);
  return changes;
}

/** Selects all the text in the editor (the link applies to the selection). */
async function selectAllText() {
  const text = await screen.findByRole('textbox', { name: '正文' });
  await waitFor(() => expect(text.textContent).toContain('田亩'));
  act(() => {
    text.focus();
    const range = document.createRange();
    range.selectNodeContents(text);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
  });
  return text;
}

describe('the rich-text link', () => {
  it('asks in the page’s own dialog, refuses an address the URL policy refuses, and links an allowed one', async () => {
    const prompt = vi.spyOn(window, 'prompt');
    const changes = renderEditor('<p>田亩</p>');
    const text = await selectAllText();
    fireEvent.click(screen.getByRole('button', { name: '链接' }));
    const dialog = await screen.findByRole('dialog', { name: '插入链接' });
    const address = screen.getByLabelText('链接地址');
    expect(document.activeElement).toBe(address);

    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(screen.getByRole('alert').textContent).toBe('链接地址无效：请填写以 http:// 或 https:// 开头的地址，或本站页面');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.isConnected).toBe(true);
    expect(text.querySelector('a')).toBeNull();

    fireEvent.change(address, { target: { value: 'https://example.cn/a' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(text.querySelector('a')?.getAttribute('href')).toBe('https://example.cn/a');
    expect(String(changes.at(-1))).toContain('href="https://example.cn/a"');
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(prompt).not.toHaveBeenCalled();
  });

  it('closes on Esc (the dialog’s cancel) and on 取消 without touching the text, focus back in the editor', async () => {
    renderEditor('<p>田亩</p>');
    const text = await selectAllText();
    fireEvent.click(screen.getByRole('button', { name: '链接' }));
    const dialog = await screen.findByRole('dialog', { name: '插入链接' });
    fireEvent.change(screen.getByLabelText('链接地址'), { target: { value: 'https://example.cn/' } });
    // jsdom has no key handling for <dialog>: Esc is the browser's `cancel` event.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(text));

    fireEvent.click(screen.getByRole('button', { name: '链接' }));
    await screen.findByRole('dialog', { name: '插入链接' });
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(text.querySelector('a')).toBeNull();
  });
});
