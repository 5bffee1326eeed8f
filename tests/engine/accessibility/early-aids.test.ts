// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { AIDS_STORAGE_KEY, ELDER_PRESET, NO_AIDS, applyAids, earlyAidsScript, initialAids, type ElderModeOption } from '../../../engine/accessibility/index.js';

/** The root element's classes and aid variables, as a comparable record. */
const rootState = (root: HTMLElement) => ({
  classes: [...root.classList].sort(),
  zoom: root.style.getPropertyValue('--tm-text-zoom'),
  fontMin: root.style.getPropertyValue('--tm-font-min'),
});

/** What the app puts on a fresh root for this option and stored value (initialAids + applyAids). */
function appState(option: ElderModeOption, stored: string | null) {
  const root = document.createElement('html');
  applyAids(root, initialAids(option, { getItem: () => stored, setItem: () => undefined }));
  return rootState(root);
}

/** What index.html's inline script puts on the document for the same. */
function scriptState(option: ElderModeOption, stored: string | null) {
  const root = document.documentElement;
  root.removeAttribute('class');
  root.removeAttribute('style');
  localStorage.clear();
  if (stored !== null) localStorage.setItem(AIDS_STORAGE_KEY, stored);
  const code = earlyAidsScript(option);
  if (code) new Function(code)();
  return rootState(root);
}

const STORED: Array<string | null> = [
  null,
  JSON.stringify(NO_AIDS),
  JSON.stringify(ELDER_PRESET),
  JSON.stringify({ ...ELDER_PRESET, textStep: 2 }),
  JSON.stringify({ ...NO_AIDS, textStep: 1 }),
  JSON.stringify({ ...NO_AIDS, textStep: 4, contrast: true, readFocus: true }),
  JSON.stringify({ ...NO_AIDS, spacing: true, calm: true }),
  // Damaged or odd entries: the app's parser decides, and the script must decide the same.
  JSON.stringify({ elder: 'yes', textStep: 1.5 }),
  JSON.stringify({ textStep: 99 }),
  JSON.stringify({ textStep: -3, cursor: true }),
  JSON.stringify([]),
  'null',
  '42',
  '"elder"',
  '{not json',
  '',
];

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('class');
  document.documentElement.removeAttribute('style');
});

describe('the reading aids before the app starts', () => {
  for (const option of ['offered', 'default', 'hidden'] as const)
    it.each(STORED.map((stored) => [stored]))(`${option}, stored %j: the inline script sets what the app sets`, (stored) => {
      expect(scriptState(option, stored)).toEqual(appState(option, stored));
    });

  it('puts elder mode on for a first visit where the region makes it the default, and the stored text step', () => {
    expect(scriptState('default', null)).toMatchObject({ classes: expect.arrayContaining(['tm-elder', 'tm-aid-text']), fontMin: '18px', zoom: '' });
    expect(scriptState('offered', JSON.stringify({ ...ELDER_PRESET, textStep: 2 }))).toMatchObject({ zoom: '1.5', fontMin: '18px' });
    expect(scriptState('offered', null)).toEqual({ classes: [], zoom: '', fontMin: '' });
  });

  it('writes no script where the region hides elder mode, and keeps the script free of a closing tag', () => {
    expect(earlyAidsScript('hidden')).toBe('');
    expect(earlyAidsScript('default')).not.toMatch(/<\/script/i);
  });

  it('leaves the page as it is where storage is refused (privacy mode)', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('refused', 'SecurityError');
      },
    });
    try {
      document.documentElement.removeAttribute('class');
      new Function(earlyAidsScript('offered'))();
      expect(rootState(document.documentElement)).toEqual({ classes: [], zoom: '', fontMin: '' });
      new Function(earlyAidsScript('default'))();
      expect(document.documentElement.classList.contains('tm-elder')).toBe(true);
    } finally {
      Object.defineProperty(window, 'localStorage', original);
    }
  });
});
