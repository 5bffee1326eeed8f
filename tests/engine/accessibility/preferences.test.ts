// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  AIDS_STORAGE_KEY,
  ELDER_PRESET,
  NO_AIDS,
  aidClasses,
  applyAids,
  initialAids,
  parseAids,
  storeAids,
  toggleElder,
} from '../../../engine/accessibility/index.js';

const memory = (entries: Record<string, string> = {}) => {
  const map = new Map(Object.entries(entries));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
};

describe('the aids a visit starts with', () => {
  it.each([
    ['offered', {}, NO_AIDS],
    ['default', {}, ELDER_PRESET],
    ['hidden', {}, NO_AIDS],
    // The reader's own choice wins over the region's default, both ways.
    ['default', { [AIDS_STORAGE_KEY]: JSON.stringify(NO_AIDS) }, NO_AIDS],
    ['offered', { [AIDS_STORAGE_KEY]: JSON.stringify(ELDER_PRESET) }, ELDER_PRESET],
    // A region that hides elder mode applies none, whatever was stored.
    ['hidden', { [AIDS_STORAGE_KEY]: JSON.stringify(ELDER_PRESET) }, NO_AIDS],
  ] as const)('%s with %j stored', (option, stored, expected) => {
    expect(initialAids(option, memory(stored))).toEqual(expected);
  });

  it('survives storage that refuses to be read', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(initialAids('default', refusing)).toEqual(ELDER_PRESET);
    expect(() => storeAids(refusing, ELDER_PRESET)).not.toThrow();
  });

  it('reads a damaged entry as nothing stored, and bounds the text step', () => {
    expect(parseAids('{not json')).toBeNull();
    expect(parseAids('"elder"')).toBeNull();
    expect(parseAids(JSON.stringify({ elder: 'yes', textStep: 99, contrast: true }))).toEqual({ ...NO_AIDS, textStep: 4, contrast: true });
    expect(parseAids(JSON.stringify({ textStep: -3 }))?.textStep).toBe(0);
    expect(parseAids(JSON.stringify({ textStep: 1.5 }))?.textStep).toBe(0);
  });

  it('remembers what was stored', () => {
    const storage = memory();
    storeAids(storage, { ...NO_AIDS, contrast: true, textStep: 2 });
    expect(initialAids('offered', storage)).toEqual({ ...NO_AIDS, contrast: true, textStep: 2 });
  });
});

describe('the 长辈版 toggle and the document', () => {
  it('turns the preset on, then every aid off', () => {
    expect(toggleElder(NO_AIDS)).toEqual(ELDER_PRESET);
    expect(toggleElder({ ...ELDER_PRESET, contrast: true })).toEqual(NO_AIDS);
  });

  it('puts one class per aid on the root element and the text scale as a zoom', () => {
    const root = document.createElement('html');
    root.classList.add('keep-me');
    applyAids(root, { ...ELDER_PRESET, textStep: 4, contrast: true });
    expect([...root.classList].sort()).toEqual([
      'keep-me',
      'tm-aid-calm',
      'tm-aid-contrast',
      'tm-aid-cursor',
      'tm-aid-simple',
      'tm-aid-spacing',
      'tm-aid-text',
      'tm-elder',
    ]);
    expect(root.style.getPropertyValue('--tm-text-zoom')).toBe('2');
    expect(root.style.getPropertyValue('--tm-font-min')).toBe('18px');
    applyAids(root, NO_AIDS);
    expect(root.style.getPropertyValue('--tm-font-min')).toBe('');
    expect([...root.classList]).toEqual(['keep-me']);
    expect(root.style.getPropertyValue('--tm-text-zoom')).toBe('');
  });

  it('scales text without elder mode, and elder mode alone keeps 100% with its 18 px floor', () => {
    expect(aidClasses({ ...NO_AIDS, textStep: 1 })).toEqual({ classes: ['tm-aid-text'], zoom: 1.25 });
    expect(aidClasses({ ...NO_AIDS, elder: true })).toEqual({ classes: ['tm-elder', 'tm-aid-text'], zoom: 1 });
  });
});
