import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { applyTheme, contrastRatio, headerVeil, themeContrastFailures, themeScript, themeVariables } from '../../../engine/runtime/theme.js';

describe('a region theme', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#0b5c3a')!).toBeGreaterThan(7);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
    expect(contrastRatio('white', '#000000')).toBeUndefined();
  });

  it('sets the main colour with shades drawn from it, and the header colours; nothing for what it does not give', () => {
    expect(themeVariables(undefined)).toEqual({});
    expect(themeVariables({ primary: '#0B5C3A' })).toEqual({
      '--tm-theme-primary': '#0b5c3a',
      '--tm-theme-primary-dark': '#094a2e',
      '--tm-theme-primary-active': '#073d26',
      '--tm-theme-primary-light': '#e7efeb',
      '--tm-theme-primary-light-hover': '#d3e2dc',
    });
    expect(themeVariables({ headerBackground: '#123456', headerText: '#fefefe' })).toEqual({ '--tm-header-bg': '#123456', '--tm-header-text': '#fefefe' });
    // Only #rrggbb passes, whatever reached it: no CSS (or script) is made of anything else.
    expect(themeVariables({ primary: 'red;}body{x:1', headerText: '#fff' })).toEqual({});
  });

  it('puts the variables on the root, and a region without them clears the last one’s', () => {
    const { document } = new JSDOM('<!doctype html><html><body></body></html>').window;
    applyTheme(document.documentElement, { headerBackground: '#123456' });
    expect(document.documentElement.style.getPropertyValue('--tm-header-bg')).toBe('#123456');
    applyTheme(document.documentElement, {});
    expect(document.documentElement.style.getPropertyValue('--tm-header-bg')).toBe('');
  });

  it('writes the same variables as inline code for the first paint, and no code without a theme', () => {
    expect(themeScript(undefined)).toBe('');
    const { window } = new JSDOM('<!doctype html><html><body></body></html>', { runScripts: 'outside-only' });
    window.eval(themeScript({ primary: '#1d4ed8', headerText: '#ffffff' }));
    expect(window.document.documentElement.style.getPropertyValue('--tm-theme-primary')).toBe('#1d4ed8');
    expect(window.document.documentElement.style.getPropertyValue('--tm-header-text')).toBe('#ffffff');
  });

  it('tints the veil over the header picture with the header colour', () => {
    expect(headerVeil('#102030')).toBe('linear-gradient(rgba(16, 32, 48, 0.82), rgba(16, 32, 48, 0.7))');
    expect(headerVeil(undefined)).toBe('linear-gradient(rgba(8, 74, 46, 0.82), rgba(8, 74, 46, 0.7))');
  });

  it('names the setting whose colour makes text under 4.5:1', () => {
    expect(themeContrastFailures({ primary: '#0b5c3a', headerBackground: '#0b5c3a', headerText: '#ffffff' })).toEqual([]);
    const failures = themeContrastFailures({ primary: '#8fd3a8', headerBackground: '#a6d8b8', headerText: '#ffffff' });
    expect(failures.map((f) => f.key)).toEqual(['headerText', 'primary']);
    expect(failures[0].ratio).toBeLessThan(2);
    // A light header colour under the default white text is the background's fault.
    expect(themeContrastFailures({ headerBackground: '#eeeeee' }).map((f) => f.key)).toEqual(['headerBackground']);
  });
});
