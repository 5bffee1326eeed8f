import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { StudioSession, type StudioResult } from '../../engine/region-files/studio-session.js';
import { MESSAGES } from '../api/messages.js';
import { parseStudioEdit } from './edit-input.js';
import { studioAccess } from './studio-access.js';
import { createCounty, parseCountyInput } from './county-wizard.js';

/** Where the studio's page and its API live (apart from the portal's routes and its API prefix). */
export const STUDIO_PATH = '/studio';

export interface StudioOptions {
  /** The regions folder. */
  dir: string;
  /** The region the studio opens on. */
  region: string;
  /** STUDIO_TOKEN; unset: this machine only. */
  token?: string;
  /** The studio page's build (dist/studio); absent: the API alone. */
  clientDir?: string;
  /** After a new county is written: the portal serves it at once (the folder watcher's reload comes a moment later). */
  afterCounty?: () => void;
}

function send(reply: FastifyReply, result: StudioResult): FastifyReply {
  if (result.ok) return reply.send({ code: 200, msg: '已保存', data: { model: result.model, ms: result.ms } });
  return reply.code(422).send({ code: 422, msg: result.message, data: { problems: result.problems, model: result.model } });
}

/**
 * The page studio (npm run studio): its page, and an API over one region's files — the model, an edit, undo and
 * redo, a new county. Registered only beside the live preview, which shows each saved change in the page.
 */
export async function registerStudio(app: FastifyInstance, options: StudioOptions): Promise<void> {
  let session = new StudioSession(options.dir, options.region);
  const guard = studioAccess(options.token);

  await app.register(async (studio) => {
    studio.addHook('onRequest', guard);
    studio.get(`${STUDIO_PATH}/api/model`, async (request, reply) => {
      const { region } = request.query as { region?: unknown };
      if (typeof region === 'string' && region && region !== session.regionId) {
        try {
          session = new StudioSession(options.dir, region.slice(0, 64));
        } catch (error) {
          return reply.code(404).send({ code: 404, msg: (error as Error).message });
        }
      }
      return { code: 200, msg: '成功', data: { model: session.model() } };
    });
    studio.post(`${STUDIO_PATH}/api/edit`, async (request, reply) => {
      let edit;
      try {
        edit = parseStudioEdit(request.body);
      } catch (error) {
        return reply.code(400).send({ code: 400, msg: MESSAGES.studio.badEdit((error as Error).message) });
      }
      return send(reply, session.apply(edit));
    });
    studio.post(`${STUDIO_PATH}/api/undo`, async (_request, reply) => send(reply, session.undo()));
    studio.post(`${STUDIO_PATH}/api/redo`, async (_request, reply) => send(reply, session.redo()));
    studio.post(`${STUDIO_PATH}/api/county`, async (request, reply) => {
      let input;
      try {
        input = parseCountyInput(request.body);
      } catch (error) {
        return reply.code(400).send({ code: 400, msg: MESSAGES.studio.badEdit((error as Error).message) });
      }
      const outcome = createCounty(options.dir, input);
      if (!outcome.ok) return reply.code(422).send({ code: 422, msg: outcome.message, data: { problems: outcome.problems } });
      options.afterCounty?.();
      session = new StudioSession(options.dir, input.id);
      return reply.send({ code: 200, msg: '已创建', data: { model: session.model() } });
    });
    if (options.clientDir && fs.existsSync(path.join(options.clientDir, 'studio.html'))) {
      const clientDir = path.resolve(options.clientDir);
      await studio.register(fastifyStatic, { root: clientDir, prefix: `${STUDIO_PATH}/`, decorateReply: false, index: false });
      studio.get(STUDIO_PATH, async (_request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(fs.readFileSync(path.join(clientDir, 'studio.html'))),
      );
    }
  });
}
