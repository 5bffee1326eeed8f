import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ServerConfig } from '../runtime/config.js';
import type { Database, Place } from '../db/schema.js';
import { ApiError, badRequest, forbidden, unauthorized } from '../api/errors.js';
import { resolveToken, type SessionUser } from '../services/sessions.js';
import type { PlaceTree } from './places.js';
import { formSignatureText, signText } from '../../engine/http/sign.js';
import { MESSAGES } from '../api/messages.js';

const M = MESSAGES.requests;

export interface Tenant {
  /** The place named by the request (deptId header, or dm for the form-encoded style). */
  place: Place;
  /** That place and every place under it: the rows this request may see. */
  deptIds: number[];
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant?: Tenant;
    user?: SessionUser;
    /** A form-signature request's random, recorded once its body has validated. */
    formNonce?: { nonce: string; expiresAt: Date };
  }
}

/** The longest form-signature random accepted (the body schema says the same). */
export const MAX_RANDOM_LENGTH = 64;

const md5 = (text: string): string => crypto.createHash('md5').update(text).digest('hex');

/**
 * The sign (MD5 of deptId + timeStamp + key) and the form call's signature (MD5 of secret + random + timestamp): the
 * browser engine's formulas (engine/http/sign.ts), so client and server cannot compute them differently, hashed with
 * node's MD5 (every signed call checks one; crypto-js's is several times slower). A test holds the two hashes equal.
 */
export const signFor = (deptId: string | number, timeStamp: string | number, key: string): string => md5(signText(deptId, timeStamp, key));
export const formSignatureFor = (secret: string, random: string, timestamp: string | number): string => md5(formSignatureText(secret, random, timestamp));

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export interface GuardDeps {
  config: ServerConfig;
  db: Kysely<Database>;
  places: PlaceTree;
  /** PGlite: one session, so hot lookups run as prepared statements. */
  dbKind?: 'pglite' | 'postgres';
}

/**
 * Request guards, driven by each route's `auth` list from its schema file:
 * - sign: deptId + timeStamp + sign headers, timeStamp within the window; the deptId becomes the tenant.
 * - form-signature: timestamp + random + signature form fields; a random is accepted once; dm becomes the tenant.
 * - bearer / staff: a live login token (staff: a staff or admin account).
 * - admin (with staff): an administrator account only; staff get 403.
 * A deptId header is honoured on every route, so user calls are scoped too.
 */
export function registerGuards(app: FastifyInstance, deps: GuardDeps): void {
  const { config, db, places } = deps;
  const singleSession = deps.dbKind === 'pglite';
  // Says the configured window (SIGN_WINDOW_SECONDS).
  const staleStamp = M.staleStamp(Math.round(config.signWindowMs / 1000));
  const policy = { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours };

  async function tenantFor(deptIdText: string): Promise<Tenant> {
    const deptId = Number(deptIdText);
    if (!Number.isInteger(deptId) || deptId <= 0) throw badRequest(M.deptIdInvalid(deptIdText));
    const place = await places.find(deptId);
    if (!place) throw new ApiError(404, M.deptIdPlaceMissing(deptId));
    return { place, deptIds: places.subtree(deptId) };
  }

  app.decorateRequest('tenant', undefined);
  app.decorateRequest('user', undefined);
  app.decorateRequest('formNonce', undefined);

  // A form-signature request's random is accepted once. Its row is kept until the request's own timestamp leaves the
  // window (the timestamp may lie up to a window in the future, so a window after it was seen is not enough); a row
  // whose window has closed may be taken again, since its timestamp alone would now refuse a replay.
  app.addHook('preHandler', (request, _reply, done) => {
    // Only form-signature calls carry a nonce: the others pass without a promise.
    if (!request.formNonce) return done();
    recordNonce(request.formNonce).then(() => done(), done);
  });
  async function recordNonce(pending: { nonce: string; expiresAt: Date }): Promise<void> {
    const { rows } = await sql<{ nonce: string }>`
      INSERT INTO used_nonce (nonce, seen_at, expires_at) VALUES (${pending.nonce}, now(), ${pending.expiresAt})
      ON CONFLICT (nonce) DO UPDATE SET seen_at = EXCLUDED.seen_at, expires_at = EXCLUDED.expires_at
        WHERE used_nonce.expires_at <= now()
      RETURNING nonce`.execute(db);
    if (rows.length === 0) throw forbidden(M.replayed);
    if (Math.random() < 0.01)
      await db
        .deleteFrom('usedNonce')
        .where('expiresAt', '<=', sql<Date>`now()`)
        .execute();
  }

  /** The sign headers' deptId once deptId + timeStamp + sign check out; throws the refusal otherwise. */
  function signedDeptId(request: FastifyRequest): string {
    const deptId = header(request, 'deptId');
    const timeStamp = header(request, 'timeStamp');
    const sign = header(request, 'sign');
    if (!deptId || !timeStamp || !sign)
      throw forbidden(M.missingSignHeaders([!deptId && 'deptId', !timeStamp && 'timeStamp', !sign && 'sign'].filter(Boolean)));
    const ts = Number(timeStamp);
    if (!Number.isFinite(ts) || Math.abs(Date.now() - ts) > config.signWindowMs) {
      throw forbidden(staleStamp);
    }
    if (!safeEqual(signFor(deptId, timeStamp, config.apiSignKey), sign.toLowerCase())) {
      throw forbidden(M.signatureFailed);
    }
    return deptId;
  }

  /**
   * The public signed call — no login, a place the tree holds — settled without waiting on anything: most of the
   * portal's traffic (every list a visitor reads). True when settled; false leaves the request to `guard`.
   */
  function guardedAtOnce(request: FastifyRequest, auth: readonly string[]): boolean {
    if (!auth.includes('sign') || auth.includes('bearer') || auth.includes('staff') || header(request, 'authorization')) return false;
    const deptId = Number(signedDeptId(request));
    const place = Number.isInteger(deptId) && deptId > 0 ? places.get(deptId) : undefined;
    if (!place) return false;
    request.tenant = { place, deptIds: places.subtree(deptId) };
    return true;
  }

  // Runs after body parsing so the form-encoded style can read its fields; before validation so a refused
  // request is refused for its credentials first.
  // A callback hook around the async check: the common call settles at once, without a promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    const auth = request.routeOptions.config.auth ?? [];
    if (guardedAtOnce(request, auth)) return done();
    guard(request, auth).then(() => done(), done);
  });

  async function guard(request: FastifyRequest, auth: readonly string[]): Promise<void> {
    if (auth.includes('sign')) {
      request.tenant = await tenantFor(signedDeptId(request));
    } else if (auth.includes('form-signature')) {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const timestamp = String(body.timestamp ?? '');
      const random = String(body.random ?? '');
      const signature = String(body.signature ?? '');
      const missing = [!timestamp && 'timestamp', !random && 'random', !signature && 'signature'].filter(Boolean);
      if (missing.length) throw forbidden(M.missingSignParams(missing));
      // Bounded before anything is stored or looked up (the body schema says the same, but runs later).
      if (random.length > MAX_RANDOM_LENGTH) throw badRequest(M.randomTooLong(MAX_RANDOM_LENGTH));
      const ts = Number(timestamp);
      // Either seconds or milliseconds are accepted; the window is the same five minutes.
      const tsMs = ts < 1e12 ? ts * 1000 : ts;
      if (!Number.isFinite(tsMs) || Math.abs(Date.now() - tsMs) > config.signWindowMs) {
        throw forbidden(staleStamp);
      }
      if (!safeEqual(formSignatureFor(config.formSecret, random, timestamp), signature.toLowerCase())) {
        throw forbidden(M.signatureFailed);
      }
      // The nonce is recorded once the body has validated (preHandler below): a refused body does not burn it.
      request.formNonce = { nonce: random, expiresAt: new Date(tsMs + config.signWindowMs) };
      const dm = String(body.dm ?? '');
      if (!dm) throw badRequest(M.missingDm);
      const place = await db.selectFrom('place').selectAll().where('deptCode', '=', dm).executeTakeFirst();
      if (!place) throw new ApiError(404, MESSAGES.params.placeMissing(dm));
      request.tenant = { place, deptIds: places.subtree(place.deptId) };
    } else {
      const deptId = header(request, 'deptId');
      if (deptId) request.tenant = await tenantFor(deptId);
    }

    const authorization = header(request, 'authorization');
    const token = authorization?.replace(/^Bearer\s+/i, '').trim();
    if (token) request.user = await resolveToken(db, token, policy, { singleSession });
    if (auth.includes('bearer') || auth.includes('staff')) {
      if (!token) throw unauthorized(MESSAGES.users.loginFirst);
      if (!request.user) throw unauthorized(MESSAGES.users.sessionExpired);
      if (auth.includes('staff') && request.user.role === 'user') throw forbidden(M.staffOnly);
      if (auth.includes('admin') && request.user.role !== 'admin') throw forbidden(M.adminOnly);
      // A one-time password (npm run admin:create) opens only its own change: whoever read it on the way cannot act.
      if (request.user.mustChangePassword && !OPEN_BEFORE_PASSWORD_CHANGE.has(request.routeOptions.config.routeName ?? '')) {
        throw forbidden(MESSAGES.users.changePasswordFirst);
      }
    }
  }
}

/**
 * The signed-in calls an account that must change its one-time password may still make: the change itself, and the
 * reads every page makes of the account (who it is, its messages: the header's new-message dot).
 */
const OPEN_BEFORE_PASSWORD_CHANGE = new Set(['checkToken', 'logout', 'updatePwd', 'getUserInfoByUserId', 'messageListByRefId']);

/**
 * The dept ids a query may read: the tenant's subtree, narrowed to `requested` when the caller asks for one
 * place inside it. Asking for a place outside the tenant is refused.
 */
export function scopeIds(request: FastifyRequest, places: PlaceTree, requested?: number | string | null): number[] {
  const tenant = request.tenant;
  const wanted = requested === undefined || requested === null || requested === '' ? undefined : Number(requested);
  if (!tenant) {
    if (wanted === undefined) throw badRequest(M.missingDeptIdHeader);
    return places.subtree(wanted);
  }
  if (wanted === undefined || wanted === tenant.place.deptId) return tenant.deptIds;
  if (!tenant.deptIds.includes(wanted)) throw forbidden(M.otherPlaceForbidden);
  return places.subtree(wanted);
}
