import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../api/messages.js';

/** The header the studio page sends STUDIO_TOKEN in (never the address: addresses are logged). */
export const STUDIO_TOKEN_HEADER = 'x-studio-token';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may use the studio, which writes the region files. Without a token: only this machine, by the socket's own
 * address, and not through a proxy (a proxy on this machine would make every visitor local). With STUDIO_TOKEN set
 * (a staging host): whoever sends it, compared in constant time.
 */
export function studioAccess(token: string | undefined): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const expected = token ? Buffer.from(token) : undefined;
  return async (request, reply) => {
    let allowed: boolean;
    if (expected) {
      const given = Buffer.from(String(request.headers[STUDIO_TOKEN_HEADER] ?? ''));
      allowed = given.length === expected.length && crypto.timingSafeEqual(given, expected);
    } else {
      const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
      allowed = !proxied && LOOPBACK.has(request.socket.remoteAddress ?? '');
    }
    if (!allowed) await reply.code(403).send({ code: 403, msg: MESSAGES.studio.forbidden });
  };
}
