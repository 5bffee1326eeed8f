import { MESSAGES } from '../../api/messages.js';

/** The account routes' messages. */
export const M = MESSAGES.users;

/** A param as text: strings and numbers as sent, anything else empty (the checks then say what is missing). */
export const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
