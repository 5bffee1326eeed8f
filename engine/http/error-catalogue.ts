import { ERROR_TEXTS } from '../../machines/ports.js';

// The spec's §8 texts belong to the port the machines own; the client's own rules below read them.
export { ERROR_TEXTS };

/** Default notification titles by response code when the server sends no msg. */
export const DEFAULT_CODE_TEXTS: Readonly<Record<number, string>> = {
  401: '认证失败，无法访问系统资源',
  403: '当前操作没有权限',
  404: '访问资源不存在',
};

/** How long transport errors stay on screen (spec §8: 5 seconds). */
export const TRANSPORT_MESSAGE_MS = 5_000;

/** The notification title for a non-200 code: the server's msg, else the code's default text. */
export function codeText(code: number, msg: string | undefined | null): string {
  const trimmed = typeof msg === 'string' ? msg.trim() : '';
  return trimmed || DEFAULT_CODE_TEXTS[code] || ERROR_TEXTS.unknown;
}
