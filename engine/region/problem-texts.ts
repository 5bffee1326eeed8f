/**
 * What the region validator says, in Chinese for the county clerks who write region files and in English for
 * engineers (`--lang en`): one entry per kind of problem. A problem carries its code and parameters, so every
 * language is written from the same facts and a new message cannot exist in one language only.
 */

/** The facts a message is written from: names, values and positions, already quoted where they are text. */
export type ProblemParams = Readonly<Record<string, string | number>>;

export interface ProblemText {
  zh: (p: ProblemParams) => string;
  en: (p: ProblemParams) => string;
}

/** `, 另见 …` parts that a message adds only when the fact is known. */
const opt = (value: string | number | undefined, text: (v: string | number) => string) => (value === undefined || value === '' ? '' : text(value));

export const PROBLEM_TEXTS = {
  // ── the YAML text itself ──
  yamlSyntax: {
    zh: (p) => `YAML 格式错误：${p.detail}。请检查缩进（用空格，不用 Tab）、冒号后的空格和成对的引号、括号`,
    en: (p) => `YAML syntax error: ${p.detailEn}`,
  },
  notAMapping: {
    zh: (p) => `这里应当是“键: 值”的配置项，实际是${p.got}`,
    en: (p) => `expected a mapping of region keys, got ${p.gotEn}`,
  },

  // ── schema checks ──
  unknownKey: {
    zh: (p) => `不认识的${p.noun}“${p.key}”${opt(p.known, (k) => `；可以写的有：${k}`)}`,
    en: (p) => `unknown ${p.nounEn} "${p.key}"${opt(p.known, (k) => `; expected one of: ${k}`)}`,
  },
  missingKey: {
    zh: (p) => `缺少必填项“${p.key}”`,
    en: (p) => `missing required key "${p.key}"`,
  },
  wrongType: {
    zh: (p) => `这里应当填${p.expected}，实际填的是${p.got}`,
    en: (p) => `expected ${p.expectedEn}, got ${p.gotEn}`,
  },
  numberNeedsQuotes: {
    zh: (p) => `这里应当填文字，实际是数字 ${p.value}。代码要加引号，YAML 才会把它当作文字、保留每一位：${p.key}: "${p.value}"`,
    en: (p) => `expected text, got number ${p.value}; put it in quotes so YAML keeps it as text: ${p.key}: "${p.value}"`,
  },
  numberNeedsQuotesRounded: {
    zh: () => `这里应当填文字，实际是一个很长的数字。请照原样加上引号，YAML 才会把它当作文字（不加引号时末几位已被舍入）`,
    en: () => `expected text, got a number; put it in quotes exactly as written so YAML keeps it as text (unquoted, its digits are already rounded)`,
  },
  notInList: {
    zh: (p) => `只能填以下之一：${p.allowed}；实际填的是${p.got}`,
    en: (p) => `expected one of: ${p.allowed}; got ${p.gotEn}`,
  },
  badPattern: {
    zh: (p) => `${p.got}的写法不对${opt(p.hint, (h) => `，应为：${h}`)}`,
    en: (p) => `${p.gotEn} is not in the expected form${opt(p.hintEn, (h) => `: ${h}`)}`,
  },
  badAddress: {
    zh: (p) => `${p.got}不是允许的地址：只能填 http(s) 网址或本站路径（不能是 javascript:、data:、//开头的地址，不能有空格或控制字符）`,
    en: (p) => `${p.gotEn} is not an allowed address: an http(s) address or a path of this site (no javascript:, data:, //host, spaces or control characters)`,
  },
  badFormat: {
    zh: (p) => `${p.got}不是有效的 ${p.format}`,
    en: (p) => `${p.gotEn} is not a valid ${p.format}`,
  },
  badName: {
    zh: (p) => `“${p.name}”不能用作这里的名称${opt(p.hint, (h) => `（${h}）`)}`,
    en: (p) => `"${p.name}" is not an allowed name here${opt(p.hintEn, (h) => ` (${h})`)}`,
  },
  noFormMatches: {
    zh: (p) => `写法不符合任何一种允许的形式${opt(p.hint, (h) => `（${h}）`)}；实际填的是${p.got}`,
    en: (p) => `expected ${p.hintEn || 'one of the allowed forms'}; got ${p.gotEn}`,
  },
  outOfRange: {
    zh: (p) => `数值应当${p.comparisonZh} ${p.limit}，实际是 ${p.value}`,
    en: (p) => `expected a number ${p.comparison} ${p.limit}, got ${p.value}`,
  },
  tooFewItems: {
    zh: (p) => `至少要有 ${p.limit} 项，实际有 ${p.count} 项`,
    en: (p) => `expected at least ${p.limit} item${p.limit === 1 ? '' : 's'}, got ${p.count}`,
  },
  tooManyItems: {
    zh: (p) => `最多只能有 ${p.limit} 项，实际有 ${p.count} 项`,
    en: (p) => `expected at most ${p.limit} item${p.limit === 1 ? '' : 's'}, got ${p.count}`,
  },
  tooShort: {
    zh: (p) => `至少要有 ${p.limit} 个字，实际是${p.got}`,
    en: (p) => `expected at least ${p.limit} character(s), got ${p.gotEn}`,
  },
  tooLong: {
    zh: (p) => `最多 ${p.limit} 个字，实际是${p.got}`,
    en: (p) => `expected at most ${p.limit} character(s), got ${p.gotEn}`,
  },
  otherRule: {
    zh: (p) => `取值不符合规则（${p.rule}）；实际填的是${p.got}`,
    en: (p) => `${p.detail}; got ${p.gotEn}`,
  },

  // ── what the schema cannot say: blocks, calls, conditions, routes ──
  unknownBlockType: {
    zh: (p) => `没有“${p.type}”这种区块（可用的区块见 docs/blocks.md）`,
    en: (p) => `unknown block type "${p.type}" (no blocks/${p.type}/props.schema.json)`,
  },
  missingSource: {
    zh: (p) =>
      `“${p.name}”区块要显示数据，需要写 source（数据来源）${opt(p.calls, (c) => `，例如 source: { call: ${c} }`)}${opt(p.siteData, () => '，或 source: { siteData: <站点数据名> }')}`,
    en: (p) =>
      `block ${p.type} shows data and needs a source${opt(p.calls, (c) => `, e.g. source: { call: ${c} }`)}${opt(p.siteData, () => ' or source: { siteData: <key> }')}`,
  },
  unknownCall: {
    zh: (p) => `没有名为“${p.call}”的数据接口`,
    en: (p) => `unknown API call "${p.call}" (see API_ROUTES in schemas/types/api.ts)`,
  },
  unknownRegionRef: {
    zh: (p) => `“${p.ref}”读取的区域配置项“${p.field}”不存在`,
    en: (p) => `"${p.ref}" reads an unknown region key "${p.field}"`,
  },
  conditionRoot: {
    zh: (p) => `条件“${p.path}”必须以 ${p.roots} 之一开头`,
    en: (p) => `condition path "${p.path}" must start with ${p.roots}`,
  },
  conditionNoField: {
    zh: (p) => `条件“${p.path}”没有写具体的项，应写成 ${p.root}.<名称>`,
    en: (p) => `condition path "${p.path}" names no field; expected ${p.root}.<name>`,
  },
  conditionUnknownFlag: {
    zh: (p) => `条件用到的功能开关“${p.name}”不存在`,
    en: (p) => `condition reads unknown flag "${p.name}"`,
  },
  conditionUnknownRegionKey: {
    zh: (p) => `条件用到的区域配置项“${p.name}”不存在`,
    en: (p) => `condition reads unknown region key "${p.name}"`,
  },
  conditionUnknownSessionField: {
    zh: (p) => `条件用到的登录状态“${p.name}”不存在，只能用 ${p.fields}`,
    en: (p) => `condition reads unknown session field "${p.name}"; expected ${p.fieldsEn}`,
  },
  linkToNoPage: {
    zh: (p) => `站内地址“${p.route}”没有对应的页面，访客点开会看到“页面不存在”。请改成已有页面的地址，或先新建这个页面`,
    en: (p) => `${p.whatEn} links to "${p.route}", which no page declares (a visitor would meet "page not found"); use a page's route or add the page`,
  },
  duplicateRoute: {
    zh: (p) => `地址“${p.route}”已被页面“${p.owner}”使用，每个页面要有自己的地址`,
    en: (p) => `route "${p.route}" is already used by page "${p.owner}"; each page needs its own route`,
  },

  // ── files and regions ──
  extendsCycle: {
    zh: (p) => `extends 形成了循环：${p.cycle}。请去掉其中一处 extends`,
    en: (p) => `extends cycle: ${p.cycle}`,
  },
  extendsMissing: {
    zh: (p) => `extends 指向的文件“${p.target}”不存在（查找位置：${p.looked}）`,
    en: (p) => `extended file "${p.target}" does not exist (looked for ${p.looked})`,
  },
  duplicateRegionId: {
    zh: (p) => `区域编号“${p.id}”已被 ${p.owner} 使用，每个区域的 id 必须不同`,
    en: (p) => `region id "${p.id}" is also used by ${p.owner}; ids must be unique`,
  },
  previewRegionMissing: {
    zh: (p) => `地区不存在：${p.region || '（默认地区）'}（可选：${p.ids}）`,
    en: (p) => `no region "${p.region || '(default)'}" to preview; regions: ${p.ids}`,
  },
  unknownRegion: {
    zh: (p) => `没有 id 为“${p.id}”的区域`,
    en: (p) => `names unknown region "${p.id}"`,
  },

  // ── places ──
  levelNotBelowParent: {
    zh: (p) => `层级 ${p.level} 不比上级“${p.parent}”的层级 ${p.parentLevel} 低：下级地点的层级数字要更大`,
    en: (p) => `level ${p.level} is not below its parent ${p.parent}'s level ${p.parentLevel}; a place sits deeper than the place it is under`,
  },
  placeTooDeep: {
    zh: (p) => `“${p.name}”会排在第 ${p.level} 级，低于村（第 5 级）：嵌套太深，或上级的层级写错了`,
    en: (p) => `${p.name} would be level ${p.level}, below villages (5): the tree is nested too deep, or a parent's level is wrong`,
  },
  placeIdTaken: {
    zh: (p) => `deptId ${p.deptId} 已是 ${p.at} 的“${p.other}”的编号，这里的“${p.name}”是另一个地点：请给其中一个换一个没有用过的 deptId`,
    en: (p) => `deptId ${p.deptId} is already the id of ${p.other} at ${p.at}, a different place than ${p.name}: give one of them an id not used elsewhere`,
  },
  placeDeclaredDifferently: {
    zh: (p) => `“${p.name}”（deptId ${p.deptId}）在 ${p.at} 也写了一遍，但${p.field}不同：这里是 ${p.here}，那里是 ${p.there}。同一地点在各文件中要写得一样`,
    en: (p) =>
      `place ${p.deptId} (${p.name}) is also declared at ${p.at} with another ${p.fieldEn}: ${p.here} here, ${p.there} there; declare it alike in both files`,
  },
  placeCodeTaken: {
    zh: (p) => `deptCode “${p.code}”已是 ${p.at} 的“${p.other}”（${p.otherId}）的代码，每个地点要有自己的代码`,
    en: (p) => `deptCode "${p.code}" is already the code of ${p.other} (${p.otherId}) at ${p.at}; each place needs its own code`,
  },
  regionPlaceUndeclared: {
    zh: (p) => `deptId ${p.deptId} 没有在任何 places.yaml 中声明：请在本区域 region.yaml 旁的 ${p.file} 中加上这个地点（及其乡镇）`,
    en: (p) => `deptId ${p.deptId} is declared in no places.yaml: add the place (with its towns) to ${p.file} beside this region's region.yaml`,
  },
  regionCodeOfOther: {
    zh: (p) => `deptCode “${p.code}”是“${p.other}”的代码，不是本区域地点“${p.place}”（${p.at}）的；它的代码是“${p.placeCode}”`,
    en: (p) => `deptCode "${p.code}" is the code of ${p.other}, not of this region's place ${p.place} (${p.at}), whose code is "${p.placeCode}"`,
  },
  regionCodeUndeclared: {
    zh: (p) => `deptCode “${p.code}”没有在任何 places.yaml 中声明；本区域的地点“${p.place}”（${p.at}）的代码是“${p.placeCode}”`,
    en: (p) => `deptCode "${p.code}" is declared in no places.yaml; this region's place ${p.place} (${p.at}) has the code "${p.placeCode}"`,
  },
  lesseeDiffers: {
    zh: (p) => `lesseeId ${p.lesseeId} 与区域“${p.region}”的 ${p.other} 不同，而两者是同一地点“${p.place}”：一个地点只属于一个租户`,
    en: (p) => `lesseeId ${p.lesseeId} differs from region "${p.region}"'s ${p.other}, on the same place ${p.place}: a place has one tenant`,
  },
} satisfies Record<string, ProblemText>;

/** Every kind of problem the validator reports. */
export type ProblemCode = keyof typeof PROBLEM_TEXTS;

/** The language a problem is told in: Chinese for config authors (the default), English for engineers. */
export type ProblemLanguage = 'zh' | 'en';
