/**
 * Byte ranges of a stored file (RFC 9110 §14): a download resumed or a video-like file read in parts. The files are
 * whole rows of the database (server/pictures/stored-files.ts), not files on this instance's disk, so @fastify/send
 * (which reads the file system) cannot serve them; this reads the one header the way it does: one range answered with
 * 206, several ignored (the whole file, as RFC 9110 lets a server do), a range past the end 416, anything else ignored.
 */

/** What to answer for a Range header and a file of `size` bytes: its part from `start` to `end` (inclusive). */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };
/** `bytes=first-last`, `bytes=first-` or `bytes=-suffix` (unit case-insensitive, spaces around the parts allowed). */
const SINGLE_RANGE = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i;

export function byteRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return WHOLE;
  const match = SINGLE_RANGE.exec(header);
  // Several ranges (a comma), another unit or a malformed header: the whole file, as if no range were asked.
  if (!match) return WHOLE;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return WHOLE;
  if (first === '') {
    // The last `suffix` bytes: none asked, or a file with none, cannot be answered.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  // A last byte before the first is not a valid range: ignored like any other malformed one.
  if (last !== '' && Number(last) < start) return WHOLE;
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * Whether If-Range lets the range apply: no If-Range, the same strong ETag, or exactly the file's Last-Modified.
 * Otherwise the file may have changed since the part the client holds, and the whole file is sent (RFC 9110 §13.1.5).
 */
export function ifRangeHolds(header: string | string[] | undefined, etag: string, lastModified: Date): boolean {
  if (header === undefined) return true;
  // Given twice, it names no one file: the whole file is the safe answer.
  if (Array.isArray(header)) return false;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && date === Math.floor(lastModified.getTime() / 1000) * 1000;
}

/** Content-Range: `bytes 0-99/1234` for a part; for a range that cannot be answered, `*` in place of the part. */
export const contentRange = (size: number, part?: { start: number; end: number }): string =>
  part ? `bytes ${part.start}-${part.end}/${size}` : `bytes */${size}`;
