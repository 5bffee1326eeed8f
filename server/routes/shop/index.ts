import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../api/context.js';
import { registerProductRoutes } from './products.js';
import { registerProductCategoryRoutes } from './categories.js';

/** 网上商城: the region's farm products on sale (schemas/api/shop.json). */
export async function registerShopRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerProductRoutes(app, ctx);
  await registerProductCategoryRoutes(app, ctx);
}
