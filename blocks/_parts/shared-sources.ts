import type { BlockSource } from '../../engine/runtime/source.js';

/** The region and every place under it to villages (level 5): the region drop-downs' source (region-towns.ts). */
export const REGION_PLACES_SOURCE: BlockSource = { call: 'townList', query: { maxLevel: 5, includeSelf: true } };

/** A project type's categories (supply 2, demand 3, tender 1): the nav's drop-downs, the search form, the type tiles. */
export const categoriesSource = (type: number): BlockSource => ({ call: 'categoriesByType', query: { type } });
