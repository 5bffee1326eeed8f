/** What the charts share (statistics, console dashboard), apart from their models: a dashboard need not load those. */

/** Colours of the series: the portal's green, orange and blue, and further hues, each readable on white. */
export const PALETTE = ['#0b5c3a', '#c2410c', '#1d4ed8', '#7c3aed', '#b45309', '#0f766e', '#be123c', '#4d7c0f', '#475569', '#a21caf'];

/** 2500000 → 250; the charts speak 万元, to the cent of a 万. */
export const wan = (yuan: number): number => Math.round(yuan / 100) / 100;
