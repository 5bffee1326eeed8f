/**
 * The reading aids of elder mode (长辈版 / 适老化), each usable on its own, and the preset that turns them on
 * together. Framework-free: the React layer keeps them in state, `applyAids` puts them on the document, and the
 * browser's storage remembers them across visits.
 */

/** How a region offers elder mode: a toggle (offered), on for a first visit (default), or not at all (hidden). */
export type ElderModeOption = 'offered' | 'default' | 'hidden';

export interface Aids {
  /** The elder preset is on (the 长辈版 toggle's state). */
  elder: boolean;
  /** Index into TEXT_SCALES: 0 is the page as designed. */
  textStep: number;
  /** Line spacing at least 1.5 for text (1.3 for the tightest controls). */
  spacing: boolean;
  /** Black on white, dark links and borders, thick focus: still WCAG AA. */
  contrast: boolean;
  /** A 48 px pointer. */
  cursor: boolean;
  /** Every page in one column. */
  simple: boolean;
  /** Nothing moves by itself and no message vanishes before it is dismissed. */
  calm: boolean;
  /** Read the focused or selected text aloud. */
  readFocus: boolean;
}

/** The text size steps, as a share of the page as designed; elder mode starts at the second (text ≥ 18 px). */
export const TEXT_SCALES = [1, 1.25, 1.5, 1.75, 2] as const;

/** The smallest text in elder mode: everything smaller is raised to it (before the text scale). */
export const ELDER_MIN_FONT_PX = 18;

export const NO_AIDS: Aids = { elder: false, textStep: 0, spacing: false, contrast: false, cursor: false, simple: false, calm: false, readFocus: false };

/** What the 长辈版 toggle turns on; high contrast and read-aloud stay the reader's own choice. */
export const ELDER_PRESET: Aids = { elder: true, textStep: 0, spacing: true, contrast: false, cursor: true, simple: true, calm: true, readFocus: false };

export const AIDS_STORAGE_KEY = 'tianmu:reading-aids';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

const clampStep = (step: unknown): number => (Number.isInteger(step) ? Math.min(Math.max(step as number, 0), TEXT_SCALES.length - 1) : 0);

/** Reads stored aids; anything missing or malformed falls back to off, so a damaged entry never breaks the page. */
export function parseAids(raw: string | null): Aids | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const flag = (key: keyof Aids) => record[key] === true;
  return {
    elder: flag('elder'),
    textStep: clampStep(record.textStep),
    spacing: flag('spacing'),
    contrast: flag('contrast'),
    cursor: flag('cursor'),
    simple: flag('simple'),
    calm: flag('calm'),
    readFocus: flag('readFocus'),
  };
}

/**
 * The aids a visit starts with: none where the region hides elder mode, the stored choice where there is one, else
 * the preset where the region makes elder mode its default.
 *
 * @example
 * initialAids('default', localStorage) // ELDER_PRESET on a first visit
 */
export function initialAids(option: ElderModeOption, storage: Storage | undefined): Aids {
  if (option === 'hidden') return NO_AIDS;
  let stored: Aids | null = null;
  try {
    stored = parseAids(storage?.getItem(AIDS_STORAGE_KEY) ?? null);
  } catch {
    // Storage can be refused (privacy mode): the region's default then applies on each visit.
  }
  return stored ?? (option === 'default' ? ELDER_PRESET : NO_AIDS);
}

export function storeAids(storage: Storage | undefined, aids: Aids): void {
  try {
    storage?.setItem(AIDS_STORAGE_KEY, JSON.stringify(aids));
  } catch {
    // Not remembered, still applied.
  }
}

/** The 长辈版 toggle: the preset on, or every aid off. */
export function toggleElder(aids: Aids): Aids {
  return aids.elder ? NO_AIDS : ELDER_PRESET;
}

/** The root element's class for each aid that has one of its own (`tm-aid-text` goes with elder mode or a text step). */
export const AID_CLASSES: ReadonlyArray<readonly [keyof Aids, string]> = [
  ['elder', 'tm-elder'],
  ['spacing', 'tm-aid-spacing'],
  ['contrast', 'tm-aid-contrast'],
  ['cursor', 'tm-aid-cursor'],
  ['simple', 'tm-aid-simple'],
  ['calm', 'tm-aid-calm'],
];

/** The classes and variables `applyAids` sets on the root element, for one set of aids. */
export function aidClasses(aids: Aids): { classes: string[]; zoom: number } {
  const classes = AID_CLASSES.filter(([aid]) => aids[aid] === true).map(([, name]) => name);
  if (aids.elder || aids.textStep > 0) classes.push('tm-aid-text');
  return { classes, zoom: TEXT_SCALES[clampStep(aids.textStep)] };
}

const ALL_CLASSES = [...AID_CLASSES.map(([, name]) => name), 'tm-aid-text'];

/**
 * Puts the aids on the document: classes on the root element that the theme (reading-aids.css) reads, elder mode's
 * text floor, and the text scale as a CSS zoom of the whole document — Semi's pop-ups included — while the layout reflows at the
 * scaled width (the portal's breakpoints are container queries on the body, see portal.css).
 */
export function applyAids(root: HTMLElement, aids: Aids): void {
  const { classes, zoom } = aidClasses(aids);
  for (const name of ALL_CLASSES) root.classList.toggle(name, classes.includes(name));
  if (zoom === 1) root.style.removeProperty('--tm-text-zoom');
  else root.style.setProperty('--tm-text-zoom', String(zoom));
  // The text floor every stylesheet reads (scripts/reading-aids-css.ts).
  if (aids.elder) root.style.setProperty('--tm-font-min', `${ELDER_MIN_FONT_PX}px`);
  else root.style.removeProperty('--tm-font-min');
}
