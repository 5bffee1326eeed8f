import fastUri from 'fast-uri';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../engine/react/lean-markdown.js';
import leanUri from '../../../engine/forms/lean/uri.js';

// The client build swaps two of rjsf's libraries for lean stand-ins (vite.config.ts): they must answer as the
// originals do for what rjsf asks of them, or a form would resolve its `$ref`s differently in the browser than in
// the tests that run with the originals.
describe('lean stand-ins of the form libraries', () => {
  it('resolves and compares schema references as fast-uri does', () => {
    const cases: Array<[string, string]> = [
      ['', '#/definitions/phone'],
      ['', '#'],
      ['forms/register', '#/properties/code'],
      ['forms/register', 'other'],
      ['forms/register#/a', '#/b'],
      ['forms/a/b', '../c#/d'],
      ['http://example.com/schemas/a.json', 'b.json#/x'],
      ['http://example.com/schemas/a.json#/y', '#/x'],
      ['https://example.com/a/b', '/root'],
    ];
    for (const [base, ref] of cases) expect(leanUri.resolve(base, ref), `${base} + ${ref}`).toBe(fastUri.resolve(base, ref));
    const pairs: Array<[string, string]> = [
      ['#/definitions/a', '#/definitions/a'],
      ['#/definitions/a', '#/definitions/b'],
      ['forms/x', 'forms/x#'],
      ['http://example.com/a', 'http://example.com/a#'],
      ['http://example.com/a', 'http://example.com/b'],
      ['HTTP://Example.com/a', 'http://example.com/a'],
      ['a/./b', 'a/b'],
    ];
    for (const [a, b] of pairs) expect(leanUri.equal(a, b), `${a} = ${b}`).toBe(fastUri.equal(a, b));
  });

  it('shows Markdown text as text (no form enables Markdown; what reaches it is never parsed as HTML)', () => {
    expect(renderToStaticMarkup(createElement(Markdown, null, '**注意** <b>x</b>'))).toBe('<span>**注意** &lt;b&gt;x&lt;/b&gt;</span>');
  });
});
