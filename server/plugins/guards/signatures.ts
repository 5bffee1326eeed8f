import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../runtime/config.js';
import { badRequest, forbidden } from '../../api/errors.js';
import { formSignatureText, signText } from '../../../engine/http/sign.js';
import { MESSAGES } from '../../api/messages.js';
import { header } from './header.js';

const M = MESSAGES.requests;

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

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** The refusal of a timestamp outside the window; says the configured window (SIGN_WINDOW_SECONDS). */
export const staleStampMessage = (config: ServerConfig): string => M.staleStamp(Math.round(config.signWindowMs / 1000));

/** The sign headers' deptId once deptId + timeStamp + sign check out; throws the refusal otherwise. */
export function signedDeptId(request: FastifyRequest, config: ServerConfig, staleStamp: string): string {
  const deptId = header(request, 'deptId');
  const timeStamp = header(request, 'timeStamp');
  const sign = header(request, 'sign');
  if (!deptId || !timeStamp || !sign) throw forbidden(M.missingSignHeaders([!deptId && 'deptId', !timeStamp && 'timeStamp', !sign && 'sign'].filter(Boolean)));
  const ts = Number(timeStamp);
  if (!Number.isFinite(ts) || Math.abs(Date.now() - ts) > config.signWindowMs) {
    throw forbidden(staleStamp);
  }
  if (!safeEqual(signFor(deptId, timeStamp, config.apiSignKey), sign.toLowerCase())) {
    throw forbidden(M.signatureFailed);
  }
  return deptId;
}

/** A form-signature call's random once its timestamp + random + signature check out, and when it may be taken again. */
export interface FormNonce {
  nonce: string;
  expiresAt: Date;
}

/** Checks the form call's timestamp + random + signature fields; throws the refusal otherwise. */
export function formSignedNonce(body: Record<string, unknown>, config: ServerConfig, staleStamp: string): FormNonce {
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
  return { nonce: random, expiresAt: new Date(tsMs + config.signWindowMs) };
}
