// The unit dictionaries of spec §3, one definition for the project card (quantity and price texts) and the server
// (the area_unit and price_unit dictionaries, seeded project texts, deal announcements).

/** Unit dictionary 1–18: what a project's `area`/`areaUnit` (or `unit`) count. */
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

/** Price unit dictionary 1–5: what a project's price is per. */
export const PRICE_UNITS: Readonly<Record<number, string>> = {
  1: '元/亩/年',
  2: '元/年',
  3: '元',
  4: '元/亩',
  5: '元/平方米/年',
};
