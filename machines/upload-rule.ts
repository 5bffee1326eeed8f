// What an image upload may be, shared by the browser (checked before sending) and the server (checked again on
// the bytes): one rule, one set of texts.

/** The spec's image upload texts (§5, §8), copied exactly; the size and count follow the limits in force. */
export const UPLOAD_TEXTS = {
  badFormat: '文件格式不正确, 请上传png/jpg/jpeg图片格式文件!',
  /** `上传图片大小不能超过 2 MB!` with the figure from the byte limit (1572864 → 1.5). */
  tooLarge: (maxBytes: number) => {
    const mb = maxBytes / (1024 * 1024);
    return `上传图片大小不能超过 ${Number.isInteger(mb) ? String(mb) : String(Number(mb.toPrecision(2)))} MB!`;
  },
  /** `上传文件数量不能超过 50 个!` with the field's own limit. */
  tooMany: (maxCount: number) => `上传文件数量不能超过 ${maxCount} 个!`,
  /** A transport failure of the upload call. */
  failed: '上传图片失败，请重试',
} as const;

/** The spec's defaults (§5, §9): 2 MB a file, 50 files. */
export const UPLOAD_LIMITS = { maxBytes: 2 * 1024 * 1024, maxCount: 50 } as const;

const IMAGE_TYPES = ['image/png', 'image/jpeg'];
const IMAGE_NAME = /\.(png|jpe?g)$/i;

/**
 * What is wrong with a file a person picked, before it is sent: its format (png/jpg/jpeg by type or name) or its
 * size; null when it may go. The server checks the bytes again.
 *
 * @example checkImageFile({ name: 'a.gif', type: 'image/gif', size: 10 }) // → '文件格式不正确, 请上传png/jpg/jpeg图片格式文件!'
 */
export function checkImageFile(file: { name: string; type: string; size: number }, maxBytes: number = UPLOAD_LIMITS.maxBytes): string | null {
  if (!IMAGE_TYPES.includes(file.type) && !IMAGE_NAME.test(file.name)) return UPLOAD_TEXTS.badFormat;
  if (file.size > maxBytes) return UPLOAD_TEXTS.tooLarge(maxBytes);
  return null;
}
