import type { Problem } from '../../region/problem.js';
import type { StudioEdit } from '../../region-files/studio-edits.js';
import type { StudioModel } from '../../region-files/studio-model.js';

export type { Problem, StudioEdit, StudioModel };

/** An answer of the studio API: the model after the change, or why nothing was written. */
export interface StudioAnswer {
  ok: boolean;
  msg: string;
  model?: StudioModel;
  problems: Problem[];
  ms?: number;
}

/** STUDIO_TOKEN, given in the address's fragment (#token=…): never sent to the server in an address, so never logged. */
function token(): string | undefined {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? undefined;
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<StudioAnswer> {
  const headers: Record<string, string> = {};
  const secret = token();
  if (secret) headers['x-studio-token'] = secret;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`/studio/api/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await response.json()) as { code: number; msg: string; data?: { model?: StudioModel; problems?: Problem[]; ms?: number } };
    return { ok: response.ok, msg: json.msg, model: json.data?.model, problems: json.data?.problems ?? [], ms: json.data?.ms };
  } catch {
    return { ok: false, msg: '无法连接页面工作室的服务，请确认 npm run studio 仍在运行', problems: [] };
  }
}

export const studioApi = {
  model: (region?: string) => call('GET', `model${region ? `?region=${encodeURIComponent(region)}` : ''}`),
  edit: (edit: StudioEdit) => call('POST', 'edit', edit),
  undo: () => call('POST', 'undo', {}),
  redo: () => call('POST', 'redo', {}),
  county: (input: unknown) => call('POST', 'county', input),
};
