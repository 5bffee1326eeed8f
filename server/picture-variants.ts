import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import sharp from 'sharp';

/**
 * Pictures in a modern format at the size they are shown. A PNG or JPEG under the image prefixes (the seed's
 * landscapes, uploads) is answered as AVIF or WebP to a browser whose Accept names it, and at `?w=` pixels wide
 * (snapped up to one of PICTURE_WIDTHS, never enlarged) when the page's `srcset` asks for a smaller one. The address
 * stays the one stored and checked by the URL policy; `Vary: Accept` keeps the formats apart in caches, and a browser
 * that names neither gets the original. Variants are made once by sharp and kept on disk beside the data
 * (`<dataDir>/picture-variants`), remade when the original is newer.
 */

/** The widths a `srcset` may ask for; another `w` is served at the next one up (so the cache stays small). */
export const PICTURE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1920] as const;
const CONVERTIBLE = /\.(?:png|jpe?g)$/i;
/** As the image folders' other files (server/app.ts). */
export const PICTURE_CACHE_CONTROL = 'public, max-age=86400';

/** True for a file the server can answer in another format or size: its responses vary by Accept. */
export const isConvertiblePicture = (file: string) => CONVERTIBLE.test(file);

/** `?w=` → the width to make, or undefined for the original width (absent, not a number, or ≥ the largest). */
export function pictureWidth(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^\d{1,5}$/.test(raw)) return undefined;
  const asked = Number(raw);
  return PICTURE_WIDTHS.find((w) => w >= asked);
}

/** Does the browser's Accept name `type` (`image/avif`)? A `q=0` refuses it; `image/*` does not count (old browsers send it). */
export function accepts(accept: string | undefined, type: string): boolean {
  return (accept ?? '').split(',').some((part) => {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    return name === type && !params.some((p) => /^q=0(?:\.0*)?$/.test(p));
  });
}

/** The modern format to send: AVIF (about half WebP's bytes on the seed's landscapes), else WebP, else none. */
export function modernFormat(accept: string | undefined): 'avif' | 'webp' | undefined {
  return accepts(accept, 'image/avif') ? 'avif' : accepts(accept, 'image/webp') ? 'webp' : undefined;
}

interface Variant {
  bytes: Buffer;
  type: string;
  etag: string;
}

/** One sharp job per variant at a time, however many browsers ask together. */
const making = new Map<string, Promise<Variant | null>>();
/** Jobs running at once; more wait their turn (their requests get the original), so pictures never crowd out the API. */
const MAX_JOBS = 2;
let running = 0;
const queued: Array<() => void> = [];
function limited<T>(job: () => Promise<T>): Promise<T> {
  return new Promise<void>((start) => (running < MAX_JOBS ? start() : queued.push(start)))
    .then(() => {
      running++;
      return job();
    })
    .finally(() => {
      running--;
      queued.shift()?.();
    });
}
/**
 * How long a request waits for a variant being made (a landscape takes 20–100 ms). A large upload's AVIF can take
 * seconds: that visitor gets the original, revalidated next time, and the variant is ready for the next one.
 */
const WAIT_MS = 250;
const TIMED_OUT = Symbol('timed out');

/** A variant asked for: its original (and the original's size and time), where it is kept, what it is called. */
interface VariantPlace {
  source: string;
  width: number | undefined;
  stat: Stats;
  ext: string;
  target: string;
  etag: string;
  type: string;
}

async function variantPlace(
  source: string,
  cacheRoot: string,
  relative: string,
  width: number | undefined,
  modern: 'avif' | 'webp' | undefined,
): Promise<VariantPlace | null> {
  const stat = await fs.stat(source).catch(() => null);
  if (!stat?.isFile()) return null;
  const ext = modern ?? path.extname(source).slice(1).toLowerCase().replace('jpg', 'jpeg');
  const target = path.join(cacheRoot, `${relative}@${width ?? 'full'}.${ext}`);
  const etag = `"${crypto.createHash('sha1').update(`${relative}|${stat.size}|${stat.mtimeMs}|${width}|${ext}`).digest('base64url').slice(0, 20)}"`;
  return { source, width, stat, ext, target, etag, type: `image/${ext}` };
}

/**
 * A variant made earlier and still newer than its original, read from disk: no job, no queue. Served at once even
 * while other pictures are being made (a visitor's pictures must not wait behind someone's upload).
 */
async function keptVariant(place: VariantPlace): Promise<Variant | null> {
  const cached = await fs.stat(place.target).catch(() => null);
  if (!cached || cached.mtimeMs < place.stat.mtimeMs) return null;
  const bytes = await fs.readFile(place.target).catch(() => null);
  return bytes && { bytes, type: place.type, etag: place.etag };
}

/** Makes the variant with sharp and keeps it. */
async function madeVariant({ source, width, ext, target, etag, type }: VariantPlace): Promise<Variant> {
  let pipeline = sharp(source, { failOn: 'error' });
  if (width) pipeline = pipeline.resize({ width, withoutEnlargement: true });
  // Effort 2 for AVIF: ~100 ms a landscape, once (the variant is kept); more effort saves little.
  if (ext === 'avif') pipeline = pipeline.avif({ quality: 50, effort: 2 });
  else if (ext === 'webp') pipeline = pipeline.webp({ quality: 70 });
  else pipeline = ext === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 82, mozjpeg: true });
  const bytes = await pipeline.toBuffer();
  await fs.mkdir(path.dirname(target), { recursive: true });
  // Written aside then renamed: a reader never sees half a file.
  const partial = `${target}.${crypto.randomBytes(4).toString('hex')}.part`;
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, target);
  return { bytes, type, etag };
}

/**
 * The hooks of one image prefix's static files: onRequest answers with a variant when one is asked for (AVIF or
 * WebP accepted, or `?w=`), else lets the static plugin send the original. A picture sharp cannot read (a file put there
 * by hand) goes out as it is.
 */
/** Requests answered with the original while their variant is being made. */
const originalForNow = new WeakSet<FastifyRequest>();
/** The original for now (the static plugin sends it), revalidated next time, when its variant will be ready. */
function original(request: FastifyRequest): void {
  originalForNow.add(request);
}

export function pictureVariants(options: { root: string; cacheRoot: string; log?: (message: string, error: unknown) => void }): {
  onRequest: onRequestHookHandler;
  onSend: onSendHookHandler;
} {
  const root = path.resolve(options.root);
  // After the static plugin has written its day-long Cache-Control: an original sent for now is not kept.
  const onSend: onSendHookHandler = async (request, reply, payload) => {
    if (originalForNow.has(request)) reply.header('cache-control', 'no-cache');
    return payload;
  };
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const wanted = (request.params as { '*'?: string })['*'] ?? '';
    if (!isConvertiblePicture(wanted)) return;
    const source = path.resolve(root, wanted);
    // Only files inside the image folder, never a dot folder (the static plugin refuses those too).
    if (!source.startsWith(root + path.sep) || wanted.split('/').some((segment) => segment.startsWith('.'))) return;
    const width = pictureWidth((request.query as { w?: unknown }).w);
    const modern = modernFormat(request.headers.accept);
    if (!width && !modern) return;
    const relative = path.relative(root, source);
    const key = `${relative}|${width}|${modern}`;
    const place = await variantPlace(source, options.cacheRoot, relative, width, modern);
    if (!place) return;
    const kept = making.has(key) ? null : await keptVariant(place);
    let job: Promise<Variant | null> | undefined = kept ? Promise.resolve(kept) : making.get(key);
    if (!job) {
      // Made meanwhile by an earlier job? Then it is read, not made again.
      job = limited(async () => (await keptVariant(place)) ?? madeVariant(place)).finally(() => making.delete(key));
      making.set(key, job);
      // Finished after its requests gave up waiting, it still has to be caught.
      job.catch((error: unknown) => options.log?.('图片转换失败，发送原图', error));
    }
    let variant: Variant | null | typeof TIMED_OUT;
    let timer: NodeJS.Timeout | undefined;
    try {
      variant = await Promise.race([job, new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), WAIT_MS)))]);
    } catch {
      return;
    } finally {
      clearTimeout(timer);
    }
    if (variant === TIMED_OUT) return original(request);
    if (!variant) return;
    // Only when it helps: a modern file larger than an original of the same size is not sent.
    if (!width) {
      const original = await fs.stat(source);
      if (variant.bytes.length >= original.size) return;
    }
    reply.header('cache-control', PICTURE_CACHE_CONTROL).header('vary', 'Accept').header('etag', variant.etag).type(variant.type);
    if (request.headers['if-none-match'] === variant.etag) return reply.status(304).send();
    return reply.send(request.method === 'HEAD' ? undefined : variant.bytes);
  };
  return { onRequest, onSend };
}
