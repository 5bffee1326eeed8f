const CST_OFFSET_MS = 8 * 60 * 60 * 1000;

/** 'YYYY-MM-DD HH:mm:ss' in China Standard Time (UTC+8, no daylight saving), or null. */
export function formatDateTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Date(date.getTime() + CST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Same as formatDateTime for columns that are never null. */
export function formatRequiredDateTime(value: Date | string): string {
  return formatDateTime(value) ?? '';
}

/** Numeric columns arrive as exact decimal text; the API speaks numbers. */
export function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Parses a jsonb column that may come back as text (pg) or as a value (PGlite). */
export function jsonValue<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
}

/** Masks a phone to its first 3 and last 4 digits, as the spec shows it. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}
