import type { ApiClient, CallData } from './api-client.js';
import { isApiError } from './api-error.js';

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

/** An upload that failed, with what to tell the person beside the file. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
}

/**
 * Uploads one image through the `upload` call (multipart field `file`, path `PC_File`) and answers its name and URL.
 * A refusal rejects with an {@link UploadError} carrying the server's msg; no answer at all carries
 * 上传图片失败，请重试 (spec §8). The client has shown its own message already in both cases.
 *
 * @example const { url } = await uploadImage(client, blob, '身份证.png', { onProgress: (f) => setPercent(f * 100) });
 */
export async function uploadImage(
  client: Pick<ApiClient, 'call'>,
  file: Blob,
  name: string,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<CallData<'upload'>> {
  const formData = new FormData();
  formData.append('path', 'PC_File');
  formData.append('file', file, name);
  try {
    return await client.call('upload', { formData, onUploadProgress: options.onProgress, signal: options.signal });
  } catch (error) {
    if (isApiError(error) && error.kind === 'canceled') throw error;
    const refused = isApiError(error) && (error.kind === 'code' || error.kind === 'session-expired');
    throw new UploadError(refused ? error.message : UPLOAD_TEXTS.failed);
  }
}
