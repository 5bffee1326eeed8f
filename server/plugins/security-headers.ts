import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** A policy's directives: name → sources. */
export type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy of every response. Scripts and styles only from the portal's own files (no inline
 * script but the region script of index.html, allowed by its hash; eval only for the form validator, see
 * script-src; stylesheets only from the site, style attributes allowed); pictures from the site or data:/blob: URLs (the document camera's frames and photos); nothing
 * embedded as a plugin; the portal framed only by itself. Found in Chromium by walking every demo region
 * (tests/browser/no-dead-ends.test.ts): Semi UI and VChart need nothing more.
 */
export const BASE_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  // 'unsafe-eval' only because the forms' validator (rjsf + ajv, engine/forms/validation.ts) compiles each schema
  // with new Function when a form is checked; found in Chromium (tests/browser/camera.test.ts: 我要转出 could not be
  // submitted). It goes once the validators are precompiled (rjsf compileSchemaValidators, see the stack notes).
  // Inline scripts stay refused: an injected <script> or onerror= does not run.
  'script-src': ["'self'", "'unsafe-eval'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  // Rich text from the back office (and the demo seed) carries style attributes (text-indent, table widths); Chromium
  // reports them even where they are only parsed (DOMParser, DOMPurify). <style> elements and outside stylesheets stay
  // refused; the sanitiser decides which attributes content may keep.
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

export function policyText(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The origin of a ws(s)/http(s) address as a WebSocket source (`https://a.b/x` → `wss://a.b`), or undefined. */
export function socketSource(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    const url = new URL(address);
    const scheme = { 'http:': 'ws:', 'https:': 'wss:', 'ws:': 'ws:', 'wss:': 'wss:' }[url.protocol];
    return scheme ? `${scheme}//${url.host}` : undefined;
  } catch {
    return undefined;
  }
}

/** A Host header fit to name a source (host name or [v6 address], optional port), or undefined. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The policy of index.html for one region: the base policy plus the hash of its inline region script and the
 * WebSocket addresses it connects to — the real-time channel (the page's own host, which `'self'` covers only in
 * CSP 3 browsers, or the region's webSocketUrl) and the document camera service on the visitor's computer.
 */
export function indexPolicy(options: { scriptHash: string; host: string | undefined; sockets: Array<string | undefined> }): string {
  const own = options.host && HOST.test(options.host) ? [`ws://${options.host}`, `wss://${options.host}`] : [];
  const sockets = options.sockets.map(socketSource).filter((s): s is string => s !== undefined);
  return policyText({
    ...BASE_DIRECTIVES,
    'script-src': [...BASE_DIRECTIVES['script-src'], `'sha256-${options.scriptHash}'`],
    'connect-src': [...new Set([...BASE_DIRECTIVES['connect-src'], ...own, ...sockets])],
  });
}

/**
 * Security headers on every response (@fastify/helmet): the CSP above, nosniff, Referrer-Policy
 * strict-origin-when-cross-origin, X-Frame-Options SAMEORIGIN for browsers without frame-ancestors. HSTS is left to
 * the TLS-terminating proxy (a demo on http://127.0.0.1 has none).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: BASE_DIRECTIVES },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
    strictTransportSecurity: false,
  });
}
