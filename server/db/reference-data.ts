/**
 * Reference data every database has (inserted by migration 002): article categories, trading-project
 * categories and dictionaries. Category numbers follow the specification (§9).
 */

import { AREA_UNITS, PRICE_UNITS } from '../../machines/units.js';

export interface ArticleCategory {
  number: string;
  name: string;
  /** The site-wide data key that reads this category, when there is one. */
  key: string | null;
  parentNumber: string | null;
}

export const ARTICLE_CATEGORIES: ArticleCategory[] = [
  { number: '001', name: '新闻中心', key: null, parentNumber: null },
  { number: '001017', name: '新闻动态', key: 'xinwendongtai', parentNumber: '001' },
  { number: '010', name: '图片新闻', key: 'lunbotu', parentNumber: null },
  { number: '002', name: '政策法规', key: null, parentNumber: null },
  { number: '002001', name: '政策法规', key: 'zhengcefagui', parentNumber: '002' },
  { number: '003001', name: '交易指南', key: 'jiaoyizhinan', parentNumber: null },
  { number: '005001', name: '土地资讯', key: 'tudizixun', parentNumber: null },
  { number: '006001', name: '招商资讯', key: 'zhaoshangxiangmu', parentNumber: null },
  { number: '007', name: '资料下载', key: 'ziliaoxiazai', parentNumber: null },
  { number: '007001', name: '资料下载', key: null, parentNumber: '007' },
  { number: '008001', name: '公示公告', key: 'gongshigonggao', parentNumber: null },
  { number: '020', name: '规章制度', key: 'guizhangzhidu', parentNumber: null },
  { number: '030001', name: '成交公告', key: 'chengjiaogonggao', parentNumber: null },
  { number: '012001', name: '鉴证公告', key: 'jianzhenggonggao', parentNumber: null },
  { number: '013001', name: '鉴证书', key: 'jianzhengshu', parentNumber: null },
  { number: '014001', name: '关于我们', key: 'guanyuwomen', parentNumber: null },
  { number: '015001', name: '金融服务', key: 'jinrongfuwu', parentNumber: null },
  // Grassland regions (flags.changeJRFWtoCaodi): loans on grassland contract rights, herders' credit… (migration 010).
  { number: '015002', name: '草地金融', key: 'caodijinrong', parentNumber: null },
];

/** Categories that hold articles (the parents 001, 002 group them; 007 holds downloads directly too). */
export const ARTICLE_LEAF_NUMBERS = ARTICLE_CATEGORIES.filter((c) => !['001', '002'].includes(c.number)).map((c) => c.number);

export interface ProjectCategory {
  number: string;
  /** 1 tender/procurement, 2 property transfer (supply), 3 demand. */
  type: 1 | 2 | 3;
  classname: string;
  dictSort: number;
}

export const PROJECT_CATEGORIES: ProjectCategory[] = [
  { number: '001', type: 2, classname: '土地经营权', dictSort: 1 },
  { number: '002', type: 2, classname: '林权', dictSort: 2 },
  { number: '003', type: 2, classname: '水域养殖权', dictSort: 3 },
  { number: '004', type: 2, classname: '四荒地使用权', dictSort: 4 },
  { number: '005', type: 2, classname: '农村集体经营性资产', dictSort: 5 },
  { number: '006', type: 2, classname: '农业生产设施设备', dictSort: 6 },
  { number: '007', type: 2, classname: '小型水利设施使用权', dictSort: 7 },
  { number: '008', type: 2, classname: '其他产权', dictSort: 8 },
  { number: '009', type: 1, classname: '工程建设招标', dictSort: 1 },
  { number: '011', type: 1, classname: '货物采购', dictSort: 2 },
  { number: '012', type: 1, classname: '服务采购', dictSort: 3 },
  { number: '013', type: 3, classname: '土地流转需求', dictSort: 1 },
  { number: '014', type: 3, classname: '资产租赁需求', dictSort: 2 },
  { number: '015', type: 3, classname: '其他需求', dictSort: 3 },
];

/** The unit dictionaries (§3), shared with the project card. */
export { AREA_UNITS, PRICE_UNITS };

export const INVEST_TYPES: Record<string, string> = {
  '1': '现代农业',
  '2': '畜牧养殖',
  '3': '乡村旅游',
  '4': '农产品加工',
  '5': '商贸物流',
  '6': '厂房仓储',
};

/** 网上商城 product categories (dictionary product_category, inserted by migration 007). */
export const PRODUCT_CATEGORIES: Record<string, string> = {
  '1': '粮油米面',
  '2': '茶叶饮品',
  '3': '干货特产',
  '4': '新鲜果蔬',
  '5': '禽蛋水产',
};

export interface DictEntry {
  dictType: string;
  dictValue: string;
  dictLabel: string;
  dictSort: number;
}

export const DICTIONARIES: DictEntry[] = [
  ...Object.entries(AREA_UNITS).map(([v, l]) => ({ dictType: 'area_unit', dictValue: v, dictLabel: l, dictSort: Number(v) })),
  ...Object.entries(PRICE_UNITS).map(([v, l]) => ({ dictType: 'price_unit', dictValue: v, dictLabel: l, dictSort: Number(v) })),
  ...Object.entries(INVEST_TYPES).map(([v, l]) => ({ dictType: 'invest_type', dictValue: v, dictLabel: l, dictSort: Number(v) })),
  ...[
    ['credit', '信用贷款'],
    ['guarantee', '担保贷款'],
    ['mortgage', '抵押贷款'],
    ['surety', '保证贷款'],
    ['pledge', '质押贷款'],
  ].map(([v, l], i) => ({ dictType: 'loan_type', dictValue: v, dictLabel: l, dictSort: i + 1 })),
  ...[
    ['2', '公示中'],
    ['3', '公示结束'],
    ['4', '报名中'],
    ['5', '报名结束'],
    ['6', '竞价中'],
    ['7', '已成交'],
    ['8', '已成交'],
    ['9', '已成交'],
    ['10', '已结束'],
    ['11', '已结束'],
  ].map(([v, l]) => ({ dictType: 'project_status', dictValue: v, dictLabel: l, dictSort: Number(v) })),
];
