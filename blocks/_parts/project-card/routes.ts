import { withQuery } from '../data.js';

/** Where a project's card opens: the tender detail for the tender category numbers (009), demand detail for type 3. */
export interface DetailRoutes {
  detailRoute?: string;
  tenderDetailRoute?: string;
  tenderNumbers?: readonly string[];
  demandDetailRoute?: string;
}

export function projectDetailHref(
  project: { id: number; number?: string; type?: number; releaseRecord?: { projectType?: number } },
  routes: DetailRoutes,
): string {
  const type = project.type ?? project.releaseRecord?.projectType;
  const tenderNumbers = routes.tenderNumbers ?? ['009'];
  let route = routes.detailRoute ?? '/tradingProject/pressCenterDetail';
  if (project.number && tenderNumbers.includes(project.number)) route = routes.tenderDetailRoute ?? '/tradingProject/pressCenterDetail1';
  else if (type === 3) route = routes.demandDetailRoute ?? '/demandDetail';
  return withQuery(route, { id: project.id });
}
