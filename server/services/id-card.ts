/**
 * Mainland resident identity numbers (GB 11643-1999): 6-digit area code, 8-digit birth date, 3-digit sequence
 * and an ISO 7064 MOD 11-2 check character (a digit or X).
 */

import { MESSAGES } from '../api/messages.js';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

export type IdCardCheck = { ok: true; idCard: string } | { ok: false; msg: string };

/** The check character (0-9 or X) for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

/**
 * Validates an 18-digit mainland identity number: format, a real birth date not in the future (China Standard
 * Time) and not before 1900, and the check character. A lower-case x is accepted and returned upper-cased.
 * On failure, msg says which part is wrong, in Chinese.
 */
export function checkIdCard(value: string, today: Date = new Date()): IdCardCheck {
  const idCard = value.trim().toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(idCard)) {
    return { ok: false, msg: MESSAGES.idCard.malformed };
  }
  const year = Number(idCard.slice(6, 10));
  const month = Number(idCard.slice(10, 12));
  const day = Number(idCard.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  const validDate = birth.getUTCFullYear() === year && birth.getUTCMonth() === month - 1 && birth.getUTCDate() === day;
  // "Today" in China Standard Time, as a UTC date, so a birth date of today is accepted all day.
  const cst = new Date(today.getTime() + 8 * 3600_000);
  const todayUtc = Date.UTC(cst.getUTCFullYear(), cst.getUTCMonth(), cst.getUTCDate());
  if (!validDate || year < 1900 || birth.getTime() > todayUtc) {
    return { ok: false, msg: MESSAGES.idCard.birthDateInvalid };
  }
  if (idCardCheckChar(idCard) !== idCard[17]) {
    return { ok: false, msg: MESSAGES.idCard.checkDigitWrong };
  }
  return { ok: true, idCard };
}

/** An identity number shown as its first 6 and last 4 characters, the birth date hidden. */
export function maskIdCard(idCard: string | null): string | null {
  if (!idCard) return idCard;
  return idCard.length > 10 ? `${idCard.slice(0, 6)}${'*'.repeat(idCard.length - 10)}${idCard.slice(-4)}` : idCard;
}
