/** The texts of the spec's error catalogue (§8), copied exactly. */
export const ERROR_TEXTS = {
  sessionExpired: '会话已过期，请重新登录。',
  networkError: '后端接口连接异常',
  timeout: '系统接口请求超时',
  /** `系统接口{status}异常` */
  httpStatus: (status: number | string) => `系统接口${status}异常`,
  unknown: '系统未知错误，请反馈给管理员',
  /** What the form-encoded call style logs on any failure; it never throws. */
  formCallFailed: '错误',
} as const;

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
