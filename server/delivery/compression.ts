import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compression of what the server sends. The built client's files are compressed once, ahead of time (brotli at its
 * best quality and gzip, next to each file as `.br` / `.gz`, by the Vite build and again at start for any missing);
 * @fastify/static then serves the smaller one the browser accepts. Responses made per request (index.html with its
 * region, the API's JSON) are compressed as they go out, at a fast brotli quality. @fastify/compress is not among
 * the project's packages; node:zlib does both jobs.
 */

/** Types worth compressing: text. Pictures (PNG, JPEG, WebP) are compressed already. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
/** Whether a response of this Content-Type may be compressed as it goes out (a stored file's byte ranges are not offered then). */
export const isCompressibleType = (type: string): boolean => COMPRESSIBLE.test(type);
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|json|svg|txt|map)$/;

/** Below this a response goes out as it is: the headers would eat the saving. */
const MIN_BYTES = 1024;
/** Above this the work leaves the event loop (zlib's thread pool) rather than hold other requests up. */
const SYNC_MAX_BYTES = 128 * 1024;

/** Brotli quality 5 compresses about as fast as gzip -6 and 15–20 % smaller: fit for per-request work. */
const FAST_BROTLI: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const FAST_GZIP: zlib.ZlibOptions = { level: 6 };

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with, from Accept-Encoding: brotli when accepted, else gzip, else none. A coding given
 * q=0 is refused.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return null;
  // Browsers send a handful of distinct headers: each is read once (a cached list answer is ~40 µs in all).
  const known = chosenEncodings.get(header);
  if (known !== undefined) return known;
  const chosen = parseAcceptEncoding(header);
  if (chosenEncodings.size >= MAX_CHOSEN_ENCODINGS) chosenEncodings.clear();
  chosenEncodings.set(header, chosen);
  return chosen;
}

const chosenEncodings = new Map<string, Encoding | null>();
const MAX_CHOSEN_ENCODINGS = 64;

function parseAcceptEncoding(header: string): Encoding | null {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name!.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

function compressSync(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, FAST_BROTLI) : zlib.gzipSync(body, FAST_GZIP);
}

function compressAsync(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === 'br') zlib.brotliCompress(body, FAST_BROTLI, done);
    else zlib.gzip(body, FAST_GZIP, done);
  });
}

/** Adds `Accept-Encoding` to the reply's Vary header, once. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/** Replies whose body is a string the route serves again unchanged (a cached list): see reusedBody. */
const reusable = new WeakSet<FastifyReply>();
/** The compressed forms of such bodies, keyed by the very string the route's cache holds; the oldest go first. */
const compressedBodies = new Map<string, Partial<Record<Encoding, Buffer>>>();
const MAX_REUSED_BODIES = 256;

/**
 * Marks a reply whose body is a string the route sends again unchanged for a while (the project list's cache):
 * each encoding of it is compressed once, not for every browser that asks — under load a cached list spent more on
 * brotli than on anything else.
 *
 * @example
 * return reusedBody(reply).type('application/json; charset=utf-8').send(cachedBody);
 */
export function reusedBody(reply: FastifyReply): FastifyReply {
  reusable.add(reply);
  return reply;
}

function compressedOnce(body: string, encoding: Encoding, compress: () => Promise<Buffer> | Buffer): Promise<Buffer> | Buffer {
  let forms = compressedBodies.get(body);
  const known = forms?.[encoding];
  if (known) return known;
  if (!forms) {
    if (compressedBodies.size >= MAX_REUSED_BODIES) compressedBodies.delete(compressedBodies.keys().next().value!);
    compressedBodies.set(body, (forms = {}));
  }
  const keep = (buffer: Buffer) => (forms[encoding] = buffer);
  const made = compress();
  return Buffer.isBuffer(made) ? keep(made) : made.then(keep);
}

/**
 * Compresses text responses made per request (JSON, index.html) for browsers that accept brotli or gzip. Streams
 * (the static files, which come precompressed) and already encoded replies pass untouched.
 */
export function registerResponseCompression(app: FastifyInstance): void {
  // A callback hook, not an async one: most replies pass untouched or find their compressed form made already (a
  // cached list), and an async hook costs a promise and a turn of the microtask queue on every one of them.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
    let compressed: ReturnType<typeof compressedPayload>;
    try {
      compressed = compressedPayload(request, reply, payload);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (!compressed) return done(null, payload);
    const [encoding, body] = compressed;
    if (Buffer.isBuffer(body)) done(null, encoded(reply, encoding, body));
    else body.then((buffer) => done(null, encoded(reply, encoding, buffer)), done);
  });
}

/** The encoding and compressed body to send instead of `payload`, or undefined to send it as it is. */
function compressedPayload(request: FastifyRequest, reply: FastifyReply, payload: unknown): [Encoding, Promise<Buffer> | Buffer] | undefined {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
  // A part of a file (206) is sent as stored: its Content-Range counts the stored bytes.
  if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 206 || reply.statusCode === 304) return undefined;
  if (reply.getHeader('content-encoding')) return undefined;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!COMPRESSIBLE.test(type)) return undefined;
  const length = typeof payload === 'string' ? Buffer.byteLength(payload, 'utf8') : payload.length;
  if (length < MIN_BYTES) return undefined;
  // The same address answers differently per Accept-Encoding: caches must keep them apart.
  varyOnEncoding(reply);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return undefined;
  const compress = () => {
    const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
    return length <= SYNC_MAX_BYTES ? compressSync(body, encoding) : compressAsync(body, encoding);
  };
  return [encoding, typeof payload === 'string' && reusable.has(reply) ? compressedOnce(payload, encoding, compress) : compress()];
}

function encoded(reply: FastifyReply, encoding: Encoding, body: Buffer): Buffer {
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return body;
}

/** Whether a built file is one to precompress. */
export function isCompressibleFile(file: string): boolean {
  return COMPRESSIBLE_FILE.test(file);
}

/** The `.br` and `.gz` twins of one file, at the best quality (a one-off cost: the build, or a start that lacks them). */
export function precompressFile(file: string): void {
  const body = fs.readFileSync(file);
  if (body.length < MIN_BYTES) return;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
}

/**
 * Writes the missing `.br`/`.gz` twins of every compressible file under `dir` (not index.html, which the server
 * writes per request). Returns how many files it compressed: 0 after a build that already did.
 */
export function precompressDir(dir: string): number {
  let count = 0;
  if (!fs.existsSync(dir)) return count;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !isCompressibleFile(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (path.relative(dir, file) === 'index.html' || fs.existsSync(`${file}.br`)) continue;
    if (fs.statSync(file).size < MIN_BYTES) continue;
    precompressFile(file);
    count++;
  }
  return count;
}

/** One year, never revalidated: a hashed asset's name changes with its content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The Cache-Control of a built client file: hashed assets (assets/*) for a year, anything else revalidated. Given
 * the path of the file actually sent, which may be its `.br`/`.gz` twin.
 */
export function clientFileCacheControl(clientDir: string, sentPath: string): string {
  const relative = path
    .relative(clientDir, sentPath.replace(/\.(?:br|gz)$/, ''))
    .split(path.sep)
    .join('/');
  return relative.startsWith('assets/') ? IMMUTABLE : 'no-cache';
}
