import { describe, expect, it } from 'vitest';
import { conditionPaths, evaluateCondition, type ConditionContext } from '../../engine/region/index.js';

const ctx: ConditionContext = {
  flags: { homeShowLogin: true, goJRFWInfo: false },
  region: { showAppImage: true, cityName: '淳安县', notGoCityList: [], deptId: 330127 },
  query: { type: '3', id: '' },
  session: { loggedIn: false },
};

describe('evaluateCondition', () => {
  it.each([
    ['flags.homeShowLogin', true],
    ['flags.goJRFWInfo', false],
    ['flags.notDeclared', false],
    ['region.showAppImage', true],
    ['region.notGoCityList', false], // an empty list is not "set"
    ['query.type', true],
    ['query.id', false], // an empty query value is not "set"
    ['session.loggedIn', false],
    ['nowhere.at.all', false],
  ])('path %s → %s', (path, expected) => {
    expect(evaluateCondition(path, ctx)).toBe(expected);
  });

  it('combines with not, all and any', () => {
    expect(evaluateCondition({ not: 'session.loggedIn' }, ctx)).toBe(true);
    expect(evaluateCondition({ all: ['flags.homeShowLogin', 'region.showAppImage'] }, ctx)).toBe(true);
    expect(evaluateCondition({ all: ['flags.homeShowLogin', 'flags.goJRFWInfo'] }, ctx)).toBe(false);
    expect(evaluateCondition({ any: ['flags.goJRFWInfo', { not: 'session.loggedIn' }] }, ctx)).toBe(true);
  });

  it("reads the session's role once known: the console's pages show to staff and admins only", () => {
    const staffOnly = { path: 'session.role', in: ['staff', 'admin'] };
    expect(evaluateCondition(staffOnly, ctx)).toBe(false);
    expect(evaluateCondition(staffOnly, { ...ctx, session: { loggedIn: true, role: 'user' } })).toBe(false);
    expect(evaluateCondition(staffOnly, { ...ctx, session: { loggedIn: true, role: 'staff' } })).toBe(true);
    expect(evaluateCondition({ path: 'session.role', equals: 'admin' }, { ...ctx, session: { loggedIn: true, role: 'staff' } })).toBe(false);
  });

  it('compares with equals and in; a query string matches a number written in YAML', () => {
    expect(evaluateCondition({ path: 'query.type', equals: 3 }, ctx)).toBe(true);
    expect(evaluateCondition({ path: 'query.type', equals: '4' }, ctx)).toBe(false);
    expect(evaluateCondition({ path: 'query.type', in: [0, 3, 4] }, ctx)).toBe(true);
    expect(evaluateCondition({ path: 'region.cityName', in: ['信阳市'] }, ctx)).toBe(false);
    expect(evaluateCondition({ path: 'region.deptId', equals: 330127 }, ctx)).toBe(true);
    expect(evaluateCondition({ path: 'flags.homeShowLogin' }, ctx)).toBe(true);
  });

  it('lists the paths a condition reads and where they sit, for validation', () => {
    expect(conditionPaths({ any: ['flags.a', { not: { path: 'query.b', equals: 1 } }] })).toEqual([
      { path: 'flags.a', at: ['any', 0] },
      { path: 'query.b', at: ['any', 1, 'not', 'path'] },
    ]);
  });
});
