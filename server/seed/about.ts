import type { ArticleRow } from './content.js';
import type { SeedRegion } from './places.js';
import { DAY } from './random.js';

/**
 * 关于我们 (category 014001): what a visitor of /aboutUs reads about the trading centre of each demo region — who
 * runs it, its units (the same as the region's footer, regions/<id>/region.yaml `footerUnits`; a seed test keeps
 * them equal), how it is organised, its service points, contact, address and service hours. Fixed texts, not
 * random: the page opens on the first (中心简介), the newest.
 */

/** The category of the about articles. */
export const ABOUT_NUMBER = '014001';

/** The footer units of each demo region (regions/<key>/region.yaml footerUnits). */
export const ABOUT_UNITS: Record<string, { responsible: string; supervisory: string; technical: string }> = {
  chunan: { responsible: '淳安县农业农村局', supervisory: '淳安县农村集体产权交易监督管理委员会', technical: '杭州田亩信息技术有限公司' },
  xinyang: { responsible: '信阳市农业农村局', supervisory: '信阳市农村产权交易监督管理委员会办公室', technical: '杭州田亩信息技术有限公司' },
  lantian: { responsible: '蓝田县农业农村局', supervisory: '蓝田县农村产权交易监督管理办公室', technical: '杭州田亩信息技术有限公司' },
  shouguang: { responsible: '寿光市农业农村局', supervisory: '寿光市农村产权交易监督管理委员会', technical: '杭州田亩信息技术有限公司' },
};

/** The titles of the about articles, in the order the page lists them. */
export const ABOUT_TITLES = ['中心简介', '组织机构', '主要职能', '服务网点', '联系我们', '服务时间', '监督投诉', '服务承诺'] as const;

const p = (text: string) => `<p style="text-indent:2em">${text}</p>`;
const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

/** The contact lines of a region's centre: address, hotline, supervision line, e-mail, post code. */
export function aboutContact(region: SeedRegion) {
  const place = `${region.provinceName}${region.cityName}${region.rootLevel === 3 ? region.rootName : ''}`;
  const digits = region.areaCode.length === 3 ? 8 : 7;
  const line = (n: number) => `${region.areaCode}-${String(n).slice(0, digits)}`;
  return {
    address: `${place}政务服务中心三楼 农村产权交易服务大厅`,
    hotline: line(65_218_800 + (region.rootId % 97)),
    supervision: line(65_218_900 + (region.rootId % 89)),
    email: `nccq${region.rootId}@example.gov.cn`,
  };
}

export function buildAboutArticles(region: SeedRegion, now: Date): ArticleRow[] {
  const units = ABOUT_UNITS[region.key];
  if (!units) throw new Error(`没有 ${region.key} 的关于我们单位信息`);
  const centre = `${region.rootName}农村产权交易中心`;
  const scope = region.rootLevel === 2 ? '市' : '县';
  const contact = aboutContact(region);
  const towns = region.towns.map((t) => t.name);
  const bodies: Record<(typeof ABOUT_TITLES)[number], string> = {
    中心简介:
      p(
        `${centre}是经${region.rootName}人民政府批准设立、由${units.responsible}主办的农村产权流转交易公共服务平台，实行“${scope}级中心+乡镇服务站+村级信息员”三级服务体系，覆盖全${scope}所有乡镇（街道）。`,
      ) +
      p(
        `中心坚持公开、公平、公正原则，为农户承包土地经营权、林权、“四荒”使用权、农村集体经营性资产、农业生产设施设备、小型水利设施使用权等各类农村产权的流转交易提供信息发布、交易组织、交易鉴证、融资服务等一站式服务，交易活动接受${units.supervisory}的监督。`,
      ) +
      p(`平台由${units.technical}提供技术支持，支持网上报名、网络竞价、结果公示和交易鉴证全流程线上办理。`),
    组织机构:
      p(`${centre}由${units.responsible}主办，业务上接受${units.supervisory}的监督管理。`) +
      list([`主办单位：${units.responsible}`, `监管单位：${units.supervisory}`, `技术支持：${units.technical}`]) +
      p(
        `中心内设综合办公室、交易服务部、鉴证结算部三个部门，在${towns.slice(0, 6).join('、')}${towns.length > 6 ? '等' : ''}${towns.length}个乡镇（街道）设立农村产权交易服务站。`,
      ),
    主要职能:
      p(`${centre}的主要职能是：`) +
      list([
        '受理农村产权交易申请，审核交易主体资格和交易材料；',
        '发布交易信息，组织公开协商、竞价、招标、拍卖等交易活动；',
        '出具农村产权交易鉴证书，办理交易资金结算；',
        '开展农村产权抵押融资、政策咨询等配套服务；',
        `指导乡镇服务站开展工作，接受${units.supervisory}的监督检查。`,
      ]),
    服务网点:
      p('各乡镇（街道）服务站受理本辖区农村产权交易申请、提供政策咨询和信息发布服务：') +
      list(region.towns.map((t) => `${t.name}农村产权交易服务站：${t.county.name}${t.name}便民服务中心`)),
    联系我们:
      p('欢迎来电来访咨询农村产权交易业务。') +
      list([
        `单位名称：${centre}`,
        `办公地址：${contact.address}`,
        `服务热线：${contact.hotline}`,
        `监督电话：${contact.supervision}`,
        `电子邮箱：${contact.email}`,
      ]),
    服务时间:
      p(`${centre}服务大厅的对外服务时间如下：`) +
      list([
        '窗口服务：周一至周五 上午 8:30—12:00，下午 14:30—17:30（法定节假日除外）',
        '网上服务：全天24小时开放，网上报名、信息查询不受时间限制',
        '网络竞价：按项目公告的竞价时间进行',
      ]) +
      p('节假日期间的服务安排以中心发布的公告为准。'),
    监督投诉:
      p(
        `对交易活动有异议或对工作人员服务不满意的，可通过本网站“投诉建议”栏目在线提交，或拨打监督电话 ${contact.supervision}，也可向${units.supervisory}书面反映。`,
      ) + p('中心在收到投诉后5个工作日内答复，凭受理编号可查询办理进度。'),
    服务承诺:
      p(`${centre}向社会公开承诺：`) +
      list([
        '首问负责：第一位接待的工作人员负责解答或引导办理；',
        '一次告知：办理所需材料一次性告知，不让群众多跑腿；',
        '限时办结：材料齐全的交易申请3个工作日内完成审核；',
        '公开透明：交易信息、交易过程、交易结果全程公开。',
      ]),
  };
  return ABOUT_TITLES.map((title, i) => {
    const content = bodies[title];
    const text = content.replace(/<[^>]+>/g, '');
    return {
      deptId: region.rootId,
      number: ABOUT_NUMBER,
      title,
      remark: text.length > 80 ? `${text.slice(0, 78)}…` : text,
      keyword: '',
      content,
      coverImg: '',
      attachmentUrl: null,
      watchCts: 300 - i * 17,
      // Newest first on the page: 中心简介 a day ago, each next one a day earlier.
      logintime: new Date(now.getTime() - (i + 1) * DAY),
    };
  });
}
