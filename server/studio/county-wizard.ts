import fs from 'node:fs';
import path from 'node:path';
import { loadRegionCatalog, overlayFiles } from '../../engine/region-files/index.js';
import { COUNTY_STARTERS, countyFiles, type CountyInput, type CountyPlace, type CountyStarter } from '../../engine/region-files/county-files.js';
import type { Problem } from '../../engine/region/problem.js';

const REGION_ID = /^[a-z][a-z0-9-]{0,39}$/;
const DEPT_CODE = /^[0-9]{12}$/;
const MAX_TOWNS = 200;
const CODE_PREFIX = /^[A-Z]{1,6}$/;

type Body = Record<string, unknown>;

function text(body: Body, key: string, label: string, max = 40): string {
  const value = body[key];
  if (typeof value !== 'string' || !value.trim() || value.length > max || /[\0\n\r]/.test(value)) throw new Error(`${label}应是 1 到 ${max} 个字`);
  return value.trim();
}

function id(body: Body, key: string, label: string): number {
  const value = body[key];
  // The database keeps a place's id (and a tenant's) as an integer: at most 2147483647.
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > 2_147_483_647) throw new Error(`${label}应是 1 到 2147483647 的整数`);
  return value;
}

function place(input: unknown, label: string): CountyPlace {
  if (typeof input !== 'object' || input === null) throw new Error(`${label}应有名称、地区编号和统计区划代码`);
  const body = input as Body;
  const deptCode = text(body, 'deptCode', `${label}的统计区划代码`, 12);
  if (!DEPT_CODE.test(deptCode)) throw new Error(`${label}的统计区划代码应是 12 位数字`);
  return { name: text(body, 'name', `${label}的名称`), deptId: id(body, 'deptId', `${label}的地区编号`), deptCode };
}

/** The wizard's answers from a request body, each checked and bounded; throws with the Chinese reason otherwise. */
export function parseCountyInput(input: unknown): CountyInput {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new Error('应是一个对象');
  const body = input as Body;
  const regionId = text(body, 'id', '地区标识');
  if (!REGION_ID.test(regionId)) throw new Error('地区标识只能用小写英文字母开头，由小写字母、数字和 - 组成，例如 songyang');
  const deptCode = text(body, 'deptCode', '统计区划代码', 12);
  if (!DEPT_CODE.test(deptCode)) throw new Error('统计区划代码应是 12 位数字');
  const ancestors = Array.isArray(body.ancestors) ? body.ancestors : [];
  const towns = Array.isArray(body.towns) ? body.towns : [];
  if (ancestors.length > 3 || towns.length > MAX_TOWNS) throw new Error(`上级地区最多 3 个，镇（街道）最多 ${MAX_TOWNS} 个`);
  const starter = (typeof body.starter === 'string' ? body.starter : 'news') as CountyStarter;
  if (!(starter in COUNTY_STARTERS)) throw new Error(`首页模板应是 ${Object.keys(COUNTY_STARTERS).join('、')} 之一`);
  const cityName = text(body, 'cityName', '地区名称');
  const prefix =
    typeof body.projectCodePrefix === 'string' && body.projectCodePrefix.trim() ? body.projectCodePrefix.trim() : regionId.slice(0, 2).toUpperCase();
  if (!CODE_PREFIX.test(prefix)) throw new Error('项目编号前缀应是 1 到 6 个大写英文字母，例如 SY');
  return {
    id: regionId,
    cityName,
    homeTitle: typeof body.homeTitle === 'string' && body.homeTitle.trim() ? text(body, 'homeTitle', '网站标题') : `${cityName}农村产权交易平台`,
    deptId: id(body, 'deptId', '地区编号'),
    deptCode,
    lesseeId: id(body, 'lesseeId', '租户编号'),
    projectCodePrefix: prefix,
    ancestors: ancestors.map((p, i) => place(p, `第 ${i + 1} 个上级地区`)),
    towns: towns.map((p, i) => place(p, `第 ${i + 1} 个镇（街道）`)),
    starter,
  };
}

/**
 * Writes a new county's folder — places.yaml, region.yaml on the shared base, pages/home.yaml from a starter — when
 * the whole catalog with them validates; otherwise writes nothing and gives the problems.
 */
export function createCounty(rootDir: string, input: CountyInput): { ok: true } | { ok: false; message: string; problems: Problem[] } {
  if (fs.existsSync(path.resolve(rootDir, input.id))) return { ok: false, message: `已有地区文件夹 ${input.id}`, problems: [] };
  const files = countyFiles(rootDir, input);
  const problems = loadRegionCatalog(rootDir, { files: overlayFiles(files) }).problems;
  if (problems.length > 0) {
    const located = loadRegionCatalog(rootDir, { precise: true, files: overlayFiles(files) }).problems;
    return { ok: false, message: `新地区的文件有 ${located.length} 处错误，没有创建`, problems: located };
  }
  for (const [abs, content] of files) {
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, content);
  }
  return { ok: true };
}
