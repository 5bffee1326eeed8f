import { API_ROUTES } from '../../schemas/types/api.js';
import { ajvProblems } from './ajv-problems.js';
import { CONDITION_ROOTS, SESSION_FIELDS, conditionPaths } from './condition.js';
import { locate, type OriginNode } from './origin.js';
import { formatPath, suggest, type PathSegment, type Problem } from './problem.js';
import type { RegionSchemas } from '../region-files/schemas.js';

type Json = Record<string, unknown>;

const CALL_NAMES = Object.keys(API_ROUTES);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The checks JSON Schema cannot express, on a merged region that passed (or mostly passed) schema validation:
 * block types and their props, call names, condition and `$from` paths, duplicate routes. Tolerant of values of
 * the wrong type (the schema pass already reported those).
 */
export function checkRegion(region: Json, origin: OriginNode, schemas: RegionSchemas): Problem[] {
  const problems: Problem[] = [];
  const report = (segments: PathSegment[], message: string, suggestion?: string, atKey = false) => {
    problems.push({ ...locate(origin, segments, atKey), path: formatPath(segments), message, ...(suggestion ? { suggestion } : {}) });
  };

  const checkValueRef = (value: unknown, at: PathSegment[]) => {
    if (!isObject(value) || typeof value.$from !== 'string') return;
    const [root, field] = value.$from.split('.');
    if (root === 'region' && field && !schemas.regionKeys.includes(field)) {
      report(
        [...at, '$from'],
        `"${value.$from}" reads an unknown region key "${field}"`,
        suggest(field, schemas.regionKeys) && `region.${suggest(field, schemas.regionKeys)}`,
      );
    }
  };

  const checkSource = (source: unknown, at: PathSegment[]) => {
    if (!isObject(source)) return;
    if (typeof source.call === 'string' && !CALL_NAMES.includes(source.call)) {
      report([...at, 'call'], `unknown API call "${source.call}" (see API_ROUTES in schemas/types/api.ts)`, suggest(source.call, CALL_NAMES));
    }
    for (const part of ['query', 'body', 'params'] as const) {
      const values = source[part];
      if (isObject(values)) for (const [key, value] of Object.entries(values)) checkValueRef(value, [...at, part, key]);
    }
    if (source.deptId !== undefined) checkValueRef(source.deptId, [...at, 'deptId']);
  };

  const checkCondition = (condition: unknown, at: PathSegment[]) => {
    for (const { path, at: inner } of conditionPaths(condition)) {
      const where = [...at, ...inner];
      const [root, name, ...rest] = path.split('.');
      if (!(CONDITION_ROOTS as readonly string[]).includes(root)) {
        const near = suggest(root, CONDITION_ROOTS);
        report(where, `condition path "${path}" must start with ${CONDITION_ROOTS.join(', ')}`, near && [near, name, ...rest].filter(Boolean).join('.'));
      } else if (!name) {
        report(where, `condition path "${path}" names no field; expected ${root}.<name>`);
      } else if (root === 'flags' && !schemas.flagNames.includes(name)) {
        const near = suggest(name, schemas.flagNames);
        report(where, `condition reads unknown flag "${name}"`, near && `flags.${near}`);
      } else if (root === 'region' && !schemas.regionKeys.includes(name)) {
        const near = suggest(name, schemas.regionKeys);
        report(where, `condition reads unknown region key "${name}"`, near && `region.${near}`);
      } else if (root === 'session' && !(SESSION_FIELDS as readonly string[]).includes(name)) {
        const near = suggest(name, SESSION_FIELDS);
        report(where, `condition reads unknown session field "${name}"; expected ${SESSION_FIELDS.join(' or ')}`, near && `session.${near}`);
      }
    }
  };

  /** Sources nested in props (e.g. intent-tabs' tabs[].source): by convention a prop named `source` is a Source. */
  const checkNestedSources = (value: unknown, at: PathSegment[]) => {
    if (Array.isArray(value)) value.forEach((item, i) => checkNestedSources(item, [...at, i]));
    else if (isObject(value)) {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'source') checkSource(inner, [...at, key]);
        else checkNestedSources(inner, [...at, key]);
      }
    }
  };

  const checkBlocks = (blocks: unknown, at: PathSegment[]) => {
    if (!Array.isArray(blocks)) return;
    blocks.forEach((entry, index) => {
      const here = [...at, index];
      if (!isObject(entry) || typeof entry.type !== 'string') return;
      const validate = schemas.blocks.get(entry.type);
      if (!validate) {
        report([...here, 'type'], `unknown block type "${entry.type}" (no blocks/${entry.type}/props.schema.json)`, suggest(entry.type, schemas.blocks.keys()));
      } else {
        const props = entry.props ?? {};
        if (isObject(props) && !validate(props)) problems.push(...ajvProblems(validate.errors, props, origin, [...here, 'props']));
        if (isObject(props)) checkNestedSources(props, [...here, 'props']);
      }
      if (entry.source !== undefined) checkSource(entry.source, [...here, 'source']);
      if (entry.when !== undefined) checkCondition(entry.when, [...here, 'when']);
    });
  };

  const checkTabs = (tabs: unknown, at: PathSegment[]) => {
    if (!Array.isArray(tabs)) return;
    tabs.forEach((tab, index) => {
      if (!isObject(tab)) return;
      if (tab.when !== undefined) checkCondition(tab.when, [...at, index, 'when']);
      checkTabs(tab.children, [...at, index, 'children']);
    });
  };
  checkTabs(region.tabList, ['tabList']);

  if (isObject(region.layout)) {
    checkBlocks(region.layout.header, ['layout', 'header']);
    checkBlocks(region.layout.footer, ['layout', 'footer']);
    checkBlocks(region.layout.notFound, ['layout', 'notFound']);
  }
  if (isObject(region.siteData)) {
    for (const [key, source] of Object.entries(region.siteData)) checkSource(source, ['siteData', key]);
  }
  if (isObject(region.pages)) {
    const routes = new Map<string, string>();
    for (const [pageId, page] of Object.entries(region.pages)) {
      if (!isObject(page)) continue;
      if (typeof page.route === 'string') {
        const owner = routes.get(page.route);
        if (owner) report(['pages', pageId, 'route'], `route "${page.route}" is already used by page "${owner}"; each page needs its own route`);
        else routes.set(page.route, pageId);
      }
      if (page.when !== undefined) checkCondition(page.when, ['pages', pageId, 'when']);
      checkBlocks(page.blocks, ['pages', pageId, 'blocks']);
    }
  }
  return problems;
}
