import path from 'node:path';
import { blockMeta, type BlockSourceNeeds } from '../region/block-meta.js';
import { findOrigin, type OriginNode } from '../region/origin.js';
import type { Problem } from '../region/problem.js';
import type { RegionCatalog } from './catalog.js';
import { getRegionSchemas, type JsonSchema } from './schemas.js';
import { PAGE_STARTERS } from './page-starters.js';
import type { StudioTown } from './studio-lists.js';

/** One block of a page as the studio shows it. */
export interface StudioBlock {
  index: number;
  type: string;
  /** Its Chinese name (x-name). */
  name: string;
  width?: string;
  props?: Record<string, unknown>;
  source?: unknown;
  when?: unknown;
  /** Where it is written. */
  file: string;
  line: number;
  problems: Problem[];
}

export interface StudioPage {
  id: string;
  route: string;
  title?: string;
  /** The file its blocks are written in. */
  file: string;
  /** False for a page the region takes from a shared base: it must be made the region's own first (customizePage). */
  editable: boolean;
  blocks: StudioBlock[];
  /** The page's problems that belong to no one block. */
  problems: Problem[];
}

/** A block type of the catalogue, for the "add a block" list and the props form. */
export interface StudioBlockType {
  type: string;
  name: string;
  description: string;
  schema: JsonSchema;
  source?: BlockSourceNeeds;
}

export interface StudioFlag {
  name: string;
  description: string;
  on: boolean;
}

export interface StudioModel {
  region: { id: string; cityName: string; homeTitle?: string; file: string };
  pages: StudioPage[];
  catalog: StudioBlockType[];
  settings: {
    flags: StudioFlag[];
    /** Status number → its wording (the merged value: base and region). */
    statusLabels: Record<string, string>;
    names: { cityName: string; homeTitle?: string; doubletitleText?: string };
    tabList: unknown[];
    footList: unknown[];
    /** Friendly links (shown while flags.haveFootLink is on). */
    footLinkList: unknown[];
    footerUnits: Record<string, string>;
    /** The county's towns as its places.yaml writes them. */
    towns: StudioTown[];
    siteDataKeys: string[];
  };
  /** The starters a new page is made from: id → what it holds. */
  pageStarters: Record<string, string>;
  /** Every problem of the catalog; those of this region's pages are also on their blocks. */
  problems: Problem[];
  history: { canUndo: boolean; canRedo: boolean };
}

type Json = Record<string, unknown>;

function blockProblems(problems: Problem[], pageId: string, index: number): Problem[] {
  const prefix = `pages.${pageId}.blocks[${index}]`;
  return problems.filter((p) => p.path === prefix || p.path.startsWith(`${prefix}.`) || p.path.startsWith(`${prefix}[`));
}

/** The studio's view of one region of a catalog read with positions (`precise: true`). */
export function studioModel(catalog: RegionCatalog, regionId: string, regionFile: string, towns: StudioTown[] = []): Omit<StudioModel, 'history'> {
  const schemas = getRegionSchemas();
  const region = catalog.regions.find((r) => r.id === regionId) as unknown as Json | undefined;
  const origin = catalog.origins.get(regionId);
  if (!region || !origin) throw new Error(`no region ${regionId}`);
  const regionDir = path.posix.dirname(regionFile);
  const pages = Object.entries((region.pages ?? {}) as Record<string, Json>).map(([id, page]) => studioPage(id, page, origin, regionDir, catalog.problems));
  const catalogTypes = [...schemas.blockSchemas].map(([type, schema]) => {
    const meta = blockMeta(schema);
    return { type, name: meta.name, description: String(schema.description ?? ''), schema, ...(meta.source ? { source: meta.source } : {}) };
  });
  const flagDefs = ((schemas.regionSchema.$defs as Record<string, JsonSchema>).flags.properties ?? {}) as Record<string, JsonSchema>;
  const flags = (region.flags ?? {}) as Record<string, unknown>;
  return {
    region: { id: regionId, cityName: String(region.cityName ?? ''), homeTitle: region.homeTitle as string | undefined, file: regionFile },
    pages,
    catalog: catalogTypes,
    settings: {
      flags: Object.entries(flagDefs).map(([name, def]) => ({ name, description: String(def.description ?? ''), on: flags[name] === true })),
      statusLabels: (region.statusLabels ?? {}) as Record<string, string>,
      names: {
        cityName: String(region.cityName ?? ''),
        homeTitle: region.homeTitle as string | undefined,
        doubletitleText: region.doubletitleText as string | undefined,
      },
      tabList: (region.tabList ?? []) as unknown[],
      footList: (region.footList ?? []) as unknown[],
      footLinkList: (region.footLinkList ?? []) as unknown[],
      footerUnits: (region.footerUnits ?? {}) as Record<string, string>,
      towns,
      siteDataKeys: Object.keys((region.siteData ?? {}) as object),
    },
    pageStarters: { ...PAGE_STARTERS },
    problems: catalog.problems,
  };
}

function studioPage(id: string, page: Json, origin: OriginNode, regionDir: string, problems: Problem[]): StudioPage {
  const blocksOrigin = findOrigin(origin, ['pages', id, 'blocks']).node;
  const file = blocksOrigin.file;
  const editable = file === `${regionDir}/pages/${id}.yaml` || file === `${regionDir}/region.yaml`;
  const entries = Array.isArray(page.blocks) ? (page.blocks as Json[]) : [];
  const blocks = entries.map((entry, index): StudioBlock => {
    const at = findOrigin(origin, ['pages', id, 'blocks', index]).node;
    const type = String(entry.type);
    return {
      index,
      type,
      name: blockMeta(getRegionSchemas().blockSchemas.get(type)).name,
      ...(entry.width !== undefined ? { width: String(entry.width) } : {}),
      ...(entry.props !== undefined ? { props: entry.props as Json } : {}),
      ...(entry.source !== undefined ? { source: entry.source } : {}),
      ...(entry.when !== undefined ? { when: entry.when } : {}),
      file: at.file,
      line: at.line,
      problems: blockProblems(problems, id, index),
    };
  });
  const own = `pages.${id}`;
  const pageProblems = problems.filter((p) => (p.path === own || p.path.startsWith(`${own}.`)) && !p.path.startsWith(`${own}.blocks[`));
  return { id, route: String(page.route ?? ''), title: page.title as string | undefined, file, editable, blocks, problems: pageProblems };
}
