import type { WidgetProps } from '@rjsf/utils';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { isAllowedUrl } from '../_parts/url-policy.js';
import { LinkDialog } from './LinkDialog.js';
import { TOOLBAR_BUTTONS, type ToolbarLabel } from './rich-text-toolbar.js';
import './rich-text.css';

type Command = { label: ToolbarLabel; active?: string; attrs?: Record<string, unknown>; run: (chain: ChainFor) => ChainFor };
type ChainFor = ReturnType<NonNullable<ReturnType<typeof useEditor>>['chain']>;

/** The toolbar: what a notice needs (headings, emphasis, lists, a quote, a line), each a named, pressed-state button. */
const COMMANDS: Command[] = [
  { label: '二级标题', active: 'heading', attrs: { level: 2 }, run: (c) => c.toggleHeading({ level: 2 }) },
  { label: '三级标题', active: 'heading', attrs: { level: 3 }, run: (c) => c.toggleHeading({ level: 3 }) },
  { label: '加粗', active: 'bold', run: (c) => c.toggleBold() },
  { label: '斜体', active: 'italic', run: (c) => c.toggleItalic() },
  { label: '下划线', active: 'underline', run: (c) => c.toggleUnderline() },
  { label: '无序列表', active: 'bulletList', run: (c) => c.toggleBulletList() },
  { label: '有序列表', active: 'orderedList', run: (c) => c.toggleOrderedList() },
  { label: '引用', active: 'blockquote', run: (c) => c.toggleBlockquote() },
  { label: '分隔线', run: (c) => c.setHorizontalRule() },
];
const textOf = (label: ToolbarLabel) => TOOLBAR_BUTTONS.find((b) => b.label === label)!.text;

/**
 * `ui:widget: richText`: an article's body in TipTap (ProseMirror), its value HTML. Links pass the portal's URL
 * policy as they are made; the server sanitises what is saved with the allow-list the portal renders with. A chunk of
 * its own, loaded only by a form that shows it (the console's article editor).
 */
export function RichTextWidget(props: WidgetProps & { focusWith?: () => string }) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, label, focusWith } = props;
  const toolbarId = useId();
  const editor = useEditor({
    // ProseMirror's few required rules are in rich-text.css: the portal's CSP admits no injected <style>.
    injectCSS: false,
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https'], isAllowedUri: (url) => isAllowedUrl(url) } })],
    content: typeof value === 'string' ? value : '',
    editable: !(disabled || readonly),
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label || '正文',
        'aria-describedby': `${id}__error ${id}__help`,
        ...(rawErrors?.length ? { 'aria-invalid': 'true' } : {}),
        class: 'tm-richtext__content',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? undefined : e.getHTML()),
    onBlur: ({ editor: e }) => onBlur(id, e.getHTML()),
    onFocus: ({ editor: e }) => onFocus(id, e.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => COMMANDS.map((c) => (c.active && e ? e.isActive(c.active, c.attrs) : false)),
  });
  // Opened from its stand-in (staff went to the body): the caret goes there, with what they typed meanwhile.
  const focusOnce = useRef(focusWith);
  useEffect(() => {
    const take = focusOnce.current;
    if (!editor || !take) return;
    focusOnce.current = undefined;
    // TipTap's focus waits a frame; the text's own focus does not: keys from here on go to the editor, and only then
    // is the buffer of those typed before taken, so none falls between the two.
    editor.commands.focus('end');
    editor.view.focus();
    const typed = take();
    if (typed) editor.commands.insertContent(typed);
  }, [editor]);
  // A value loaded after the editor started (the record arrives) replaces an empty document.
  useEffect(() => {
    if (editor && typeof value === 'string' && editor.isEmpty && value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // The link's address is asked in a dialog of the page's own; closing it puts focus back in the text, where the
  // selection the link applies to still is.
  const [linkFrom, setLinkFrom] = useState<string | null>(null);
  const linkWasOpen = useRef(false);
  useEffect(() => {
    if (linkFrom === null && linkWasOpen.current) editor?.commands.focus();
    linkWasOpen.current = linkFrom !== null;
  }, [editor, linkFrom]);
  const openLink = () => editor && setLinkFrom((editor.getAttributes('link').href as string | undefined) ?? '');
  const applyLink = (href: string) => {
    if (editor && !href) editor.chain().extendMarkRange('link').unsetLink().run();
    else if (editor) editor.chain().extendMarkRange('link').setLink({ href }).run();
    setLinkFrom(null);
  };

  return (
    <div className={`tm-richtext${rawErrors?.length ? ' tm-richtext--invalid' : ''}`}>
      <div className="tm-richtext__toolbar" role="toolbar" aria-label="格式" aria-controls={id} id={toolbarId}>
        {COMMANDS.map((c, i) => (
          <button
            key={c.label}
            type="button"
            aria-label={c.label}
            aria-pressed={c.active ? Boolean(active?.[i]) : undefined}
            disabled={!editor || disabled || readonly}
            // A mouse click leaves the caret in the text, as in a word processor: were the button focused, the
            // editor's focus() would put the old selection back a frame later, and letters typed at once after the
            // click (加粗 then typing, seen in a test) landed before the first one.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => editor && c.run(editor.chain().focus()).run()}
          >
            {textOf(c.label)}
          </button>
        ))}
        <button type="button" aria-label="链接" disabled={!editor || disabled || readonly} onClick={openLink}>
          链接
        </button>
      </div>
      <EditorContent editor={editor} />
      {linkFrom !== null ? <LinkDialog initial={linkFrom} onCancel={() => setLinkFrom(null)} onConfirm={applyLink} /> : null}
    </div>
  );
}

export default RichTextWidget;
