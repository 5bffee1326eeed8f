import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../../runtime/config.js';
import type { Database } from '../../db/schema.js';
import type { SessionUser } from '../../services/sessions.js';
import type { PlaceTree } from '../places.js';
import { header } from './header.js';
import { formSignedNonce, signedDeptId, staleStampMessage, type FormNonce } from './signatures.js';
import { recordNonce } from './nonces.js';
import { tenantOfDeptId, tenantOfDm, type Tenant } from './tenant.js';
import { checkAccount } from './account.js';

declare module 'fastify' {
  interface FastifyRequest {
    tenant?: Tenant;
    user?: SessionUser;
    /** A form-signature request's random, recorded once its body has validated. */
    formNonce?: FormNonce;
  }
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
  const account = {
    db,
    policy: { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours },
    singleSession: deps.dbKind === 'pglite',
    places,
  };
  const staleStamp = staleStampMessage(config);

  app.decorateRequest('tenant', undefined);
  app.decorateRequest('user', undefined);
  app.decorateRequest('formNonce', undefined);

  // A form-signature request's random is accepted once (guards/nonces.ts).
  app.addHook('preHandler', (request, _reply, done) => {
    // Only form-signature calls carry a nonce: the others pass without a promise.
    if (!request.formNonce) return done();
    recordNonce(db, request.formNonce).then(() => done(), done);
  });

  /**
   * The public signed call — no login, a place the tree holds — settled without waiting on anything: most of the
   * portal's traffic (every list a visitor reads). True when settled; false leaves the request to `guard`.
   */
  function guardedAtOnce(request: FastifyRequest, auth: readonly string[]): boolean {
    if (!auth.includes('sign') || auth.includes('bearer') || auth.includes('staff') || header(request, 'authorization')) return false;
    const deptId = Number(signedDeptId(request, config, staleStamp));
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
      request.tenant = await tenantOfDeptId(places, signedDeptId(request, config, staleStamp));
    } else if (auth.includes('form-signature')) {
      const body = (request.body ?? {}) as Record<string, unknown>;
      // The nonce is recorded once the body has validated (preHandler above): a refused body does not burn it.
      request.formNonce = formSignedNonce(body, config, staleStamp);
      request.tenant = await tenantOfDm(db, places, body.dm);
    } else {
      const deptId = header(request, 'deptId');
      if (deptId) request.tenant = await tenantOfDeptId(places, deptId);
    }
    await checkAccount(request, auth, account);
  }
}
