import { describe, expect, it } from 'vitest';
import * as browser from '../../engine/http/sign.js';
import * as server from '../../server/plugins/guards/index.js';

// One formula, two MD5s: the browser's crypto-js and the server's node:crypto must agree on every input.
describe('the sign and the form signature', () => {
  const inputs: Array<[string | number, string | number, string]> = [
    [330127, 1764000000000, 'demo-sign-key'],
    ['4115', '1764000000123', ''],
    [610122, 0, '密钥 with spaces & ünïcode'],
  ];

  it.each(inputs)('are the same on the server and in the browser for %s, %s, %s', (a, b, c) => {
    expect(server.signFor(a, b, c)).toBe(browser.signFor(a, b, c));
    expect(server.formSignatureFor(String(c), String(a), b)).toBe(browser.formSignatureFor(String(c), String(a), b));
  });

  it('hash deptId + timeStamp + key in that order (spec §7), as lowercase hex', () => {
    // MD5("abc"), the RFC 1321 test vector.
    expect(server.signFor('a', 'b', 'c')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(browser.signFor('a', 'b', 'c')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(server.signFor('c', 'b', 'a')).not.toBe('900150983cd24fb0d6963f7d28e17f72');
  });
});
