import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { badRequest, ok } from '../../api/errors.js';
import { MESSAGES } from '../../api/messages.js';

/** A dictionary's entries (dictData of one dictType), by the body's dictType or the path's. */
export async function registerDictionaryRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const dictionary = (dictType: string) =>
    db
      .selectFrom('dictData')
      .select(['dictType', 'dictValue', 'dictLabel', 'dictSort'])
      .where('dictType', '=', dictType)
      .orderBy('dictSort')
      .orderBy('dictValue')
      .execute();

  defineRoute(app, 'typeList', async (request) => {
    const { dictType } = (request.body ?? {}) as { dictType?: string };
    if (!dictType) throw badRequest(MESSAGES.content.missingDictType);
    return ok(await dictionary(dictType), MESSAGES.common.queried);
  });

  defineRoute(app, 'dictByType', async (request) => {
    const { dictType } = request.params;
    return ok(await dictionary(dictType), MESSAGES.common.queried);
  });
}
