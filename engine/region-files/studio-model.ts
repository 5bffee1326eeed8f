import path from 'node:path';
import { blockMeta, type BlockSourceNeeds } from '../region/block-meta.js';
import { findOrigin, type OriginNode } from '../region/origin.js';
import type { Problem } from '../region/problem.js';
import { schemaTexts } from '../region/schema-texts.js';
import type { RegionCatalog } from './catalog.js';
import { getRegionSchemas, type JsonSchema } from './schemas.js';
import { PAGE_STARTERS } from './page-starters.js';
import type { StudioTown } from './studio-lists.js';
import { apiCallTexts, type CallTexts } from './api-calls.js';

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
  /** Its Chinese name (x-name). */
  name: string;
  /** What a visitor sees, in Chinese (x-description; the English description when it has none). */
  description: string;
  schema: JsonSchema;
  source?: BlockSourceNeeds;
}

export interface StudioFlag {
  /** The name written in region.yaml, e.g. homeShowLogin. */
  name: string;
  /** Its Chinese title (x-title; the name when it has none). */
  title: string;
  /** What it does on the portal, in Chinese (x-description; the English description when it has none). */
  description: string;
  on: boolean;
}

/** One status number's wording input: which status it is, by its default wording and meaning. */
export interface StudioStatusField {
  /** "2" … "11". */
  number: string;
  /** Its default wording, with what sets it apart where statuses share one, e.g. 已成交（竞价） (x-title). */
  title: string;
  /** When a project has it (x-description). */
  description: string;
}

export interface StudioModel {
  region: { id: string; cityName: string; homeTitle?: string; file: string };
  pages: StudioPage[];
  catalog: StudioBlockType[];
  settings: {
    flags: StudioFlag[];
    /** Status number → its wording (the merged value: base and region). */
    statusLabels: Record<string, string>;
    /** The status numbers in order, each with the Chinese title its input is labelled with. */
    statusFields: StudioStatusField[];
    /** The region's colours (theme): each field with its Chinese title and description, and its value if set. */
    theme: Array<{ key: string; title: string; description: string; value?: string }>;
    names: { cityName: string; homeTitle?: string; doubletitleText?: string };
    tabList: unknown[];
    footList: unknown[];
    /** Friendly links (shown while flags.haveFootLink is on). */
    footLinkList: unknown[];
    footerUnits: Record<string, string>;
    /** The county's towns as its places.yaml writes them. */
    towns: StudioTown[];
    siteDataKeys: string[];
    /** Each site-data key's Chinese name (x-title), e.g. zhengcefagui → 政策法规. */
    siteDataTitles: Record<string, string>;
  };
  /** The API calls the catalogue's blocks draw from (and any a block of this region names): call → its Chinese texts. */
  calls: Record<string, CallTexts>;
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
  const catalogTypes = [...schemas.blockSchemas].map(([type, schema]): StudioBlockType => {
    const meta = blockMeta(schema);
    const description = schemaTexts(schema).description ?? String(schema.description ?? '');
    return { type, name: meta.name, description, schema, ...(meta.source ? { source: meta.source } : {}) };
  });
  return {
    region: { id: regionId, cityName: String(region.cityName ?? ''), homeTitle: region.homeTitle as string | undefined, file: regionFile },
    pages,
    catalog: catalogTypes,
    settings: {
      flags: studioFlags(schemas.regionSchema, (region.flags ?? {}) as Record<string, unknown>),
      statusLabels: (region.statusLabels ?? {}) as Record<string, string>,
      statusFields: studioStatusFields(schemas.regionSchema),
      theme: studioThemeFields(schemas.regionSchema, (region.theme ?? {}) as Record<string, unknown>),
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
      siteDataTitles: siteDataTitles(schemas.regionSchema),
    },
    calls: studioCalls(catalogTypes, pages),
    pageStarters: { ...PAGE_STARTERS },
    problems: catalog.problems,
  };
}

/** The Chinese texts of the calls the picker offers (each block type's x-source) and of those the pages use. */
function studioCalls(types: StudioBlockType[], pages: StudioPage[]): Record<string, CallTexts> {
  const texts = apiCallTexts();
  const used = pages.flatMap((p) => p.blocks.map((b) => (b.source as { call?: unknown } | undefined)?.call)).filter((c): c is string => typeof c === 'string');
  const names = new Set([...types.flatMap((t) => t.source?.calls ?? []), ...used]);
  return Object.fromEntries([...names].sort().map((name) => [name, texts.get(name) ?? {}]));
}

function siteDataTitles(regionSchema: JsonSchema): Record<string, string> {
  const keys = ((regionSchema.properties as Record<string, JsonSchema>).siteData?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(Object.entries(keys).flatMap(([key, def]) => (schemaTexts(def).title ? [[key, schemaTexts(def).title!]] : [])));
}

/** Every flag of the region schema, with its Chinese title and description and whether the region turns it on. */
function studioFlags(regionSchema: JsonSchema, flags: Record<string, unknown>): StudioFlag[] {
  const defs = ((regionSchema.$defs as Record<string, JsonSchema>).flags.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(defs).map(([name, def]) => {
    const texts = schemaTexts(def);
    return { name, title: texts.title ?? name, description: texts.description ?? String(def.description ?? ''), on: flags[name] === true };
  });
}

function studioStatusFields(regionSchema: JsonSchema): StudioStatusField[] {
  const statusLabels = (regionSchema.properties as Record<string, JsonSchema>).statusLabels;
  return Object.entries((statusLabels.properties ?? {}) as Record<string, JsonSchema>).map(([number, def]) => {
    const texts = schemaTexts(def);
    return { number, title: texts.title ?? `状态 ${number}`, description: texts.description ?? '' };
  });
}

function studioThemeFields(regionSchema: JsonSchema, theme: Record<string, unknown>): StudioModel['settings']['theme'] {
  const fields = ((regionSchema.properties as Record<string, JsonSchema>).theme?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(fields).map(([key, def]) => {
    const texts = schemaTexts(def);
    const value = theme[key];
    return { key, title: texts.title ?? key, description: texts.description ?? '', ...(typeof value === 'string' ? { value } : {}) };
  });
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
