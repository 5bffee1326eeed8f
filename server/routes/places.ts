import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../api/schemas.js';
import type { AppContext } from '../api/context.js';
import { ok } from '../api/errors.js';
import type { Place } from '../db/schema.js';
import { MESSAGES } from '../api/messages.js';

const publicPlace = (p: Place) => ({ deptId: p.deptId, deptName: p.deptName, deptCode: p.deptCode, parentId: p.parentId, level: p.level });

export async function registerPlaceRoutes(app: FastifyInstance, { places }: AppContext): Promise<void> {
  defineRoute(app, 'townList', async (request) => {
    // Validation has filled in the schema's defaults (schemas/api/places.json), so maxLevel is always there.
    const { includeSelf } = request.query;
    const maxLevel = request.query.maxLevel!;
    const root = request.tenant!.place;
    const out: Place[] = includeSelf ? [root] : [];
    // Depth-first so a town follows its county, as the dropdown shows them.
    const walk = (id: number) => {
      for (const child of places.childrenOf(id)) {
        if (child.level > maxLevel) continue;
        out.push(child);
        walk(child.deptId);
      }
    };
    walk(root.deptId);
    return ok(out.map(publicPlace), MESSAGES.common.queried);
  });
}
