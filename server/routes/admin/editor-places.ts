import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ok } from '../../api/errors.js';
import { MESSAGES } from '../../api/messages.js';
import type { PlaceTree } from '../../plugins/places.js';
import { consoleScope } from './common.js';

interface EditorPlace {
  deptId: number;
  deptName: string;
  parentId: number;
  level: number;
  depth: number;
}

/**
 * The places of a scope in tree order (each place followed by the places under it), each with its depth below the
 * scope's top: what a picker indents. The scope is the same one a save is checked against, so every place offered
 * may be saved under, and none other is offered.
 */
export function scopePlaces(places: PlaceTree, scope: readonly number[]): EditorPlace[] {
  const inScope = new Set(scope);
  const out: EditorPlace[] = [];
  const visit = (deptId: number, depth: number) => {
    const p = places.get(deptId);
    if (!p) return;
    out.push({ deptId: p.deptId, deptName: p.deptName, parentId: p.parentId, level: p.level, depth });
    for (const child of places.childrenOf(deptId)) if (inScope.has(child.deptId)) visit(child.deptId, depth + 1);
  };
  for (const id of scope) if (!inScope.has(places.get(id)?.parentId ?? -1)) visit(id, 0);
  return out;
}

/** The editors' place picker: the caller's own places only (staff their place's subtree, administrators the tenant). */
export async function registerAdminEditorPlaceRoutes(app: FastifyInstance, { places }: AppContext): Promise<void> {
  defineRoute(app, 'adminEditorPlaces', async (request) => ok(scopePlaces(places, consoleScope(request, places)), MESSAGES.common.queried));
}
