import { MemoryStorage } from './memory-storage.js';

/** Storage keys (spec §9: token in local storage; dept id, name and code in session and local storage). */
export const SESSION_KEYS = {
  token: 'tianmu.token',
  phone: 'tianmu.phone',
  deptId: 'tianmu.deptId',
  deptName: 'tianmu.deptName',
  deptCode: 'tianmu.deptCode',
} as const;

/** The place the visitor is looking at: the tenant of every call. */
export interface DeptSelection {
  deptId: number | string;
  deptName?: string;
  deptCode?: string;
}

/** A snapshot of the session, for rendering. */
export interface SessionSnapshot {
  token: string | null;
  phone: string | null;
  /** `138****0001`, or null when no phone is stored. */
  maskedPhone: string | null;
  deptId: string | null;
  deptName: string | null;
  deptCode: string | null;
  /** A stored token or phone (spec §6: that is what "logged in" means to the portal before a token check). */
  loggedIn: boolean;
}

/**
 * The phone as the header shows it: the first 3 and last 4 digits (spec §9).
 *
 * @example maskPhone('13800000001') // → '138****0001'
 */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.trim();
  if (digits.length < 8) return digits;
  return `${digits.slice(0, 3)}${'*'.repeat(digits.length - 7)}${digits.slice(-4)}`;
}

function safeStorage(get: () => Storage | undefined): Storage {
  try {
    const storage = get();
    if (!storage) return new MemoryStorage();
    const probe = '__tianmu_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return new MemoryStorage();
  }
}

/**
 * Login and place state kept in the browser's storages, with change listeners for the React layer.
 *
 * @example
 * const session = new SessionStore(); // window.localStorage + window.sessionStorage when present
 * session.setDept({ deptId: 330127, deptName: '淳安县', deptCode: '330127' });
 */
export class SessionStore {
  private readonly local: Storage;
  private readonly session: Storage;
  private readonly listeners = new Set<() => void>();
  private snapshot: SessionSnapshot | undefined;

  constructor(local?: Storage, session?: Storage) {
    this.local = local ?? safeStorage(() => globalThis.localStorage);
    this.session = session ?? safeStorage(() => globalThis.sessionStorage);
  }

  get token(): string | null {
    return this.local.getItem(SESSION_KEYS.token);
  }

  get phone(): string | null {
    return this.local.getItem(SESSION_KEYS.phone);
  }

  /** The session tab's choice first (a place opened in a new window), then the last one remembered. */
  get deptId(): string | null {
    return this.read(SESSION_KEYS.deptId);
  }

  get deptName(): string | null {
    return this.read(SESSION_KEYS.deptName);
  }

  get deptCode(): string | null {
    return this.read(SESSION_KEYS.deptCode);
  }

  get loggedIn(): boolean {
    return Boolean(this.token || this.phone);
  }

  /** Remembers a successful login. */
  setLogin(token: string, phone: string): void {
    this.local.setItem(SESSION_KEYS.token, token);
    this.local.setItem(SESSION_KEYS.phone, phone);
    this.changed();
  }

  /** Forgets token and phone (what a 401 on a stored login does). */
  clearLogin(): void {
    this.local.removeItem(SESSION_KEYS.token);
    this.local.removeItem(SESSION_KEYS.phone);
    this.changed();
  }

  /** Logout (spec §4): clears token, phone and dept id. */
  logout(): void {
    this.local.removeItem(SESSION_KEYS.token);
    this.local.removeItem(SESSION_KEYS.phone);
    this.local.removeItem(SESSION_KEYS.deptId);
    this.session.removeItem(SESSION_KEYS.deptId);
    this.changed();
  }

  /** Selects the place every following call is scoped to, in both storages. */
  setDept(dept: DeptSelection): void {
    const entries: Array<[string, string | undefined]> = [
      [SESSION_KEYS.deptId, String(dept.deptId)],
      [SESSION_KEYS.deptName, dept.deptName],
      [SESSION_KEYS.deptCode, dept.deptCode],
    ];
    for (const [key, value] of entries) {
      if (value === undefined) continue;
      this.session.setItem(key, value);
      this.local.setItem(key, value);
    }
    this.changed();
  }

  /** The current state; the same object until something changes (for React's useSyncExternalStore). */
  getSnapshot = (): SessionSnapshot => {
    this.snapshot ??= {
      token: this.token,
      phone: this.phone,
      maskedPhone: maskPhone(this.phone),
      deptId: this.deptId,
      deptName: this.deptName,
      deptCode: this.deptCode,
      loggedIn: this.loggedIn,
    };
    return this.snapshot;
  };

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private read(key: string): string | null {
    return this.session.getItem(key) ?? this.local.getItem(key);
  }

  private changed(): void {
    this.snapshot = undefined;
    for (const listener of this.listeners) listener();
  }
}
