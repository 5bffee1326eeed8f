import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from '../../../blocks/schema-form/ConsoleWidgets.js';

describe('the date and time widget', () => {
  it('shows the server\'s "YYYY-MM-DD HH:mm:ss" in the picker and sends the picker\'s value back in that form', () => {
    expect(toLocalInput('2026-12-01 09:30:00')).toBe('2026-12-01T09:30');
    expect(toLocalInput('2026-12-01 09:30')).toBe('2026-12-01T09:30');
    expect(toLocalInput('2026-12-01')).toBe('');
    expect(toLocalInput(undefined)).toBe('');
    expect(fromLocalInput('2026-12-01T09:30')).toBe('2026-12-01 09:30:00');
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('2026-12-01')).toBeUndefined();
  });
});
