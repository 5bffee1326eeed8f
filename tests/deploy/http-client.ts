import http from 'node:http';
import https from 'node:https';
import { signFor } from '../../server/plugins/guards/index.js';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body as JSON (the API's { code, msg, data } envelope). */
  json<T = { code: number; msg: string; data?: unknown }>(): T;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The address the connection leaves from (127.0.0.2, …): another visitor, as nginx sees it. */
  localAddress?: string;
}

/**
 * One request over a fresh connection, HTTP or HTTPS (the stack's self-signed certificate accepted), the body taken
 * as it comes: no decompression, no redirect followed, so the test sees what nginx and the instances sent.
 */
export function call(url: string, options: CallOptions = {}): Promise<Answer> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.localAddress, rejectUnauthorized: false, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, json: () => JSON.parse(body.toString('utf8')) });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The headers of a signed /api/ call for deptId with the given sign key (and a bearer token when given). */
export function signedHeaders(deptId: number, signKey: string, token?: string): Record<string, string> {
  const timeStamp = String(Date.now());
  return {
    deptId: String(deptId),
    timeStamp,
    sign: signFor(deptId, timeStamp, signKey),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}
