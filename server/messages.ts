/**
 * The server's visitor-facing texts, one catalogue grouped by domain (issue 18): keys in English, the texts exactly
 * as the contract has them (tests assert them). Texts the browser shows too (the §8 code texts) are read from the
 * engine's catalogue, so each has one definition. Move a route's texts here as it is touched; do not reword them.
 */
import { DEFAULT_CODE_TEXTS } from '../engine/http/error-catalogue.js';

export const MESSAGES = {
  common: {
    queried: '查询成功',
    done: '操作成功',
    submitted: '提交成功',
    unauthorized: DEFAULT_CODE_TEXTS[401],
    forbidden: DEFAULT_CODE_TEXTS[403],
    notFound: DEFAULT_CODE_TEXTS[404],
    /** A path no route answers, with the method and the path. */
    noRoute: (method: string, path: string) => `${DEFAULT_CODE_TEXTS[404]}：${method} ${path}`,
  },
  auction: {
    signUpClosed: '报名已截止',
    signUpNotOpen: '报名尚未开始',
    alreadyApproved: '您已报名该项目并已通过审核，无需重复报名',
    alreadyPending: '您已报名该项目，请等待工作人员审核',
    alreadyRejected: '您对该项目的报名未通过审核，不能重复报名',
    reviewAfterEnd: '项目已结束，不能再审核报名',
    notRegistered: '该用户未报名此项目',
    reviewedAlready: (approved: boolean) => `该报名已审核（${approved ? '已通过' : '未通过'}），不能重复审核`,
    approvedTitle: '报名审核通过',
    rejectedTitle: '报名审核未通过',
    approvedText: (projectName: string, bidderCode: string) => `您报名的项目“${projectName}”已审核通过，竞买号：${bidderCode}，请按时参加竞价。`,
    rejectedText: (projectName: string) => `您报名的项目“${projectName}”未通过审核，如有疑问请联系交易中心。`,
    registered: '报名成功，请等待审核',
    approved: (bidderCode: string) => `审核通过，竞买号 ${bidderCode}`,
    rejected: '已驳回该报名',
    bidAccepted: '出价成功',
    missingProjectId: '缺少必填参数：项目编号（projectId）',
    missingAmount: '缺少必填参数：出价金额（amount）',
    missingUserId: '缺少必填参数：用户编号（userId）',
    missingApprove: '缺少必填参数：审核结果（approve）',
    amountNotPositive: '出价金额须为大于 0 的数字',
    amountCents: '出价金额最多保留两位小数',
    amountTooLarge: '出价金额过大',
    bidParamsMalformed: '出价参数格式不正确',
    amountTaken: '该价格已有人出价，请刷新后重试',
    /** The bid statement's refusals (`BidRefusal`); amounts come formatted (¥1,000). */
    tender: '招标采购项目不进行网络竞价',
    ended: '竞价已结束',
    notStarted: '竞价尚未开始',
    noStopTime: '竞价结束时间未设定，暂不能出价',
    pending: '您的报名尚在审核中，审核通过后才能出价',
    notQualified: '您未获得竞价资格',
    noIncrement: '该项目未设置加价幅度，暂不能出价',
    belowStart: (price: string) => `出价不能低于起始价（${price}）`,
    belowNext: (least: string) => `出价不能低于当前价加加价幅度（${least}）`,
    notMultiple: (price: string, increment: string) => `出价须为加价幅度的整数倍（起始价${price}，加价幅度${increment}）`,
    notAccepted: '出价未被接受，请刷新后重试',
  },
  projects: {
    /** A project not there, or not the caller's tenant's, or withdrawn: one answer for all three. */
    projectMissing: '项目不存在或已下架',
    projectId: '项目编号',
    listTakesNoFiles: '项目列表查询不接受文件',
    badMultipart: '请求体不是有效的 multipart/form-data 表单',
    notANumber: (title: string, field: string) => `参数 ${title}（${field}） 应为不小于 0 的数字`,
    statusOutOfRange: '参数 项目状态（statusStr） 取值应在 2 到 11 之间',
    areaBeginTitle: '面积下限',
    areaEndTitle: '面积上限',
    areaRangeReversed: '面积下限不能大于面积上限',
    afterIdMalformed: '参数 上一页最后一个项目编号（afterId） 格式不正确',
  },
  search: {
    keywordNul: '参数 搜索关键字（keyword） 不能包含空字符',
    keywordTooLong: (max: number) => `参数 搜索关键字（keyword） 长度不能超过 ${max} 个字符`,
  },
  listings: {
    financingMissing: '融资信息不存在',
    missingIntentType: '缺少必填参数：意向类型（type）',
    intentMissing: '意向信息不存在',
    projectNameEmpty: '参数 项目名称（projectname） 不能为空',
    contactEmpty: '参数 联系人（contact） 不能为空',
    intentSubmitted: '提交成功，等待审核',
    reasonMissing: '请填写未通过原因（reason）',
    intentPublished: '审核通过，意向已发布',
    intentRejected: '已驳回该意向',
    intentReviewedAlready: (stateText: string) => `该意向已审核（${stateText}），不能重复审核`,
    investMissing: '招商项目不存在',
    landInfoMissing: '土地信息不存在',
    dealMissing: '成交公告不存在',
  },
  shop: {
    productMissing: '商品不存在或已下架',
  },
  content: {
    articleMissing: '文章不存在或已删除',
    categoryMissing: (number: string) => `文章分类不存在：${number}`,
    articleId: '文章编号',
    helpId: '帮助编号',
    helpMissing: '帮助内容不存在或已删除',
    missingDictType: '缺少必填参数：字典类型（dictType）',
  },
  params: {
    /** A required id, named by its title (编号, 文章编号…). */
    missingId: (title: string) => `缺少必填参数：${title}（id）`,
    idTitle: '编号',
    placeMissing: (code: string) => `地区不存在（dm ${code}）`,
  },
  base: {
    feedbackEmpty: '请填写反馈内容',
    feedbackDefaultType: '咨询',
    missingMessageId: '缺少必填参数：消息编号（id）',
    messageMissing: '消息不存在',
  },
} as const;
