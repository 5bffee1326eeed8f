import { parsePath, type PathSegment, type Problem } from './problem.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The block lists of a region's shared layout, by the part of the page they fill. */
const LAYOUT_PARTS: Record<string, string> = { header: '页头', footer: '页脚', notFound: '“页面不存在”页' };

/** What a part of a block entry is, for the words after the block (props go by their own names). */
const ENTRY_PARTS: Record<string, string> = { props: '属性', source: '数据来源', when: '显示条件', type: '类型', width: '宽度' };

/** The region's lists by what a clerk calls them (others go by their key). */
const LIST_NAMES: Record<string, string> = { footList: '页脚链接', footLinkList: '友情链接', footerUnits: '页脚单位' };

/** A list item's own name, when it has one (a nav tab's text, a footer link's name). */
function itemLabel(item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  for (const key of ['name', 'text', 'title', 'label', 'deptName']) if (typeof item[key] === 'string' && item[key]) return item[key] as string;
  return undefined;
}

/** `rows`, `tabs[0].source` — the rest of a path inside a block, as written in the file. */
function restOf(segments: readonly PathSegment[]): string {
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

/** A block at `segments[0]` of `list`, and what follows inside it. */
function describeBlock(list: unknown, segments: readonly PathSegment[], blockName: (type: string) => string): string {
  const [index, part, ...rest] = segments;
  if (typeof index !== 'number') return '';
  const entry = Array.isArray(list) ? list[index] : undefined;
  const type = isObject(entry) && typeof entry.type === 'string' ? entry.type : undefined;
  const name = type ? blockName(type) || type : undefined;
  let out = `第 ${index + 1} 个区块${name ? `（${name}）` : ''}`;
  if (typeof part === 'string') {
    const written = restOf(part === 'props' ? rest : [part, ...rest]);
    out += `的${ENTRY_PARTS[part] ?? ''}${written ? ` ${written}` : ''}`;
  }
  return out;
}

/** A place in a places.yaml tree: the deepest named place on the path, then the field. */
function describePlace(root: unknown, segments: readonly PathSegment[]): string | undefined {
  let current: unknown = root;
  let name: string | undefined;
  let field: PathSegment[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    current = Array.isArray(current) ? current[segment as number] : isObject(current) ? current[segment as string] : undefined;
    if (typeof segment === 'number' && isObject(current)) {
      name = itemLabel(current) ?? name;
      field = [];
    } else if (segment !== 'children' && segment !== 'places') field.push(segment);
  }
  if (!name) return undefined;
  return field.length ? `${name}的 ${restOf(field)}` : name;
}

/**
 * Where a problem is, in Chinese, naming things by their names rather than by position:
 * `pages.home.blocks[0].props.rows` → 页面“首页”（home）第 1 个区块（新闻轮播）的属性 rows;
 * `places[0].children[0].deptCode` → 古市镇的 deptCode. Undefined when the config path says it as well.
 *
 * @example
 * describeWhere(['tabList', 2, 'route'], region, () => '') // '导航第 3 项“产权交易”的 route'
 */
export function describeWhere(segments: readonly PathSegment[], root: unknown, blockName: (type: string) => string): string | undefined {
  if (segments.length === 0 || !isObject(root)) return undefined;
  const [head, second, ...rest] = segments;
  if (head === 'places') return describePlace(root, segments);
  if (head === 'pages' && typeof second === 'string') {
    const page = isObject(root.pages) ? root.pages[second] : undefined;
    const title = isObject(page) && typeof page.title === 'string' ? `“${page.title}”` : '';
    const here = `页面${title}（${second}）`;
    if (rest[0] === 'blocks' && rest.length > 1) return `${here}${describeBlock(isObject(page) ? page.blocks : undefined, rest.slice(1), blockName)}`;
    return rest.length ? `${here}的 ${restOf(rest)}` : here;
  }
  if (head === 'layout' && typeof second === 'string' && LAYOUT_PARTS[second]) {
    const list = isObject(root.layout) ? root.layout[second] : undefined;
    return rest.length ? `${LAYOUT_PARTS[second]}${describeBlock(list, rest, blockName)}` : LAYOUT_PARTS[second];
  }
  if (head === 'flags' && typeof second === 'string') return `功能开关 ${second}`;
  if (head === 'siteData' && typeof second === 'string') return `站点数据 ${second}${rest.length ? ` 的 ${restOf(rest)}` : ''}`;
  if (head === 'tabList' && typeof second === 'number') return describeTab(root.tabList, segments.slice(1));
  if (typeof head === 'string' && typeof second === 'number' && Array.isArray(root[head])) {
    const label = itemLabel((root[head] as unknown[])[second]);
    return `${LIST_NAMES[head] ?? `${head} `}第 ${second + 1} 项${label ? `“${label}”` : ''}${rest.length ? `的 ${restOf(rest)}` : ''}`;
  }
  return undefined;
}

/** A nav tab, nested through `children`: 导航第 3 项“产权交易”下第 1 项“全部产权交易”的 route. */
function describeTab(tabs: unknown, segments: readonly PathSegment[]): string {
  let out = '导航';
  let list = tabs;
  let i = 0;
  for (; i < segments.length; i++) {
    const index = segments[i];
    if (typeof index !== 'number') break;
    const tab = Array.isArray(list) ? list[index] : undefined;
    const label = itemLabel(tab);
    out += `${i === 0 ? '' : '下'}第 ${index + 1} 项${label ? `“${label}”` : ''}`;
    if (segments[i + 1] !== 'children') {
      i++;
      break;
    }
    list = isObject(tab) ? tab.children : undefined;
    i++;
  }
  const rest = segments.slice(i);
  return rest.length ? `${out}的 ${restOf(rest)}` : out;
}

/** The problem with its {@link describeWhere} filled in from the data its path points into. */
export function withWhere(problem: Problem, root: unknown, blockName: (type: string) => string): Problem {
  if (problem.where || !problem.path) return problem;
  const where = describeWhere(parsePath(problem.path), root, blockName);
  return where ? { ...problem, where } : problem;
}
