import { describe, expect, it } from 'vitest';
import { loginReturnOf, loginReturnState } from '../../../blocks/_parts/login-return.js';

describe('where a login sends the visitor back to', () => {
  it('the page that asked for it, query included', () => {
    expect(loginReturnOf(loginReturnState({ pathname: '/bidDetail', search: '?id=45' }))).toBe('/bidDetail?id=45');
  });

  it('nothing without a route of this portal: no state, not a string, an outside or protocol-relative address', () => {
    for (const state of [
      null,
      undefined,
      {},
      { returnTo: 7 },
      { returnTo: 'https://evil.example/' },
      { returnTo: '//evil.example/' },
      { returnTo: '/\\evil.example' },
      { returnTo: 'javascript:alert(1)' },
    ]) {
      expect(loginReturnOf(state)).toBeNull();
    }
  });

  it('not the login page itself', () => {
    expect(loginReturnOf({ returnTo: '/login' }, ['/login'])).toBeNull();
    expect(loginReturnOf({ returnTo: '/' }, ['/login'])).toBe('/');
  });
});
