import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRouteName } from '../../schemas/types/api.js';
import { ANY_STAFF, ROUTE_PERMISSIONS } from '../../server/plugins/guards/permissions.js';
import { CONSOLE_PERMISSIONS, CONSOLE_PERMISSION_TITLES, effectivePermissions } from '../../machines/console-permissions.js';
import { CONSOLE_SECTION } from '../../blocks/section-nav/items.js';

const admin = JSON.parse(fs.readFileSync('schemas/api/admin.json', 'utf8')) as {
  $defs: { ConsolePermission: { enum: string[]; oneOf: { const: string; title: string }[] } };
};

// The one map of staff routes to page permissions: every staff route is in it, so a role's refusal is never an accident.
const routes = Object.entries(API_ROUTES) as [ApiRouteName, { auth: readonly string[] }][];

describe('route permissions', () => {
  it('maps every staff route (auth staff, not admin) to a permission or to every staff account', () => {
    const missing = routes
      .filter(([, r]) => r.auth.includes('staff') && !r.auth.includes('admin'))
      .map(([name]) => name)
      .filter((name) => ROUTE_PERMISSIONS[name] === undefined);
    expect(missing, `staff routes without a permission: add each to server/plugins/guards/permissions.ts ROUTE_PERMISSIONS: ${missing.join(', ')}`).toEqual([]);
  });

  it('maps only staff routes, to a permission of the catalogue', () => {
    for (const [name, permission] of Object.entries(ROUTE_PERMISSIONS)) {
      const route = API_ROUTES[name as ApiRouteName];
      expect(route?.auth, `${name} is not a staff route`).toContain('staff');
      expect(route.auth, `${name} is the administrator's: it needs no permission`).not.toContain('admin');
      expect([...CONSOLE_PERMISSIONS, ANY_STAFF], `${name} → ${permission}`).toContain(permission);
    }
  });

  it('keeps the catalogue equal to the API contract’s ConsolePermission, titles included', () => {
    const def = admin.$defs.ConsolePermission;
    expect(CONSOLE_PERMISSIONS).toEqual(def.enum);
    expect(def.oneOf.map((o) => [o.const, o.title])).toEqual(Object.entries(CONSOLE_PERMISSION_TITLES));
  });

  it('keeps the region schema’s page permission and the sidebar item’s permission to the same names', () => {
    const region = JSON.parse(fs.readFileSync('schemas/region.schema.json', 'utf8'));
    const page = JSON.stringify(region).match(/"permission":\{"type":"string","enum":(\[[^\]]*\])/);
    expect(JSON.parse(page![1])).toEqual([...CONSOLE_PERMISSIONS, 'admin']);
    const sidebar = JSON.parse(fs.readFileSync('blocks/section-nav/props.schema.json', 'utf8'));
    const item = JSON.stringify(sidebar).match(/"permission":\{"type":"string","enum":(\[[^\]]*\])/);
    expect(JSON.parse(item![1])).toEqual([...CONSOLE_PERMISSIONS]);
  });

  it('gives the sidebar a permission of the catalogue for every staff page, the administrator’s pages by role', () => {
    for (const item of CONSOLE_SECTION) {
      if (item.roles) expect(item.roles, item.route).toEqual(['admin']);
      else if (item.route !== '/admin') expect(CONSOLE_PERMISSIONS, item.route).toContain(item.permission);
    }
  });

  it('opens every page to administrators and staff without a role, a role’s pages only, none to visitors', () => {
    expect(effectivePermissions('admin', ['audit'])).toEqual(CONSOLE_PERMISSIONS);
    expect(effectivePermissions('staff', null)).toEqual(CONSOLE_PERMISSIONS);
    expect(effectivePermissions('staff', ['audit', 'nonsense', 'articles'])).toEqual(['articles', 'audit']);
    expect(effectivePermissions('user', null)).toEqual([]);
  });
});
