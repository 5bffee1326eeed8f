import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import { ok } from '../../../api/errors.js';
import { MESSAGES } from '../../../api/messages.js';
import type { PlaceNode } from '../../../../schemas/types/api.js';

/** The tenant's place tree, read-only: places come from the region files, not from the console. */
export async function registerAdminPlaceTreeRoutes(app: FastifyInstance, { places }: AppContext): Promise<void> {
  defineRoute(app, 'adminPlaceTree', async (request) => {
    const root = request.tenant!.place;
    const node = (deptId: number): PlaceNode => {
      const p = places.get(deptId)!;
      return {
        deptId: p.deptId,
        deptName: p.deptName,
        deptCode: p.deptCode,
        parentId: p.parentId,
        level: p.level as PlaceNode['level'],
        children: places.childrenOf(deptId).map((c) => node(c.deptId)),
      };
    };
    return ok({ readOnly: true as const, source: MESSAGES.admin.placeTreeSource, tree: [node(root.deptId)] }, MESSAGES.common.queried);
  });
}
