import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerPlaceRoutes } from './places.js';

/** Every route module, by domain. A new module is one import and one line here. */
export const routeModules: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [registerPlaceRoutes];
