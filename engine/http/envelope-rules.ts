import type { Envelope } from '../../schemas/types/api.js';
import type { ApiClientOptions } from './api-client.js';
import { ApiError } from './api-error.js';
import { codeText, ERROR_TEXTS } from './error-catalogue.js';

/** Who the code rules tell, and where an expired login goes. */
export type EnvelopeRuleSettings = Pick<ApiClientOptions, 'session' | 'notifier' | 'navigate' | 'homeShowLogin' | 'currentRoute'>;

/** The staff console's pages: a login lost there (signed out elsewhere, the account disabled) returns to its staff login. */
const CONSOLE_ROUTE = /^\/admin(?:[/?]|$)/;

/** The staff login of the console, where its pages show the login box to a signed-out visitor. */
export const CONSOLE_LOGIN_ROUTE = '/admin';

/** A JSON object body, which may be an envelope (not a list, a string or raw bytes). */
export function isEnvelope(value: unknown): value is { code?: unknown; msg?: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof ArrayBuffer);
}

/** Applies §8 to an envelope; returns it when the caller gets it, throws when the user has been told. */
export function applyEnvelopeRules<T>(envelope: Envelope<T>, status: number, settings: EnvelopeRuleSettings, quietExpiry = false): Envelope<T> {
  const { session, notifier } = settings;
  const code = typeof envelope.code === 'number' ? envelope.code : 200;
  const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
  if (code === 200) return envelope;
  if (code === 401) {
    if (!session.loggedIn) return envelope;
    // Cleared before anything else: concurrent 401s then see no login and pass through silently, one message.
    session.clearLogin();
    if (!quietExpiry) {
      if (CONSOLE_ROUTE.test(settings.currentRoute?.() ?? '')) {
        notifier.message('warning', ERROR_TEXTS.staffSessionEnded);
        settings.navigate(CONSOLE_LOGIN_ROUTE);
      } else {
        notifier.message('warning', ERROR_TEXTS.sessionExpired);
        settings.navigate(settings.homeShowLogin() ? '/' : '/login');
      }
    }
    throw new ApiError('session-expired', ERROR_TEXTS.sessionExpired, code, status);
  }
  if (code === 302) return envelope;
  if (code === 500) {
    const text = msg.trim() || ERROR_TEXTS.unknown;
    notifier.message('error', text);
    throw new ApiError('code', text, code, status);
  }
  if (code === 601) {
    notifier.message('warning', msg);
    throw new ApiError('code', msg, code, status);
  }
  const title = codeText(code, msg);
  notifier.notification('error', title);
  throw new ApiError('code', title, code, status);
}
