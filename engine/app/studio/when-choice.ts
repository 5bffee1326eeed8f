import type { StudioModel } from './studio-api.js';

/**
 * A `when` condition as a drop-down's value: '' always, `flags.x` while a flag is on, `!flags.x` while it is off,
 * 'custom' for a combination written in YAML (kept as written: the drop-down cannot say it).
 */
export function whenChoice(when: unknown): string {
  if (when === undefined || when === null) return '';
  if (typeof when === 'string') return when;
  if (typeof when === 'object' && 'not' in when && typeof (when as { not: unknown }).not === 'string') return `!${(when as { not: string }).not}`;
  return 'custom';
}

/** The condition a choice stands for: null takes it away; 'custom' is undefined (leave it as written). */
export function whenOfChoice(choice: string): unknown {
  if (choice === 'custom') return undefined;
  if (choice === '') return null;
  return choice.startsWith('!') ? { not: choice.slice(1) } : choice;
}

/** The choices: always, then each flag on, then each flag off, by the flags' Chinese titles. */
export function whenOptions(flags: StudioModel['settings']['flags'], current: string): [string, string][] {
  return [
    ['', '总是显示'],
    ...(current === 'custom' ? [['custom', '（YAML 中的组合条件）'] as [string, string]] : []),
    ...flags.map((flag): [string, string] => [`flags.${flag.name}`, `${flag.title}（${flag.name}）打开时`]),
    ...flags.map((flag): [string, string] => [`!flags.${flag.name}`, `${flag.title}（${flag.name}）关闭时`]),
  ];
}
