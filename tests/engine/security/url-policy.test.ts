import { describe, expect, it } from 'vitest';
import { isAllowedUrl, isHttpUrl, safeUrl, URL_MAX_LENGTH } from '../../../engine/security/url-policy.js';

// Addresses a hostile record or region file might carry: each would run script, leave the site unannounced or be
// read by a browser as something other than what was checked.
const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  'javascript://%0aalert(1)',
  'javascript://example.com/%0aalert(1)',
  '\u0000javascript:alert(1)',
  'jav\u0000ascript:alert(1)',
  '\u001fjavascript:alert(1)',
  '\u00a0javascript:alert(1)',
  '\ufeffjavascript:alert(1)',
  '\u2028javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/a',
  'blob:https://example.com/uuid',
  'about:blank',
  '&#106;avascript:alert(1)',
  '&#x6A;avascript:alert(1)',
  'javascript&colon;alert(1)',
  '%6Aavascript:alert(1)',
  '//evil.com',
  '/\\evil.com',
  '\\\\evil.com',
  '/\t/evil.com',
  'http:\\\\evil.com',
  'https:/\\evil.com',
  'http://',
  'https:///evil.com',
  'http://exa mple.com',
  'http://example.com/\u0000',
  'https://example.com/a\nb',
  ' http://example.com',
  'http://example.com ',
  '',
  ' ',
  'evil.com',
  'a:b',
  `/${'a'.repeat(URL_MAX_LENGTH)}`,
];

const GOOD = [
  'http://example.com',
  'https://example.com/a/b?c=d#e',
  'HTTPS://EXAMPLE.COM/',
  'https://www.gov.cn/zhengce/',
  'http://10.0.0.1:8080/x',
  '/image-api/a.png',
  '/profile/upload/2024/01/01/a.jpg',
  '/',
  '#/list?type=1',
  '#/',
  './a.png',
  '../a.png',
  '?page=2',
  'https://example.com/路径/文件.pdf',
];

describe('URL policy', () => {
  it.each(HOSTILE.map((u) => [JSON.stringify(u).slice(0, 60), u]))('refuses %s', (_label, url) => {
    expect(isAllowedUrl(url)).toBe(false);
    expect(isHttpUrl(url)).toBe(false);
    expect(safeUrl(url)).toBeUndefined();
  });

  it.each(GOOD.map((u) => [u]))('allows %s', (url) => {
    expect(isAllowedUrl(url)).toBe(true);
    expect(safeUrl(url)).toBe(url);
  });

  it('isHttpUrl allows only absolute http(s) addresses', () => {
    expect(isHttpUrl('https://example.com/app')).toBe(true);
    expect(isHttpUrl('/app')).toBe(false);
    expect(isHttpUrl('#/app')).toBe(false);
  });

  it('refuses what is not a string', () => {
    for (const v of [undefined, null, 1, {}, ['https://example.com'], true]) expect(isAllowedUrl(v)).toBe(false);
  });
});
