import { ARTICLE_LEAF_NUMBERS } from '../db/reference-data.js';
import { ABOUT_NUMBER, buildAboutArticles } from './about.js';
import type { SeedRegion, SeedTown } from './places.js';
import { DAY, MINUTE, type Rng } from './random.js';

/**
 * Articles of every category for every region, and the site-wide help centre. Titles are composed from
 * templates, place names and local specialities so they read like the real portal's.
 */

/** Local farm products, to make news and investment items read naturally per region (all grown and processed). */
export const SPECIALITIES: Record<string, string[]> = {
  xinyang: ['信阳毛尖', '优质水稻', '油茶', '猕猴桃', '茶叶', '板栗'],
  chunan: ['千岛湖茶', '山核桃', '中药材', '高山蔬菜', '覆盆子', '香榧'],
  lantian: ['樱桃', '核桃', '葡萄', '玉米', '中药材', '红薯'],
  shouguang: ['设施蔬菜', '黄瓜', '彩椒', '西红柿', '蔬菜种苗', '韭菜'],
};

export interface ArticleRow {
  deptId: number;
  number: string;
  title: string;
  remark: string;
  keyword: string;
  content: string;
  coverImg: string;
  attachmentUrl: string | null;
  watchCts: number;
  logintime: Date;
}

export const ARTICLE_COLUMNS = {
  deptId: 'integer',
  number: 'text',
  title: 'text',
  remark: 'text',
  keyword: 'text',
  content: 'text',
  coverImg: 'text',
  attachmentUrl: 'text',
  watchCts: 'integer',
  logintime: 'timestamptz',
} as const;

/** What a title or body template can use. */
export interface Ctx {
  region: SeedRegion;
  root: string;
  county: string;
  town: string;
  village: string;
  year: number;
  spec: string;
  n: number;
  platform: string;
}

type Template = (c: Ctx) => string;

/** The Beijing-time year of a date (the portal runs on CST). */
export const cstYear = (d: Date): number => new Date(d.getTime() + 8 * 3600_000).getUTCFullYear();

const NATIONAL_POLICIES = [
  '关于印发《农村产权流转交易管理办法》的通知',
  '农村土地经营权流转管理办法',
  '关于引导农村产权流转交易市场健康发展的意见',
  '关于稳步推进农村集体产权制度改革的意见',
  '关于完善农村土地所有权承包权经营权分置办法的意见',
  '关于进一步加强农村集体资产管理工作的通知',
  '农村集体经济组织财务制度',
  '关于做好第二轮土地承包到期后再延长三十年试点工作的通知',
  '关于开展农村承包土地经营权抵押贷款试点的指导意见',
  '中华人民共和国农村土地承包法',
  '中华人民共和国农村集体经济组织法',
  '关于发展壮大新型农村集体经济的指导意见',
  '关于加快发展农业社会化服务的指导意见',
  '关于规范农村集体“三资”交易行为的通知',
  '关于防止耕地“非粮化”稳定粮食生产的意见',
];

const GUIDE_TOPICS = [
  '农村产权交易流程图解',
  '网上报名操作指南',
  '竞价交易规则说明',
  '交易保证金缴纳与退还须知',
  '意向受让方注册与实名认证指南',
  '土地经营权流转交易办理指南',
  '林权流转交易办理指南',
  '农村集体经营性资产出租办理指南',
  '招标采购项目投标须知',
  '交易鉴证书申领指南',
  '成交后合同签订与价款结算说明',
  '交易服务收费标准',
  '手机端竞价操作说明',
  '延时竞价规则说明',
  '转出方委托挂牌所需材料清单',
  '受让方资格条件说明',
  '流拍项目再次挂牌说明',
  '交易异议处理流程',
  '电子签章使用指南',
  '农村产权抵押融资办理指南',
  '常见问题解答',
];

const RULE_TOPICS = [
  '交易规则',
  '会员管理办法',
  '交易保证金管理办法',
  '交易纠纷调解办法',
  '信息发布管理制度',
  '交易鉴证管理办法',
  '网络竞价实施细则',
  '档案管理制度',
  '服务收费管理办法',
  '工作人员廉洁自律规定',
  '交易风险防控制度',
  '投诉处理办法',
  '项目受理审核制度',
  '交易资金结算管理办法',
  '乡镇服务站工作规程',
  '信息安全管理制度',
  '评标专家管理办法',
  '招标采购项目管理办法',
  '首问负责制度',
  '限时办结制度',
  '一次性告知制度',
];

const DOWNLOADS: Array<{ title: string; file: string }> = [
  { title: '农村土地经营权流转合同（示范文本）', file: 'tudi-liuzhuan-hetong.txt' },
  { title: '农村产权交易申请书', file: 'jiaoyi-shenqingshu.txt' },
  { title: '意向受让登记表', file: 'yixiang-shourang-dengjibiao.txt' },
  { title: '农村集体资产出租合同（示范文本）', file: 'jiti-zichan-chuzu-hetong.txt' },
  { title: '林权流转合同（示范文本）', file: 'linquan-liuzhuan-hetong.txt' },
  { title: '竞买人报名表', file: 'jingmairen-baomingbiao.txt' },
  { title: '授权委托书（模板）', file: 'shouquan-weituoshu.txt' },
  { title: '交易保证金退还申请表', file: 'baozhengjin-tuihuan-shenqingbiao.txt' },
  { title: '农村产权交易鉴证申请表', file: 'jianzheng-shenqingbiao.txt' },
  { title: '村集体经济组织成员（代表）会议决议（模板）', file: 'cunjiti-jueyi.txt' },
  { title: '水域养殖承包合同（示范文本）', file: 'shuiyu-yangzhi-hetong.txt' },
  { title: '农业生产设施设备租赁合同（示范文本）', file: 'sheshi-shebei-zulin-hetong.txt' },
  { title: '“四荒”地使用权流转合同（示范文本）', file: 'sihuang-liuzhuan-hetong.txt' },
  { title: '小型水利设施使用权承包合同（示范文本）', file: 'shuili-chengbao-hetong.txt' },
  { title: '农村产权抵押融资申请表', file: 'diya-rongzi-shenqingbiao.txt' },
  { title: '转出方委托挂牌申请表', file: 'weituo-guapai-shenqingbiao.txt' },
  { title: '农村集体经济组织成员身份确认登记表', file: 'chengyuan-queren-dengjibiao.txt' },
  { title: '土地承包经营权流转备案表', file: 'liuzhuan-beianbiao.txt' },
  { title: '交易异议申请书', file: 'jiaoyi-yiyi-shenqingshu.txt' },
  { title: '成交确认书（样本）', file: 'chengjiao-querenshu.txt' },
  { title: '招标采购项目投标文件格式', file: 'toubiao-wenjian-geshi.txt' },
  { title: '农村产权交易服务收费标准表', file: 'shoufei-biaozhun.txt' },
  { title: '项目现场踏勘登记表', file: 'xianchang-takan-dengjibiao.txt' },
];

/** The download attachments: file name and its text (stored beside the demo pictures when the seed stores them). */
export function downloadFiles(): Array<{ file: string; text: string }> {
  return DOWNLOADS.map((d) => ({
    file: d.file,
    text:
      `\ufeff${d.title}\r\n\r\n（演示数据，仅供参考）\r\n\r\n` +
      '甲方（转出方）：____________________\r\n乙方（受让方）：____________________\r\n\r\n' +
      '根据《中华人民共和国民法典》《中华人民共和国农村土地承包法》等法律法规，甲乙双方本着平等、自愿、公平、诚信的原则，' +
      '经农村产权交易平台公开交易，就相关事宜达成如下协议：\r\n\r\n一、标的基本情况\r\n二、期限与价款\r\n三、双方权利与义务\r\n' +
      '四、违约责任\r\n五、争议解决\r\n六、其他约定\r\n\r\n甲方（签章）：            乙方（签章）：\r\n\r\n日期：    年  月  日\r\n',
  }));
}

/** Where a download attachment is stored (table stored_file) and served under the image prefix. */
export const attachmentPath = (file: string): string => `demo/files/${file}`;
export const attachmentUrl = (file: string): string => `/image-api/${attachmentPath(file)}`;

const LAND_TYPES = ['耕地', '水田', '旱地', '园地', '茶园'];
const BANKS = ['中国农业银行', '中国邮政储蓄银行', '农村商业银行', '中国建设银行', '村镇银行', '中国银行'];
const GRASSLAND_LOANS = ['草原承包经营权抵押贷款', '牧民小额信用贷款', '草畜贷', '家庭牧场贷款', '活畜抵押贷款', '草原保险保单质押贷款'];
/** The bank of a grassland loan article, picked by the context's number (templates take only the context). */
const rngBank = (c: Ctx): string => BANKS[c.n % BANKS.length];
const LOANS = ['土地经营权抵押贷款', '惠农e贷', '林权抵押贷款', '新型农业经营主体贷款', '农村产权抵押贷款', '设施农业贷款', '乡村振兴贷', '家庭农场贷'];

interface CategoryPlan {
  templates: Template[];
  /** Sentences the body is composed of; the first one doubles as the remark. */
  body: Template[];
  keyword?: (c: Ctx, title: string) => string;
  cover?: boolean;
  attachment?: boolean;
  /** Items belong to the town named in the title (else to the region root) with this probability. */
  local?: number;
}

const newsBody: Template[] = [
  (c) => `近日，${c.county}${c.town}依托${c.platform}，进一步规范农村集体资产资源交易行为，推动农村产权流转交易公开、公正、规范运行。`,
  (c) =>
    `今年以来，${c.root}累计组织农村产权交易项目${c.n * 37}宗，成交金额${(c.n * 1.3 + 0.4).toFixed(1)}亿元，平均溢价率${8 + c.n}%，有效促进了村集体经济增收。`,
  (c) => `${c.village}党支部书记介绍，通过平台公开竞价，${c.spec}产业基地流转价格明显提高，村集体年增收${c.n * 2 + 3}万元，群众满意度大幅提升。`,
  (c) => `下一步，${c.root}将继续完善县、乡、村三级农村产权交易服务体系，加强交易监管和风险防控，为乡村全面振兴提供有力支撑。`,
];

const PLANS: Record<string, CategoryPlan> = {
  '001017': {
    templates: [
      (c) => `${c.county}召开${c.year}年农村集体产权制度改革推进会`,
      (c) => `${c.town}首宗农村集体经营性资产通过平台公开交易`,
      (c) => `${c.root}农村产权交易平台累计成交额突破${c.n}亿元`,
      (c) => `${c.town}${c.village}发展${c.spec}产业带动村集体经济增收`,
      (c) => `${c.county}举办农村产权交易业务培训班`,
      (c) => `${c.town}土地经营权流转助力${c.spec}规模化经营`,
      (c) => `省农业农村厅调研组到${c.county}调研农村产权交易工作`,
      (c) => `${c.root}召开农村集体“三资”监管工作会议`,
      (c) => `${c.town}完成${c.year}年度村集体资产清产核资工作`,
      (c) => `${c.village}通过平台流转土地${c.n * 100}亩 溢价率达${c.n * 3}%`,
      (c) => `${c.county}农村产权交易服务站实现乡镇全覆盖`,
      (c) => `${c.root}举办农村产权线上竞价交易观摩会`,
    ],
    body: newsBody,
    cover: true,
    local: 0.5,
  },
  '010': {
    templates: [
      (c) => `${c.town}万亩高标准农田建设稳步推进`,
      (c) => `${c.town}${c.village}${c.spec}喜获丰收`,
      (c) => `航拍${c.town}：田成方、路相通、渠相连`,
      (c) => `${c.county}秋收秋种有序推进`,
      (c) => `${c.town}现代农业产业园投入运营`,
      (c) => `${c.town}${c.village}美丽乡村建设焕新颜`,
      (c) => `${c.root}农村产权交易大厅正式启用`,
      (c) => `${c.town}稻田里的“智慧农业”`,
    ],
    body: newsBody,
    cover: true,
    local: 0.6,
  },
  '002001': {
    templates: [
      ...NATIONAL_POLICIES.map(
        (t): Template =>
          () =>
            t,
      ),
      (c) => `${c.region.provinceName}农村产权流转交易管理办法`,
      (c) => `${c.region.cityName}关于推进农村产权流转交易市场体系建设的实施意见`,
      (c) => `${c.root}农村集体资产资源交易管理办法（试行）`,
      (c) => `${c.root}${c.year}年农村集体产权制度改革工作要点`,
      (c) => `关于印发《${c.root}农村土地经营权流转风险防范办法》的通知`,
      (c) => `${c.root}村级小微权力清单（${c.year}年修订）`,
      (c) => `关于印发《${c.root}农村产权交易项目进场目录》的通知`,
    ],
    body: [
      (c) => `为进一步规范农村产权流转交易行为，保护交易主体合法权益，促进农村资源要素合理流动，结合${c.root}实际，现将有关文件印发给你们，请认真贯彻执行。`,
      () => '一、总体要求。坚持农村土地集体所有，坚持依法、自愿、有偿原则，不得违背农民意愿强行流转，不得改变土地集体所有性质和农业用途。',
      () => '二、交易范围。农户承包土地经营权、林权、“四荒”使用权、农村集体经营性资产、农业生产设施设备、小型水利设施使用权等均可进场交易。',
      () => '三、交易方式。交易可采取公开协商、竞价、招标、拍卖等方式进行，同等条件下本集体经济组织成员享有优先权。',
      () => '四、监督管理。各乡镇要建立健全交易监管制度，对违规交易行为及时纠正，确保农村集体资产保值增值。',
    ],
  },
  '003001': {
    templates: GUIDE_TOPICS.map(
      (t): Template =>
        (c) =>
          t === '常见问题解答' ? `${t}（${c.year}年版）` : t,
    ),
    body: [
      (c) => `本指南适用于在${c.platform}进行的农村产权流转交易活动，供转出方、意向受让方参考。`,
      () => '第一步：转出方向乡镇服务站或交易中心提出申请，提交权属证明、村集体决议等材料；第二步：交易中心审核后发布项目信息，公示期一般不少于10个工作日。',
      () => '第三步：意向受让方在报名期内注册、实名认证并提交报名材料，按要求缴纳交易保证金；第四步：报名结束后按公告时间进行网络竞价，出价最高者为竞得人。',
      () => '第五步：成交后双方在规定时间内签订合同，交易中心出具交易鉴证书，未竞得人的保证金在5个工作日内原路退还。',
    ],
  },
  '005001': {
    templates: [
      (c) => `${c.year}年${c.county}土地流转价格参考`,
      () => '土地经营权抵押贷款怎么办理？',
      () => '承包地流转合同需注意哪些事项',
      (c) => `${c.town}土地流转面积突破${c.n}万亩`,
      () => '“三权分置”下土地经营权如何保护',
      () => '设施农业用地政策解读',
      () => '流转土地能否改变农业用途？',
      (c) => `${c.county}${c.year}年耕地地力保护补贴发放情况`,
      () => '第二轮土地承包到期后再延长三十年政策解读',
      () => '土地流转费用如何约定更合理',
      () => '撂荒地复耕复种政策问答',
      (c) => `${c.town}推行“土地托管”服务模式`,
      () => '高标准农田建设项目申报条件解读',
      () => '土地流转纠纷如何调处',
      (c) => `${c.town}${c.village}探索“土地入股”合作模式`,
      () => '永久基本农田保护知识问答',
      (c) => `${c.year}年${c.spec}种植成本收益分析`,
      () => '家庭农场认定条件解读',
      () => '耕地“非农化”“非粮化”整治要点',
      () => '土地流转中的优先权如何行使',
    ],
    body: [
      (c) => `据${c.root}农村产权交易中心统计，近期${c.county}耕地流转均价约为每亩每年${400 + c.n * 60}元，水田略高于旱地，连片规模流转项目溢价明显。`,
      () => '专家提示：流转双方应签订书面合同，明确流转期限、用途、价款支付方式以及到期后地上附着物的处理办法，并通过交易平台办理交易鉴证。',
      () => '流转土地应当用于农业生产，不得改变土地的农业用途，不得破坏农业综合生产能力和农业生态环境。',
      (c) => `如有疑问，可咨询${c.town}农村产权交易服务站或拨打交易中心服务热线。`,
    ],
    local: 0.3,
  },
  '006001': {
    templates: [
      (c) => `${c.town}${c.spec}精深加工项目招商公告`,
      (c) => `${c.county}${c.year}年招商引资重点项目推介`,
      (c) => `${c.town}${c.village}乡村旅游综合开发项目招商`,
      (c) => `${c.town}农产品冷链物流中心建设项目招商`,
      (c) => `${c.county}农产品产业园标准化厂房招租`,
      (c) => `${c.town}闲置校舍盘活利用项目招商`,
      (c) => `${c.town}${c.village}${c.n * 100}亩${c.spec}种植基地寻求合作`,
      (c) => `${c.root}${c.year}年农业招商项目清单发布`,
    ],
    body: [
      (c) => `${c.town}位于${c.county}境内，交通便利，${c.spec}产业基础良好，现面向社会公开招引合作伙伴。`,
      (c) => `项目拟总投资约${c.n * 800}万元，可采取租赁、合作经营、入股等方式，当地将在用地、用电、人才等方面给予支持。`,
      (c) => `有意向者请与${c.town}人民政府或${c.platform}联系洽谈。`,
    ],
    cover: true,
    local: 0.6,
  },
  '007': {
    templates: DOWNLOADS.map(
      (d): Template =>
        () =>
          d.title,
    ),
    body: [
      () => '为方便群众办理农村产权交易业务，现提供相关文书模板下载，请按实际情况填写。',
      () => '填写说明：请使用黑色签字笔或钢笔填写，字迹清楚，不得涂改；需签字盖章处须由本人签字或加盖单位公章。',
    ],
    attachment: true,
  },
  '008001': {
    templates: [
      (c) => `${c.town}${c.village}集体资产处置结果公示`,
      (c) => `${c.county}${c.year}年第${c.n}批农村产权交易项目公示`,
      (c) => `${c.town}${c.village}土地经营权流转公示`,
      (c) => `关于${c.town}${c.village}集体经济组织成员身份确认结果的公示`,
      (c) => `${c.town}${c.year}年村集体经济收益分配方案公示`,
      (c) => `${c.platform}节假日服务安排公告`,
      (c) => `${c.town}${c.village}机动地发包公示`,
      (c) => `${c.county}农村产权交易项目流拍公告`,
    ],
    keyword: (c, title) => ['资产处置', '交易项目', '土地流转', '成员确认', '收益分配', '服务安排', '机动地', '流拍'].find((k) => title.includes(k)) ?? '公示',
    body: [
      (c) => `根据《${c.root}农村集体资产资源交易管理办法》有关规定，经村民代表大会讨论通过，现将有关事项予以公示。`,
      () => '公示期为自发布之日起7个工作日。公示期内，如对公示内容有异议，请以书面形式向乡镇农经管理部门反映，反映情况须实事求是。',
      (c) => `监督电话：${c.region.areaCode}-${String(6000000 + c.n * 1373).slice(0, 7)}。`,
    ],
    local: 0.6,
  },
  '020': {
    templates: RULE_TOPICS.map(
      (t): Template =>
        (c) =>
          `${c.platform}${t}`,
    ),
    body: [
      () => '第一条 为规范农村产权流转交易行为，维护交易秩序，保护交易各方合法权益，根据有关法律法规和政策规定，制定本办法。',
      (c) => `第二条 本办法适用于在${c.platform}及其乡镇服务站进行的各类农村产权交易活动。`,
      () => '第三条 交易活动应当遵循公开、公平、公正和诚实信用的原则，接受有关部门和社会的监督。',
      () => '第四条 本办法自发布之日起施行，由交易中心负责解释。',
    ],
  },
  '030001': {
    templates: [
      (c) => `${c.town}${c.village}${c.n * 40}亩${LAND_TYPES[c.n % LAND_TYPES.length]}经营权流转项目成交公告`,
      (c) => `${c.town}${c.village}集体门面房租赁项目成交公告`,
      (c) => `${c.county}${c.town}${c.year}年高标准农田建设项目成交结果公告`,
      (c) => `${c.town}${c.village}${c.n * 10}亩鱼塘养殖权承包项目成交公告`,
      (c) => `${c.town}${c.village}林地经营权流转项目成交公告`,
    ],
    body: [
      (c) => `${c.town}${c.village}相关项目已于近日在${c.platform}公开交易，经网络竞价，现将成交结果公告如下。`,
      (c) => `成交价格：${c.n * 90 + 420}元/亩/年；竞价轮次：${c.n + 2}轮；溢价率：${c.n * 4}%。`,
      () => '公告期为5个工作日，如有异议请在公告期内向交易中心书面提出。',
    ],
    local: 0.7,
  },
  '012001': {
    templates: [
      (c) => `${c.town}${c.village}土地经营权流转项目交易鉴证公告`,
      (c) => `${c.town}${c.village}集体经营性资产租赁项目交易鉴证公告`,
      (c) => `${c.town}${c.village}林权流转项目交易鉴证公告`,
      (c) => `${c.town}${c.village}农业设施设备租赁项目交易鉴证公告`,
    ],
    body: [
      (c) => `经审核，${c.town}${c.village}相关项目交易程序合法合规，交易结果真实有效，现予鉴证公告。`,
      () => '鉴证公告期满无异议的，交易中心向交易双方出具《农村产权交易鉴证书》。',
    ],
    local: 0.7,
  },
  '013001': {
    templates: [
      (c) => `${c.town}${c.village}土地经营权流转交易鉴证书（鉴字〔${c.year}〕第${String(c.n * 13).padStart(3, '0')}号）`,
      (c) => `${c.town}${c.village}集体资产租赁交易鉴证书（鉴字〔${c.year}〕第${String(c.n * 17).padStart(3, '0')}号）`,
      (c) => `${c.town}${c.village}林权流转交易鉴证书（鉴字〔${c.year}〕第${String(c.n * 19).padStart(3, '0')}号）`,
    ],
    body: [
      (c) => `兹证明：${c.town}${c.village}股份经济合作社与受让方之间的农村产权交易，已在${c.platform}按规定程序公开进行。`,
      () => '交易双方主体资格合法，交易程序规范，交易价格公允，特此鉴证。',
    ],
    local: 0.8,
  },
  '015001': {
    templates: BANKS.flatMap((b) =>
      LOANS.map(
        (l): Template =>
          (c) =>
            `${b}${c.root}支行“${l}”产品介绍`,
      ),
    ),
    body: [
      (c) => `为支持${c.root}农业农村发展，该行推出面向家庭农场、农民合作社、种养大户的专属信贷产品，可凭经平台鉴证的农村产权办理抵押融资。`,
      (c) => `贷款额度：最高${c.n * 50}万元；贷款期限：1-36个月；参考利率：3.85‰-5.39‰，随借随还，按月付息。`,
      () => '办理材料：身份证、农村产权交易鉴证书、经营情况说明等。详情请咨询就近网点。',
    ],
  },
  '015002': {
    templates: [
      ...GRASSLAND_LOANS.flatMap((l): Template[] => [(c) => `${c.root}“${l}”业务办理指南`, (c) => `${rngBank(c)}${c.root}支行推出“${l}”`]),
      (c) => `${c.town}${c.village}牧民合作社获草原承包经营权抵押贷款授信`,
      (c) => `${c.root}${c.year}年草原生态保护补助奖励资金发放公告`,
      (c) => `${c.root}草地确权颁证与抵押登记工作问答`,
      (c) => `${c.town}草畜平衡示范户贷款贴息名单公示`,
    ],
    body: [
      (c) => `为支持${c.root}草原畜牧业发展，合作银行以经确权登记的草原承包经营权、牲畜活体为抵押，向牧民、家庭牧场和牧民专业合作社发放贷款。`,
      (c) => `贷款额度：单户最高${c.n * 20}万元；贷款期限：1-36个月；执行优惠利率，财政按规定给予贴息，可按季付息、到期还本。`,
      () => '办理材料：身份证、草原承包经营权证、草畜平衡责任书、经营情况说明等。详情请咨询就近网点或交易中心金融服务窗口。',
    ],
  },
};

function pickTown(rng: Rng, region: SeedRegion): SeedTown {
  return rng.pick(region.towns);
}

/** A composed context: a random town and village of the region, the year of `when`. */
export function makeCtx(rng: Rng, region: SeedRegion, when: Date, speciality?: string): { ctx: Ctx; town: SeedTown } {
  return townCtx(rng, region, pickTown(rng, region), when, speciality);
}

/** The context of one given town: a random village of it, the year of `when`. */
function townCtx(rng: Rng, region: SeedRegion, town: SeedTown, when: Date, speciality?: string): { ctx: Ctx; town: SeedTown } {
  const ctx: Ctx = {
    region,
    root: region.rootName,
    county: town.county.name,
    town: town.name,
    village: rng.pick(town.villages),
    year: cstYear(when),
    spec: speciality ?? rng.pick(SPECIALITIES[region.key]),
    n: rng.int(1, 9),
    platform: `${region.rootName}农村产权交易中心`,
  };
  return { ctx, town };
}

/** A time in the year before `now`, whole minutes. */
export const pastYear = (rng: Rng, now: Date): Date => new Date(now.getTime() - rng.int(30, 365 * 24 * 60) * MINUTE);

/**
 * The least number of a town's own articles in the categories a place's page shows (its news, picture news and
 * notices), so every town opened from the area menu or the town map has its own content.
 */
export const TOWN_ARTICLE_MINIMUM: Readonly<Record<string, number>> = { '001017': 3, '010': 2, '008001': 2 };

/**
 * Articles for every leaf category (ARTICLE_LEAF_NUMBERS) of every region: 20–24 each, titles unique per
 * region and category, logintime spread over the past year; then each town topped up to TOWN_ARTICLE_MINIMUM
 * of its own (titles naming the town).
 */
export function buildArticles(rng: Rng, regions: SeedRegion[], now: Date, images: string[]): ArticleRow[] {
  const rows: ArticleRow[] = [];
  for (const region of regions) {
    for (const number of ARTICLE_LEAF_NUMBERS) {
      // 关于我们 is a fixed set of pages about the centre (server/seed/about.ts), not a stream of items.
      if (number === ABOUT_NUMBER) {
        rows.push(...buildAboutArticles(region, now));
        continue;
      }
      // 007 and 007001 are both download lists; they share one plan.
      const plan = PLANS[number] ?? PLANS[number.slice(0, 3)];
      const r = rng.fork(`articles:${region.key}:${number}`);
      const count = 20 + r.int(0, 4);
      const seen = new Set<string>();
      const article = (r: Rng, i: number, ctx: Ctx, town: SeedTown, title: string, local: boolean, logintime: Date): ArticleRow => {
        const sentences = plan.body.map((b) => b(ctx));
        const download = plan.attachment ? DOWNLOADS[(i % plan.templates.length) % DOWNLOADS.length] : undefined;
        return {
          deptId: local ? town.deptId : region.rootId,
          number,
          title,
          remark: sentences[0].length > 80 ? `${sentences[0].slice(0, 78)}…` : sentences[0],
          keyword: plan.keyword ? plan.keyword(ctx, title) : '',
          content:
            sentences.map((s) => `<p style="text-indent:2em">${s}</p>`).join('') +
            (download ? `<p>附件：<a href="${attachmentUrl(download.file)}">${download.title}</a></p>` : '') +
            (plan.cover ? '' : `<p style="text-align:right">${ctx.platform}</p>`),
          coverImg: plan.cover ? r.pick(images) : '',
          attachmentUrl: download ? attachmentUrl(download.file) : null,
          watchCts: r.int(12, 2600),
          logintime,
        };
      };
      const perTown = new Map<number, number>();
      for (let i = 0; seen.size < count && i < count * 10; i++) {
        const logintime = pastYear(r, now);
        const { ctx, town } = makeCtx(r, region, logintime);
        const template = plan.templates[i % plan.templates.length];
        const title = template(ctx);
        if (seen.has(title)) continue;
        seen.add(title);
        const local = plan.local !== undefined && title.includes(town.name) && r.chance(plan.local);
        if (local) perTown.set(town.deptId, (perTown.get(town.deptId) ?? 0) + 1);
        rows.push(article(r, i, ctx, town, title, local, logintime));
      }
      const minimum = TOWN_ARTICLE_MINIMUM[number] ?? 0;
      const townTemplates = plan.templates.filter((t) => t({ ...SAMPLE_CTX, region }).includes(SAMPLE_CTX.town));
      for (const town of minimum ? region.towns : []) {
        const t = rng.fork(`articles:${region.key}:${number}:town:${town.deptId}`);
        for (let i = 0, have = perTown.get(town.deptId) ?? 0; have < minimum && i < townTemplates.length * 10; i++) {
          const logintime = pastYear(t, now);
          const { ctx } = townCtx(t, region, town, logintime);
          const title = townTemplates[i % townTemplates.length](ctx);
          if (seen.has(title)) continue;
          seen.add(title);
          rows.push(article(t, i, ctx, town, title, true, logintime));
          have++;
        }
      }
    }
  }
  return rows;
}

/** A context whose town is a marker, to tell the templates that name the town. */
const SAMPLE_CTX: Omit<Ctx, 'region'> = {
  root: '',
  county: '',
  town: '〈镇〉',
  village: '',
  year: 2026,
  spec: '',
  n: 1,
  platform: '',
};

export interface HelpRow {
  classname: string;
  title: string;
  content: string;
  orderNum: number;
}

const HELP: Array<[string, Array<[string, string]>]> = [
  [
    '注册登录',
    [
      ['如何注册账号？', '点击首页右上角“注册”，填写手机号码、短信验证码和登录密码即可完成注册。密码须为8到20位，包含大小写字母、数字和特殊字符。'],
      ['忘记密码怎么办？', '在登录页点击“忘记密码”，输入注册手机号并获取验证码，设置新密码后即可重新登录。'],
      ['为什么提示“会话已过期”？', '为保障账号安全，长时间未操作会自动退出登录，请重新登录后继续操作。'],
      ['如何修改个人信息？', '登录后进入“个人中心”，可修改姓名、头像等信息。'],
    ],
  ],
  [
    '报名竞价',
    [
      ['如何报名参加竞价？', '在项目详情页“报名中”状态下点击“立即报名”，按要求上传材料并缴纳保证金，审核通过后获得竞买号。'],
      ['报名审核需要多长时间？', '交易中心一般在1个工作日内完成审核，审核结果会通过站内消息通知。'],
      ['如何出价？', '竞价开始后，在项目详情页点击“立即出价”，每次出价须在当前价基础上按加价幅度递增。'],
      ['什么是延时竞价？', '竞价结束前5分钟内有人出价的，竞价结束时间自动延长5分钟，直至无人出价为止。'],
      ['保证金何时退还？', '未竞得人的保证金在竞价结束后5个工作日内原路退还；竞得人的保证金可转为部分价款。'],
    ],
  ],
  [
    '交易规则',
    [
      ['哪些产权可以进场交易？', '农户承包土地经营权、林权、“四荒”使用权、农村集体经营性资产、农业生产设施设备、小型水利设施使用权等。'],
      ['项目公示期有多长？', '项目信息发布后公示期一般不少于10个工作日，公示期内可报名。'],
      ['成交后如何签订合同？', '成交后交易双方应在5个工作日内签订合同，交易中心出具交易鉴证书。'],
      ['交易服务如何收费？', '交易服务费按成交金额分档收取，具体标准见“交易服务收费标准”。'],
    ],
  ],
  [
    '常见问题',
    [
      ['网站支持哪些浏览器？', '建议使用最新版 Chrome、Edge 或 Firefox 浏览器访问，最小页面宽度为1300像素。'],
      ['上传图片有什么要求？', '支持 png、jpg、jpeg 格式，单张不超过 2 MB，数量不超过 50 个。'],
      ['如何查看成交公告？', '在首页“成交公告”栏目或“公示公告”页面查看各项目的成交结果。'],
      ['如何联系客服？', '可拨打交易中心服务热线或在“关于我们—投诉建议”中留言，工作人员将及时回复。'],
    ],
  ],
];

/** Site-wide help-centre groups, several items each. */
export function buildHelpItems(): HelpRow[] {
  const rows: HelpRow[] = [];
  HELP.forEach(([classname, items], g) => {
    items.forEach(([title, text], i) => {
      rows.push({ classname, title, content: `<p>${text}</p>`, orderNum: g * 100 + i + 1 });
    });
  });
  return rows;
}

/** Rounds to whole minutes after `from`, for times a few days around a reference. */
export const daysBefore = (now: Date, minDays: number, maxDays: number, rng: Rng): Date =>
  new Date(now.getTime() - rng.int(Math.round((minDays * DAY) / MINUTE), Math.round((maxDays * DAY) / MINUTE)) * MINUTE);
