/**
 * Unit dictionary 1–18 (spec §3): what a project's `area`/`areaUnit` (or `unit`) count. One definition for the
 * project card (quantity text) and the server (the area_unit dictionary and seeded project texts).
 */
export const AREA_UNITS: Readonly<Record<number, string>> = {
  1: '亩',
  2: '平方米',
  3: '公顷',
  4: '个',
  5: '立方米',
  6: '株',
  7: '斤',
  8: '千克',
  9: '辆',
  10: '米',
  11: '件',
  12: '眼',
  13: '口',
  14: '套',
  15: '间',
  16: '棵',
  17: '头',
  18: '座',
};
