import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { readingAidsCss, readingAidsValue } from '../../../scripts/reading-aids-css.js';

describe('the reading aids written into every stylesheet', () => {
  it.each([
    ['font-size', '12px', 'max(12px, var(--tm-font-min, 0px))'],
    ['font-size', '17.5px', 'max(17.5px, var(--tm-font-min, 0px))'],
    ['font-size', '18px', null],
    ['font-size', '1.2em', null],
    ['line-height', '20px', 'max(20px, calc(var(--tm-line, 0) * 1em))'],
    ['line-height', '1.2', 'max(1.2, var(--tm-line, 0))'],
    ['line-height', '1.6', null],
    ['line-height', '0', null],
    ['line-height', 'normal', null],
    ['color', '12px', null],
  ])('%s: %s', (prop, value, expected) => {
    expect(readingAidsValue(prop, value)).toBe(expected);
  });

  it('rewrites a stylesheet once, Semi-style rules included', async () => {
    const css = '.semi-button{font-size:14px;line-height:20px;height:32px}.x{font:inherit;font-size:20px}';
    const once = (await postcss([readingAidsCss()]).process(css, { from: undefined })).css;
    expect(once).toBe(
      '.semi-button{font-size:max(14px, var(--tm-font-min, 0px));line-height:max(20px, calc(var(--tm-line, 0) * 1em));height:32px}.x{font:inherit;font-size:20px}',
    );
    expect((await postcss([readingAidsCss()]).process(once, { from: undefined })).css).toBe(once);
  });
});
