import { PRICE_UNITS } from '../db/reference-data.js';
import { formatDateTime } from '../api/format.js';
import { escapeHtml } from '../../engine/runtime/html-text.js';

/**
 * The deal announcement (成交公告) of a concluded project, as the portal lists it (`dealList`, `dealDetail`): one
 * builder for the demo data and for the auction engine, which publishes one when an auction closes with a deal.
 * The winner appears by bidder code (竞买号) only, never by name or phone.
 */

/** The category deal announcements are listed under (the portal's /chengjiaogonggao; `dealList`'s default). */
export const DEAL_NUMBER = '004';

/**
 * The category of tender (招投标, project type 1) deal announcements: listed apart, on /chengjiaogonggao's
 * 招投标成交公告 tab where the region shows them (flag showZTBCjgg); `dealList` with number 030001.
 */
export const TENDER_DEAL_NUMBER = '030001';

/** The announcement category of a project type: tenders apart from transfer and demand deals. */
export const dealNumberOf = (type: number): string => (type === 1 ? TENDER_DEAL_NUMBER : DEAL_NUMBER);

/** What the announcement says about the project (a `project` row, or the seed's row before it is inserted). */
export interface DealProject {
  id: number;
  deptId: number;
  type: number;
  projectName: string;
  address: string;
  price: number | string;
  priceUnit: number;
  outname: string;
  needname: string;
  company: string;
  biddingStartTime: Date | null;
  biddingStopTime: Date | null;
}

/** How the deal was concluded. */
export interface DealFacts {
  /** 项目编号 (see {@link projectCodeOf}). */
  code: string;
  amount: number;
  /** The winner's bidder code (竞买号). */
  winnerCode: string;
  /** Distinct bidders. */
  bidders: number;
  /** When the announcement is published. */
  dealtime: Date;
  /** The place whose trading centre runs the portal, e.g. 淳安县 (淳安县农村产权交易中心). */
  centre: string;
  /** Where the bidding took place (default online): the announcement says 网络竞价 or 现场竞价. */
  venue?: 'online' | 'onsite';
}

/** A `deal_announcement` row. */
export interface DealAnnouncementRow {
  deptId: number;
  projectId: number | null;
  number: string;
  projectName: string;
  projectAddress: string;
  remark: string;
  content: string;
  dealtime: Date;
}

const MONEY = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** The project's 项目编号; its id when the trading centre gave it none. */
export function projectCodeOf(project: { id: number; code: string }): string {
  return project.code.trim() || String(project.id);
}

/** 某村耕地经营权流转 → 某村耕地经营权流转项目成交公告 (no doubled 项目). */
export function dealTitle(projectName: string): string {
  return `${projectName}${projectName.endsWith('项目') ? '' : '项目'}成交公告`;
}

/** An amount with the project's price unit, as announcements and messages write it: 1,200元, 350元/亩/年. */
export function priceText(amount: number | string, priceUnit: number): string {
  return `${MONEY.format(Number(amount))}${PRICE_UNITS[priceUnit] ?? '元'}`;
}

export function dealAnnouncementRow(p: DealProject, deal: DealFacts): DealAnnouncementRow {
  const price = (amount: number | string) => priceText(amount, p.priceUnit);
  const party = p.type === 2 ? ['转出方', p.outname] : p.type === 3 ? ['需求方', p.needname] : ['招标人', p.company];
  const centre = `${deal.centre}农村产权交易中心`;
  const cells: Array<[string, string]> = [
    ['项目编号', deal.code],
    ['项目名称', p.projectName],
    ['项目地址', p.address],
    [party[0], party[1]],
    [p.type === 1 ? '中标人' : '受让方', `竞买号 ${deal.winnerCode}`],
    [p.type === 1 ? '中标价格' : '成交价格', price(deal.amount)],
    [p.type === 1 ? '预算金额' : '挂牌价格', price(p.price)],
    ['竞价时间', `${formatDateTime(p.biddingStartTime) ?? '—'} 至 ${formatDateTime(p.biddingStopTime) ?? '—'}`],
    ['竞买人数', `${deal.bidders}人`],
  ];
  return {
    deptId: p.deptId,
    projectId: p.id,
    number: dealNumberOf(p.type),
    projectName: p.projectName,
    projectAddress: p.address,
    remark: `${p.type === 1 ? '中标价' : '成交价'}：${price(deal.amount)}`,
    content:
      `<h3>${escapeHtml(dealTitle(p.projectName))}</h3>` +
      `<p>${escapeHtml(p.projectName)}（项目编号：${escapeHtml(deal.code)}）已在${escapeHtml(centre)}通过${deal.venue === 'onsite' ? '现场' : '网络'}竞价公开交易，现将成交结果公告如下：</p>` +
      '<table border="1" cellspacing="0" cellpadding="6" style="width:100%;border-collapse:collapse"><tbody>' +
      cells.map(([th, td]) => `<tr><th>${th}</th><td>${escapeHtml(td)}</td></tr>`).join('') +
      `</tbody></table><p>以上成交结果公告期为5个工作日，如有异议请向${escapeHtml(centre)}书面提出。</p>`,
    dealtime: deal.dealtime,
  };
}
