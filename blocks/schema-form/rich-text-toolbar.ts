/**
 * The rich-text toolbar's buttons, text and accessible name: the editor (RichTextWidget, its own chunk) and the light
 * stand-in drawn before it loads (RichTextStandIn) show the same row, so the page does not move when one replaces the
 * other. The last is the link button.
 */
export const TOOLBAR_BUTTONS = [
  { text: '标题', label: '二级标题' },
  { text: '小标题', label: '三级标题' },
  { text: '加粗', label: '加粗' },
  { text: '斜体', label: '斜体' },
  { text: '下划线', label: '下划线' },
  { text: '• 列表', label: '无序列表' },
  { text: '1. 列表', label: '有序列表' },
  { text: '引用', label: '引用' },
  { text: '分隔线', label: '分隔线' },
  { text: '链接', label: '链接' },
] as const;

export type ToolbarLabel = (typeof TOOLBAR_BUTTONS)[number]['label'];
