import { describe, expect, it } from 'vitest';
import { emptyAllowed, fromLocalInput, toLocalInput } from '../../../blocks/schema-form/ConsoleWidgets.js';

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

describe("the place picker's empty choice", () => {
  it("is offered only while the named field has one of the values (an administrator's account), never without the option", () => {
    const emptyWhen = { field: 'role', in: ['admin'] };
    expect(emptyAllowed(emptyWhen, { role: 'admin' })).toBe(true);
    expect(emptyAllowed(emptyWhen, { role: 'staff' })).toBe(false);
    expect(emptyAllowed(emptyWhen, {})).toBe(false);
    expect(emptyAllowed(emptyWhen, undefined)).toBe(false);
    expect(emptyAllowed(undefined, { role: 'admin' })).toBe(false);
    expect(emptyAllowed({ field: 'type', in: [2] }, { type: '2' })).toBe(true);
  });
});
