import type { ApiClient, CallData } from './api-client.js';
import { isApiError } from './api-error.js';
import { checkImageFile, UPLOAD_LIMITS, UPLOAD_TEXTS } from '../../machines/upload-rule.js';

// The rule and its texts are shared with the server (machines/upload-rule.ts).
export { checkImageFile, UPLOAD_LIMITS, UPLOAD_TEXTS };

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
