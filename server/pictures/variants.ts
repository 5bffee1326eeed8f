import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { StoredFileMeta } from './stored-files.js';

/**
 * Pictures in a modern format at the size they are shown. A PNG or JPEG under the image prefixes (the seed's
 * landscapes, uploads) is answered as AVIF or WebP to a browser whose Accept names it, and at `?w=` pixels wide
 * (snapped up to one of PICTURE_WIDTHS, never enlarged) when the page's `srcset` asks for a smaller one. The address
 * stays the one stored and checked by the URL policy; `Vary: Accept` keeps the formats apart in caches, and a browser
 * that names neither gets the original. Variants are made once by sharp and kept on this instance's disk
 * (`<dataDir>/picture-variants`) under the original's content hash: a file never changes under its path, so a kept
 * variant is never stale, and each instance of several makes its own once.
 */

/** The widths a `srcset` may ask for; another `w` is served at the next one up (so the cache stays small). */
export const PICTURE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1920] as const;
/** Every file under the image prefixes, original or variant (server/pictures/picture-routes.ts). */
export const PICTURE_CACHE_CONTROL = 'public, max-age=86400';

/** True for a stored file the server can answer in another format or size: its responses vary by Accept. */
export const isConvertibleType = (mime: string) => /^image\/(?:png|jpeg)$/.test(mime);

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

export interface Variant {
  bytes: Buffer;
  type: string;
  etag: string;
}

/** One sharp job per variant at a time, however many browsers (or servers of one process, in tests) ask together. */
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

/** A variant asked for: what it is made from, where it is kept, what it is called. */
interface VariantPlace {
  width: number | undefined;
  ext: string;
  target: string;
  etag: string;
  type: string;
}

function variantPlace(cacheRoot: string, original: StoredFileMeta, width: number | undefined, modern: 'avif' | 'webp' | undefined): VariantPlace {
  const ext = modern ?? (original.mime === 'image/png' ? 'png' : 'jpeg');
  const name = `${original.sha256}@${width ?? 'full'}.${ext}`;
  // Two hex digits of fan-out: a folder never holds more than a few thousand files.
  const target = path.join(cacheRoot, original.sha256.slice(0, 2), name);
  const etag = `"${original.sha256.slice(0, 32)}-${width ?? 'full'}-${ext}"`;
  return { width, ext, target, etag, type: `image/${ext}` };
}

/**
 * A variant made earlier, read from disk: no job, no queue. Served at once even while other pictures are being made
 * (a visitor's pictures must not wait behind someone's upload). An empty file is no variant (never written by this
 * code, which renames only whole files into place; a disk that filled up under an older version may have left one).
 */
async function keptVariant(place: VariantPlace): Promise<Variant | null> {
  const bytes = await fs.readFile(place.target).catch(() => null);
  return bytes?.length ? { bytes, type: place.type, etag: place.etag } : null;
}

/**
 * Keeps a variant for next time: written aside then renamed, so a reader never sees half a file. A write that fails
 * (a full disk) leaves nothing behind and costs only the keeping: the variant is still sent.
 */
async function keep(place: VariantPlace, bytes: Buffer, log: VariantLog | undefined): Promise<void> {
  const partial = `${place.target}.${crypto.randomBytes(4).toString('hex')}.part`;
  try {
    await fs.mkdir(path.dirname(place.target), { recursive: true });
    await fs.writeFile(partial, bytes);
    await fs.rename(partial, place.target);
  } catch (error) {
    await fs.rm(partial, { force: true }).catch(() => undefined);
    log?.('图片变体缓存写入失败（本次照常发送，下次重新生成）', error);
  }
}

/** Makes the variant with sharp and keeps it. */
async function madeVariant(place: VariantPlace, source: Buffer, log: VariantLog | undefined): Promise<Variant> {
  const { width, ext, etag, type } = place;
  let pipeline = sharp(source, { failOn: 'error' });
  if (width) pipeline = pipeline.resize({ width, withoutEnlargement: true });
  // Effort 2 for AVIF: ~100 ms a landscape, once (the variant is kept); more effort saves little.
  if (ext === 'avif') pipeline = pipeline.avif({ quality: 50, effort: 2 });
  else if (ext === 'webp') pipeline = pipeline.webp({ quality: 70 });
  else pipeline = ext === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 82, mozjpeg: true });
  const bytes = await pipeline.toBuffer();
  await keep(place, bytes, log);
  return { bytes, type, etag };
}

type VariantLog = (message: string, error: unknown) => void;

/**
 * What to send for a picture asked for in another format or width: the variant; the original for now, not to be kept
 * by the browser ('later': the variant is still being made); or the original ('original': nothing better to send, or
 * a picture sharp cannot read, which goes out as it is).
 */
export type VariantAnswer = { kind: 'variant'; variant: Variant } | { kind: 'later' } | { kind: 'original' };

export interface PictureVariants {
  /** `bytes` reads the original; it is called only when the variant has to be made. */
  answer(
    original: StoredFileMeta,
    bytes: () => Promise<Buffer | undefined>,
    width: number | undefined,
    modern: 'avif' | 'webp' | undefined,
  ): Promise<VariantAnswer>;
}

export function pictureVariants(options: { cacheRoot: string; log?: VariantLog }): PictureVariants {
  const cacheRoot = path.resolve(options.cacheRoot);
  return {
    async answer(original, bytes, width, modern) {
      if (!isConvertibleType(original.mime) || (!width && !modern)) return { kind: 'original' };
      const place = variantPlace(cacheRoot, original, width, modern);
      const key = place.target;
      const kept = making.has(key) ? null : await keptVariant(place);
      let job: Promise<Variant | null> | undefined = kept ? Promise.resolve(kept) : making.get(key);
      if (!job) {
        // Made meanwhile by an earlier job? Then it is read, not made again.
        job = limited(async () => {
          const made = await keptVariant(place);
          if (made) return made;
          const source = await bytes();
          return source ? madeVariant(place, source, options.log) : null;
        }).finally(() => making.delete(key));
        making.set(key, job);
        // Finished after its requests gave up waiting, it still has to be caught.
        job.catch((error: unknown) => options.log?.('图片转换失败，发送原图', error));
      }
      let variant: Variant | null | typeof TIMED_OUT;
      let timer: NodeJS.Timeout | undefined;
      try {
        variant = await Promise.race([job, new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), WAIT_MS)))]);
      } catch {
        return { kind: 'original' };
      } finally {
        clearTimeout(timer);
      }
      if (variant === TIMED_OUT) return { kind: 'later' };
      // Only when it helps: a modern file larger than an original of the same size is not sent.
      if (!variant || (!width && variant.bytes.length >= original.size)) return { kind: 'original' };
      return { kind: 'variant', variant };
    },
  };
}
