import type { BlockSourcesContext } from '../../engine/runtime/block-registry.js';
import type { BlockSource } from '../../engine/runtime/source.js';
import { REGION_PLACES_SOURCE, categoriesSource } from '../_parts/shared-sources.js';

/** The categories of the searched project type (property trade, 2, unless the entry says). */
export const projectSearchCategories = (projectType: number | undefined): BlockSource => categoriesSource(projectType ?? 2);

/** What the search form's drop-downs read as it draws: the region's places and the type's categories. */
export const projectSearchSources = ({ props }: BlockSourcesContext): BlockSource[] => [
  REGION_PLACES_SOURCE,
  projectSearchCategories(props.projectType as number | undefined),
];
