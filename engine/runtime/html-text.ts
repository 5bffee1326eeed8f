/**
 * Text and attribute values for HTML written as a string (the first paint, server pages): `& < > " '` become
 * character references, so data never becomes markup.
 *
 * @example
 * `<span title="${escapeHtml(name)}">${escapeHtml(name)}</span>`
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
