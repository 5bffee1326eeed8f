import { describe, expect, it } from 'vitest';
import { maskPhone, MemoryStorage, SESSION_KEYS, SessionStore } from '../../../engine/http/index.js';

describe('session storage (spec §9)', () => {
  it('keeps the token and phone in local storage, the place in session and local storage', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    const store = new SessionStore(local, session);
    store.setLogin('tok', '13800000001');
    store.setDept({ deptId: 330127, deptName: '淳安县', deptCode: '330127000000' });
    expect(local.getItem(SESSION_KEYS.token)).toBe('tok');
    expect(session.getItem(SESSION_KEYS.token)).toBeNull();
    expect(local.getItem(SESSION_KEYS.phone)).toBe('13800000001');
    for (const storage of [local, session]) {
      expect(storage.getItem(SESSION_KEYS.deptId)).toBe('330127');
      expect(storage.getItem(SESSION_KEYS.deptName)).toBe('淳安县');
      expect(storage.getItem(SESSION_KEYS.deptCode)).toBe('330127000000');
    }
  });

  it('prefers this tab’s place over the last remembered one (a place opened in a new window)', () => {
    const local = new MemoryStorage();
    local.setItem(SESSION_KEYS.deptId, '4115');
    const store = new SessionStore(local, new MemoryStorage());
    expect(store.deptId).toBe('4115');
    const tab = new MemoryStorage();
    tab.setItem(SESSION_KEYS.deptId, '411502');
    expect(new SessionStore(local, tab).deptId).toBe('411502');
  });

  it('logout clears token, phone and dept id; a 401 clears only token and phone', () => {
    const store = new SessionStore(new MemoryStorage(), new MemoryStorage());
    store.setDept({ deptId: 330127, deptName: '淳安县' });
    store.setLogin('tok', '13800000001');
    store.clearLogin();
    expect([store.token, store.phone, store.deptId]).toEqual([null, null, '330127']);
    store.setLogin('tok', '13800000001');
    store.logout();
    expect([store.token, store.phone, store.deptId, store.loggedIn]).toEqual([null, null, null, false]);
    expect(store.deptName).toBe('淳安县');
  });

  it('masks the phone to its first 3 and last 4 digits', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone(null)).toBeNull();
    const store = new SessionStore(new MemoryStorage(), new MemoryStorage());
    store.setLogin('t', '15912345678');
    expect(store.getSnapshot().maskedPhone).toBe('159****5678');
  });

  it('tells subscribers about changes and keeps one snapshot object between them', () => {
    const store = new SessionStore(new MemoryStorage(), new MemoryStorage());
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    store.setLogin('t', '13800000001');
    expect(calls).toBe(1);
    expect(store.getSnapshot()).not.toBe(before);
    expect(store.getSnapshot().loggedIn).toBe(true);
    unsubscribe();
    store.logout();
    expect(calls).toBe(1);
  });

  it('falls back to memory when a storage refuses writes (private mode, full quota)', () => {
    const refusing = new MemoryStorage();
    refusing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const store = new SessionStore(undefined, undefined);
    expect(() => store.setLogin('t', '13800000001')).not.toThrow();
    expect(store.token).toBe('t');
  });
});
