import type { FastifyRequest } from 'fastify';

export const REDACTED = '[REDACTED]';

/**
 * Query keys whose values are secrets: login tokens, passwords, SMS codes and their uuid, signatures and nonces,
 * identity numbers. `deptCode` and the like stay readable (only the bare `code` is an SMS code).
 */
const SECRET_KEY = /token|passw|pwd|secret|signature|idcard|captcha|smscode|verifycode|phonecode|ticket|^sign$|^code$|^uuid$|^random$|^nonce$|^key$/i;

/** The URL with the value of every secret query parameter replaced (`/websocket/7?token=[REDACTED]`). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the key as written.
      }
      return eq >= 0 && SECRET_KEY.test(key.trim()) ? `${rawKey}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/**
 * Fastify logger options with no secret in any line: the request serializer logs the URL with secret query values
 * redacted (the real-time channel carries the login token in `?token=`), and no headers; pino's `redact` censors
 * secret fields should a header set or a body ever be logged.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  const secretFields = ['password', 'newPassword', 'oldPassword', 'token', 'code', 'smsCode', 'uuid', 'sign', 'signature', 'random', 'idCard'];
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: {
      paths: [
        ...['authorization', 'cookie', 'sign'].flatMap((h) => [`req.headers.${h}`, `headers.${h}`]),
        ...secretFields.flatMap((f) => [`body.${f}`, `req.body.${f}`, `query.${f}`]),
        'password',
        'token',
      ],
      censor: REDACTED,
    },
  };
}
