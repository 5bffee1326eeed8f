import { API_ROUTES } from '../../schemas/types/api.js';
import { ajvProblems } from './ajv-problems.js';
import { CONDITION_ROOTS, SESSION_FIELDS, conditionPaths } from './condition.js';
import { locate, type OriginNode } from './origin.js';
import { formatPath, makeProblem, suggest, type PathSegment, type Problem } from './problem.js';
import type { ProblemCode, ProblemParams } from './problem-texts.js';
import { blockMeta } from './block-meta.js';
import type { RegionSchemas } from '../region-files/schemas.js';

type Json = Record<string, unknown>;

const CALL_NAMES = Object.keys(API_ROUTES);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What every check needs: the region's schemas, where each value came from, and the problems found so far. */
interface CheckContext {
  schemas: RegionSchemas;
  origin: OriginNode;
  problems: Problem[];
  report: (segments: PathSegment[], code: ProblemCode, params: ProblemParams, suggestion?: string, atKey?: boolean) => void;
}

function checkValueRef(c: CheckContext, value: unknown, at: PathSegment[]) {
  if (!isObject(value) || typeof value.$from !== 'string') return;
  const [root, field] = value.$from.split('.');
  if (root === 'region' && field && !c.schemas.regionKeys.includes(field)) {
    c.report(
      [...at, '$from'],
      'unknownRegionRef',
      { ref: value.$from, field },
      suggest(field, c.schemas.regionKeys) && `region.${suggest(field, c.schemas.regionKeys)}`,
    );
  }
}

function checkSource(c: CheckContext, source: unknown, at: PathSegment[]) {
  if (!isObject(source)) return;
  if (typeof source.call === 'string' && !CALL_NAMES.includes(source.call)) {
    c.report([...at, 'call'], 'unknownCall', { call: source.call }, suggest(source.call, CALL_NAMES));
  }
  for (const part of ['query', 'body', 'params'] as const) {
    const values = source[part];
    if (isObject(values)) for (const [key, value] of Object.entries(values)) checkValueRef(c, value, [...at, part, key]);
  }
  if (source.deptId !== undefined) checkValueRef(c, source.deptId, [...at, 'deptId']);
}

function checkCondition(c: CheckContext, condition: unknown, at: PathSegment[]) {
  const { schemas, report } = c;
  for (const { path, at: inner } of conditionPaths(condition)) {
    const where = [...at, ...inner];
    const [root, name, ...rest] = path.split('.');
    if (!(CONDITION_ROOTS as readonly string[]).includes(root)) {
      const near = suggest(root, CONDITION_ROOTS);
      report(where, 'conditionRoot', { path, roots: CONDITION_ROOTS.join(', ') }, near && [near, name, ...rest].filter(Boolean).join('.'));
    } else if (!name) {
      report(where, 'conditionNoField', { path, root });
    } else if (root === 'flags' && !schemas.flagNames.includes(name)) {
      const near = suggest(name, schemas.flagNames);
      report(where, 'conditionUnknownFlag', { name }, near && `flags.${near}`);
    } else if (root === 'region' && !schemas.regionKeys.includes(name)) {
      const near = suggest(name, schemas.regionKeys);
      report(where, 'conditionUnknownRegionKey', { name }, near && `region.${near}`);
    } else if (root === 'session' && !(SESSION_FIELDS as readonly string[]).includes(name)) {
      const near = suggest(name, SESSION_FIELDS);
      report(
        where,
        'conditionUnknownSessionField',
        { name, fields: SESSION_FIELDS.join('、'), fieldsEn: SESSION_FIELDS.join(' or ') },
        near && `session.${near}`,
      );
    }
  }
}

/** Sources nested in props (e.g. intent-tabs' tabs[].source): by convention a prop named `source` is a Source. */
function checkNestedSources(c: CheckContext, value: unknown, at: PathSegment[]) {
  if (Array.isArray(value)) value.forEach((item, i) => checkNestedSources(c, item, [...at, i]));
  else if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'source') checkSource(c, inner, [...at, key]);
      else checkNestedSources(c, inner, [...at, key]);
    }
  }
}

function checkBlocks(c: CheckContext, blocks: unknown, at: PathSegment[]) {
  if (!Array.isArray(blocks)) return;
  blocks.forEach((entry, index) => {
    const here = [...at, index];
    if (!isObject(entry) || typeof entry.type !== 'string') return;
    const validate = c.schemas.blocks.get(entry.type);
    if (!validate) {
      c.report([...here, 'type'], 'unknownBlockType', { type: entry.type }, suggest(entry.type, c.schemas.blocks.keys()));
    } else {
      const props = entry.props ?? {};
      if (isObject(props) && !validate(props)) c.problems.push(...ajvProblems(validate.errors, props, c.origin, [...here, 'props']));
      if (isObject(props)) checkNestedSources(c, props, [...here, 'props']);
      const meta = blockMeta(c.schemas.blockSchemas.get(entry.type));
      // A block that shows data and has none renders an empty frame: say which source it expects.
      if (meta.source?.required && entry.source === undefined) {
        const { calls, siteData } = meta.source;
        c.report(here, 'missingSource', { type: entry.type, name: meta.name, calls: calls.join(' / '), siteData: siteData ? 1 : '' });
      }
    }
    if (entry.source !== undefined) checkSource(c, entry.source, [...here, 'source']);
    if (entry.when !== undefined) checkCondition(c, entry.when, [...here, 'when']);
  });
}

function checkTabs(c: CheckContext, tabs: unknown, at: PathSegment[]) {
  if (!Array.isArray(tabs)) return;
  tabs.forEach((tab, index) => {
    if (!isObject(tab)) return;
    if (tab.when !== undefined) checkCondition(c, tab.when, [...at, index, 'when']);
    checkTabs(c, tab.children, [...at, index, 'children']);
  });
}

/** The portal's own path of a link (`/x?y` → `/x`), or undefined for an outside address. */
const portalPath = (link: unknown) => (typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link.split(/[?#]/)[0] : undefined);

/**
 * Every nav tab and footer link inside the portal names a declared page: a link to no page is a dead end a visitor
 * would meet (页面不存在), found here rather than by walking the site.
 */
function checkLinksReachPages(c: CheckContext, region: Json) {
  const routes = isObject(region.pages)
    ? Object.values(region.pages).flatMap((page) => (isObject(page) && typeof page.route === 'string' ? [page.route] : []))
    : [];
  if (!routes.length) return;
  const known = new Set(routes);
  const check = (link: unknown, at: PathSegment[], what: string) => {
    const route = portalPath(link);
    if (route !== undefined && !known.has(route)) c.report(at, 'linkToNoPage', { route, whatEn: what }, suggest(route, routes));
  };
  const walkTabs = (tabs: unknown, at: PathSegment[]) => {
    if (!Array.isArray(tabs)) return;
    tabs.forEach((tab, index) => {
      if (!isObject(tab)) return;
      check(tab.router, [...at, index, 'router'], `nav tab "${String(tab.name ?? '')}"`);
      walkTabs(tab.children, [...at, index, 'children']);
    });
  };
  walkTabs(region.tabList, ['tabList']);
  const lists: Array<[list: string, field: string, label: string, noun: string]> = [
    ['footList', 'href', 'text', 'footer link'],
    ['footLinkList', 'url', 'label', 'friendly link'],
  ];
  for (const [list, field, label, noun] of lists) {
    const items = region[list];
    if (!Array.isArray(items)) continue;
    items.forEach((item, index) => {
      if (isObject(item)) check(item[field], [list, index, field], `${noun} "${String(item[label] ?? '')}"`);
    });
  }
}

function checkPages(c: CheckContext, pages: Json) {
  const routes = new Map<string, string>();
  for (const [pageId, page] of Object.entries(pages)) {
    if (!isObject(page)) continue;
    if (typeof page.route === 'string') {
      const owner = routes.get(page.route);
      if (owner) c.report(['pages', pageId, 'route'], 'duplicateRoute', { route: page.route, owner });
      else routes.set(page.route, pageId);
    }
    if (page.when !== undefined) checkCondition(c, page.when, ['pages', pageId, 'when']);
    checkBlocks(c, page.blocks, ['pages', pageId, 'blocks']);
  }
}

/**
 * The checks JSON Schema cannot express, on a merged region that passed (or mostly passed) schema validation:
 * block types and their props, call names, condition and `$from` paths, duplicate routes. Tolerant of values of
 * the wrong type (the schema pass already reported those).
 */
export function checkRegion(region: Json, origin: OriginNode, schemas: RegionSchemas): Problem[] {
  const problems: Problem[] = [];
  const report = (segments: PathSegment[], code: ProblemCode, params: ProblemParams, suggestion?: string, atKey = false) => {
    problems.push(makeProblem({ ...locate(origin, segments, atKey), path: formatPath(segments), code, params, suggestion }));
  };
  const c: CheckContext = { schemas, origin, problems, report };
  checkTabs(c, region.tabList, ['tabList']);
  checkLinksReachPages(c, region);
  if (isObject(region.layout)) {
    checkBlocks(c, region.layout.header, ['layout', 'header']);
    checkBlocks(c, region.layout.footer, ['layout', 'footer']);
    checkBlocks(c, region.layout.notFound, ['layout', 'notFound']);
  }
  if (isObject(region.siteData)) {
    for (const [key, source] of Object.entries(region.siteData)) checkSource(c, source, ['siteData', key]);
  }
  if (isObject(region.pages)) checkPages(c, region.pages);
  return problems;
}
