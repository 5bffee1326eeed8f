import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { sanitizeHtml } from '../../../server/services/sanitize.js';
import { isAllowedUrl } from '../../../engine/security/url-policy.js';

const parse = (html: string) => new JSDOM(`<body>${html}</body>`).window.document.body;

// The same module the client runs (blocks/_parts/sanitize.ts configures it on the page's window); here on jsdom.
describe('rich-text sanitiser', () => {
  it('drops style attributes and <style> elements (the page takeover)', () => {
    const out = sanitizeHtml(
      '<div style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:99999;background:#fff">' +
        '<a href="https://evil.example/login">会话已过期，请重新登录</a></div>' +
        '<style>body{display:none} .tm-detail{position:fixed}</style><p>正文</p>',
    );
    expect(out).not.toMatch(/style/i);
    expect(out).not.toMatch(/position\s*:\s*fixed/i);
    expect(out).toContain('<p>正文</p>');
    expect(parse(out).querySelectorAll('[style], style')).toHaveLength(0);
  });

  it('drops class and id, so content cannot borrow the portal’s own fixed layers or clobber globals', () => {
    const out = sanitizeHtml('<div class="tm-modal semi-modal-mask" id="__TIANMU_REGION__">x</div><form name="body"><input name="x"></form>');
    expect(out).toBe('<div>x</div>');
  });

  it('drops event handlers, scripts, frames, objects, forms and svg/math tricks', () => {
    const payloads = [
      '<img src="/a.png" onerror="alert(1)">',
      '<p onclick="alert(1)" onmouseover="alert(1)">x</p>',
      '<script>alert(1)</script>',
      '<iframe src="https://example.com"></iframe>',
      '<object data="x.swf"></object><embed src="x.swf">',
      '<form action="https://evil.example"><input type="password"><button>登录</button></form>',
      '<svg><script>alert(1)</script><animate onbegin="alert(1)"></animate></svg>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<details open ontoggle="alert(1)">x</details>',
      '<a href="#" onfocus="alert(1)" autofocus>x</a>',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
      '<base href="https://evil.example/">',
      '<link rel="stylesheet" href="https://evil.example/x.css">',
    ];
    for (const payload of payloads) {
      const out = sanitizeHtml(payload);
      const body = parse(out);
      expect(out, payload).not.toMatch(/alert|<script|<iframe|<object|<embed|<form|<input|<svg|<math|<meta|<base|<link|<style/i);
      for (const el of Array.from(body.querySelectorAll('*'))) {
        for (const attr of Array.from(el.attributes)) expect(attr.name, payload).not.toMatch(/^on/i);
      }
    }
  });

  it('drops href and src outside the URL policy, however the scheme is spelled', () => {
    const schemes = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      'java&#10;script:alert(1)',
      '&#106;avascript:alert(1)',
      'javascript://%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example',
      '/\\evil.example',
    ];
    for (const scheme of schemes) {
      const body = parse(sanitizeHtml(`<a href="${scheme}">链接</a><img src="${scheme}" alt="图">`));
      expect(body.textContent, scheme).toContain('链接');
      for (const el of Array.from(body.querySelectorAll('[href], [src]'))) {
        expect(isAllowedUrl(el.getAttribute('href') ?? el.getAttribute('src')), scheme).toBe(true);
      }
      expect(body.querySelector('a')!.hasAttribute('href'), scheme).toBe(false);
    }
  });

  it('keeps normal formatting, links and pictures; a new-window link gets rel=noopener', () => {
    const html =
      '<h3>标题</h3><p><strong>粗体</strong><em>斜体</em><u>下划线</u><br></p><ul><li>一</li></ul><ol><li>二</li></ol>' +
      '<table><thead><tr><th>列</th></tr></thead><tbody><tr><td colspan="2">格</td></tr></tbody></table>' +
      '<blockquote>引用</blockquote><img src="/image-api/a.png" alt="图" width="100">' +
      '<a href="https://www.gov.cn/" target="_blank">政府网</a><a href="#/policy" title="政策">政策</a>';
    const out = sanitizeHtml(html);
    const body = parse(out);
    for (const tag of ['h3', 'strong', 'em', 'u', 'br', 'ul', 'ol', 'li', 'table', 'th', 'td', 'blockquote', 'img', 'a']) {
      expect(body.querySelector(tag), tag).not.toBeNull();
    }
    expect(body.querySelector('td')!.getAttribute('colspan')).toBe('2');
    expect(body.querySelector('img')!.getAttribute('src')).toBe('/image-api/a.png');
    const external = body.querySelector('a[target]')!;
    expect(external.getAttribute('href')).toBe('https://www.gov.cn/');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(body.querySelector('a[title]')!.getAttribute('href')).toBe('#/policy');
  });

  it('keeps plain text (a textarea intent) as it is', () => {
    expect(sanitizeHtml('面积 30 亩，期限 10 年')).toBe('面积 30 亩，期限 10 年');
    expect(sanitizeHtml('')).toBe('');
  });
});
