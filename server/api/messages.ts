/**
 * The server's visitor-facing texts, one catalogue grouped by domain: keys in English, the texts exactly
 * as the contract has them (tests assert them). Texts the browser shows too (the §8 code texts) are read from the
 * engine's catalogue, so each has one definition. Move a route's texts here as it is touched; do not reword them.
 *
 * Visitor-facing means what an API caller or a visitor reads: the `msg` of answers and errors, the texts of messages
 * and notifications. Texts for the operator stay where they are written: log lines and startup errors (server/main.ts,
 * db/*, data-dir-lock, places-sync, the auction hub's warnings, the SMS sender's terminal line), and so
 * do the seed's demo data, the migrations and the deal announcement's document body (content, not a message).
 */
import { DEFAULT_CODE_TEXTS } from '../../engine/http/error-catalogue.js';

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
    rejectedText: (projectName: string, reason?: string) =>
      reason
        ? `您报名的项目“${projectName}”未通过审核，原因：${reason}。如有疑问请联系交易中心。`
        : `您报名的项目“${projectName}”未通过审核，如有疑问请联系交易中心。`,
    registered: '报名成功，请等待审核',
    approved: (bidderCode: string) => `审核通过，竞买号 ${bidderCode}`,
    rejected: '已驳回该报名',
    bidAccepted: '出价成功',
    /** The outcome call's answer for a key no bid landed with (the key is closed then), and a closed key's bid. */
    bidNotLanded: '出价未成功',
    bidKeyMalformed: '出价标识格式不正确',
    missingBidKey: '缺少必填参数：出价标识（key）',
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
    /** The 我的消息 notes each approved bidder gets when the auction closes. */
    closeWonTitle: '竞价成交',
    closeEndedTitle: '竞价结束',
    closeAbout: (projectName: string) => `您参与竞价的项目“${projectName}”已结束`,
    closeWon: (about: string, deal: string, winnerCode: string | null) =>
      `${about}，您以${deal}竞得（竞买号：${winnerCode}），请留意交易中心通知，按时办理成交确认和合同签订手续。`,
    closeLost: (deal: string) => `成交价${deal}，您未竞得。`,
    closeBelowReserve: '最高出价未达到保留价，本次竞价未成交。',
    closeNoBids: '无人出价，本次竞价未成交。',
    closeEnded: (about: string, outcome: string) => `${about}，${outcome}`,
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
    /** A project hit's summary line: its number, place, transferor and keywords, each labelled. */
    projectSnippetLabels: { code: '项目编号', place: '所在地区', outname: '转出方', keys: '关键字' },
  },
  listings: {
    /** An intent's review state as its author and reviewers read it. */
    intentStates: { 0: '待审核', 1: '已发布', 2: '未通过' } as Record<number, string>,
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
  admin: {
    placeOutOfScope: '无权操作该地点的数据',
    importKindInvalid: '导入类型无效：应为 projects（项目）、deals（成交公告）或 articles（文章）',
    importTooLarge: (maxBytes: number) =>
      `导入文件不能超过 ${maxBytes >= 1024 * 1024 ? `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(maxBytes / 1024)} KB`}，请拆分后分批导入`,
    importChecked: (rows: number, problems: number) => (problems ? `试导入：共 ${rows} 行，发现 ${problems} 处错误` : `试导入：共 ${rows} 行，没有发现错误`),
    importRefused: (problems: number, first: string) => `文件有 ${problems} 处错误，未导入任何记录（${first}）；请先试导入查看全部错误`,
    importEmpty: '文件中没有数据行',
    imported: (count: number, label: string) => `已导入 ${count} 条${label}`,
    actorInvalid: '操作人请填写手机号或用户编号',
    articleMissing: '文章不存在',
    articleSaved: '文章已保存',
    articlePublished: '文章已发布',
    articleWithdrawn: '文章已撤回',
    articleAlreadyPublished: '文章已发布，不能重复发布',
    articleNotPublished: '文章未发布，不能撤回',
    categoryUnknown: (number: string) => `栏目不存在：${number}`,
    ownUploadOnly: (label: string) => `${label}须为本平台上传的文件`,
    projectMissing: '项目不存在',
    projectSaved: '项目已保存',
    projectCategoryUnknown: (number: string) => `项目类别不存在：${number}`,
    timelineOrder: '时间须依次为：公示结束 ≤ 报名开始 < 报名结束 ≤ 竞价开始 < 竞价结束',
    timelineInvalid: (label: string) => `${label}格式不正确`,
    projectLocked: (statusText: string) => `项目当前状态为“${statusText}”，不能修改`,
    projectWithdrawn: '项目已撤回',
    projectSuspended: '项目已中止',
    projectSuspendedMessageTitle: '项目中止公告',
    projectSuspendedMessage: (name: string, reason: string) => `您报名的项目“${name}”已中止交易，原因：${reason}`,
    requestMissing: '记录不存在',
    requestReplied: '已回复',
    requestRepliedAlready: '该记录已回复，不能重复回复',
    replyMessageTitle: (kind: string) => `您的${kind}已回复`,
    placeTreeSource: '地点由各地区的 places.yaml 声明并同步（npm run places:sync），此处只读',
    staffMissing: '工作人员账号不存在',
    staffSaved: '工作人员账号已保存',
    staffPhoneTaken: '该手机号已被其他账号使用',
    lastAdmin: '不能停用或降级最后一位管理员：请先为本单位添加另一位管理员',
    staffPasswordMissing: '新建账号须设置初始密码（password）',
    accountDisabled: '该账号已停用，请联系管理员',
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
  users: {
    loginFailed: '用户名或密码错误',
    /** Wrong passwords reached the limit: whole minutes until the count starts afresh. */
    loginLocked: (minutes: number) => `密码错误次数过多，请${minutes}分钟后再试`,
    loginFirst: '请先登录',
    sessionExpired: '登录状态已过期，请重新登录',
    /** An account with a one-time password calls anything but the password change. */
    changePasswordFirst: '请先修改初始密码，修改后才能使用其他功能',
    passwordEmpty: '密码不可为空',
    /** The name of an account registered without one: 用户 and the phone's last four digits. */
    defaultName: (phoneTail: string) => `用户${phoneTail}`,
    phoneTaken: '该手机号已注册',
    registered: '注册成功',
    phoneEmpty: '手机号不可为空',
    loginTypeUnsupported: '不支持的登录方式（loginType），目前只支持 1：密码登录',
    loggedIn: '登录成功',
    tokenValid: '登录状态有效',
    loggedOut: '退出登录成功',
    otherUserForbidden: '无权查看其他用户的信息',
    userMissing: '用户不存在',
    otherPlaceUserForbidden: '无权查看其他地区用户的信息',
    nameEmpty: '姓名不能为空',
    coverInvalid: '头像（cover）地址无效，请使用上传图片后返回的地址（以 /image-api/ 开头）',
    emailMalformed: '邮箱（email）格式不正确',
    updated: '修改成功',
    oldPasswordEmpty: '请输入旧密码',
    samePassword: '新密码不能与旧密码相同',
    oldPasswordWrong: '修改密码失败，旧密码错误',
    codeSent: '验证码已发送',
    phoneUnregistered: '该手机号未注册',
    passwordReset: '密码重置成功',
  },
  sms: {
    codeEmpty: '请输入验证码',
    tooFrequent: '验证码发送过于频繁，请60秒后再试',
    dailyCapReached: '今日验证码发送次数已达上限，请明天再试',
    tooManyGuesses: '验证码错误次数过多，请重新获取',
    /** The text message carrying a code, valid for `minutes`. */
    codeContent: (code: string, minutes: number) => `【田亩】您的验证码为${code}，${minutes}分钟内有效。`,
    sendFailed: (reason: string) => `验证码发送失败，请稍后重试（${reason}）`,
    noCodeYet: '请先获取短信验证码',
    codeUsed: '验证码已使用，请重新获取',
    codeExpired: '验证码已过期，请重新获取',
    codeSuperseded: '验证码已失效（不是最新发送的验证码），请使用最新收到的验证码',
    codeWrong: '验证码错误，请重新输入',
  },
  idCard: {
    malformed: '身份证号码格式不正确，应为18位：前17位为数字，最后一位为数字或X',
    birthDateInvalid: '身份证号码中的出生日期无效',
    checkDigitWrong: '身份证号码校验位不正确，请核对后重新输入',
  },
  uploads: {
    noFile: '请选择要上传的文件',
    broken: '图片文件已损坏或不完整，请重新选择',
    malformed: '上传请求格式不正确，请重新选择文件上传',
    pictureTooBig: (maxSide: number, maxPixels: number) => `图片尺寸过大：宽和高均不能超过 ${maxSide} 像素，总像素不能超过 ${maxPixels / 10_000} 万`,
    tooManyParts: '上传请求中的字段过多',
    oneFileOnly: '一次只能上传一个文件',
    pathInvalid: '参数 上传目录（path） 无效：只能包含字母、数字、下划线和短横线',
    uploaded: '上传成功',
    /** What `ownUploads` calls the pictures when the caller names them nothing more precise. */
    defaultLabel: '相关材料照片',
    /** A picture URL in a form that is not one of the caller's own uploads. */
    notOwnUpload: (label: string, url: string) => `${label}无效：${url} 不是您上传的图片，请重新上传`,
  },
  /** The request guards: tenant headers, signatures, sessions, NUL bytes and rate limits. */
  requests: {
    /** The configured signing window, in minutes where it is whole minutes. */
    staleStamp: (windowSeconds: number) =>
      `请求时间戳无效或已过期（与服务器时间相差超过${windowSeconds % 60 === 0 ? `${windowSeconds / 60}分钟` : `${windowSeconds}秒`}），请校准本机时间后重试`,
    deptIdInvalid: (deptIdText: string) => `请求头 deptId 无效：${deptIdText}`,
    deptIdPlaceMissing: (deptId: number) => `地区不存在（deptId ${deptId}）`,
    replayed: '重复的请求（random 已使用），请求被拒绝',
    missingSignHeaders: (names: readonly unknown[]) => `缺少签名请求头：${names.join('、')}`,
    missingSignParams: (names: readonly unknown[]) => `缺少签名参数：${names.join('、')}`,
    signatureFailed: '签名校验失败，请求被拒绝',
    randomTooLong: (max: number) => `参数 随机串（random） 长度不能超过 ${max} 个字符`,
    missingDm: '缺少必填参数：地区编码（dm）',
    staffOnly: '当前操作没有权限（需要工作人员账号）',
    adminOnly: '当前操作没有权限（需要管理员账号）',
    missingDeptIdHeader: '缺少请求头 deptId（地区编号）',
    otherPlaceForbidden: '无权访问其他地区的数据',
    nulInHeader: (name: string) => `请求头 ${name} 不能包含空字符`,
    nulInBody: '请求体不能包含空字符',
    /** A parameter holding a NUL, named by its schema title when it has one: 参数 关键词（keyword）. */
    nulInParam: (name: string, title?: string) => `参数 ${title ? `${title}（${name}）` : name} 不能包含空字符`,
    tooMany: '请求过于频繁，请稍后再试',
    /** Refusals before any route runs (the router's, and bodies that do not parse). */
    paramTooLong: '请求地址中的参数过长',
    badUrl: '请求地址不正确',
    badParams: '请求参数有误',
    bodyNotJson: '请求体不是有效的 JSON',
    bodyTooLarge: '请求体过大',
    unsupportedMediaType: '不支持的请求格式（Content-Type）',
    bodyEmpty: '请求体不能为空',
    /** Anything unexpected: details go only to the log, under the request id quoted here. */
    unexpected: (requestId: string) => `系统繁忙，请稍后重试（请求编号 ${requestId}）`,
    /** The database cannot answer now (db/outage.ts), by why: 503 with Retry-After, never 500. */
    databaseOutage: {
      unavailable: '服务暂时不可用（数据库连接中断），请稍后再试',
      timeout: '服务繁忙，请求处理超时，请稍后再试',
      busy: '服务繁忙，请稍后再试',
      full: '服务器存储空间已满，暂时无法保存，请稍后再试',
    },
    /** The event loop is saturated (plugins/health.ts sheds the request). */
    overloaded: '服务器繁忙，请稍后再试',
  },
  /** /healthz and /readyz (plugins/health.ts): what a proxy, an orchestrator or an operator reads. */
  health: {
    alive: '服务运行中',
    ready: '服务就绪',
    /** Each failed readiness check, joined into `unready`. */
    draining: '实例正在停止，不再接收新请求',
    overloaded: '服务器繁忙（事件循环延迟过高）',
    databaseDown: '数据库无响应',
    migrationsPending: (names: readonly string[]) => `数据库结构未更新到最新版本（缺少迁移：${names.join('、')}）`,
    listenDown: '实时推送的数据库监听未连接',
    unready: (reasons: readonly string[]) => `服务未就绪：${reasons.join('；')}`,
    /** /metrics (server/metrics/plugin.ts) refused: not an allowed address and no valid token. */
    metricsForbidden: '无权查看运行指标：请从允许的地址访问（METRICS_ALLOW），或携带正确的令牌（METRICS_TOKEN）',
  },
  /** Schema violations (plugins/errors.ts), one sentence each; `label` names the field: 标题（name）, or the name alone. */
  validation: {
    typeNames: {
      integer: '整数',
      number: '数字',
      string: '文本',
      boolean: '布尔值',
      object: '对象',
      array: '数组',
      null: '空值',
    } as Record<string, string>,
    /** Where an unnamed field sits, by Fastify's validation context; 参数 when it is none of these. */
    places: {
      body: '请求体',
      querystring: '查询参数',
      params: '路径参数',
      headers: '请求头',
    } as Record<string, string>,
    anyPlace: '参数',
    missing: (label: string) => `缺少必填参数：${label}`,
    unsupportedField: (where: string, field: string) => `${where}中有不支持的字段：${field}`,
    wrongType: (label: string, typeNames: readonly string[]) => `参数 ${label} 类型错误，应为${typeNames.join('或')}`,
    nul: (label: string) => `参数 ${label} 不能包含空字符`,
    malformed: (label: string) => `参数 ${label} 格式不正确`,
    urlNotAllowed: (label: string) => `参数 ${label} 不是允许的链接地址（仅限 http(s) 地址或本站路径）`,
    tooShort: (label: string, limit: string) => `参数 ${label} 长度不能少于 ${limit} 个字符`,
    tooLong: (label: string, limit: string) => `参数 ${label} 长度不能超过 ${limit} 个字符`,
    belowMinimum: (label: string, limit: string) => `参数 ${label} 不能小于 ${limit}`,
    aboveMaximum: (label: string, limit: string) => `参数 ${label} 不能大于 ${limit}`,
    notAllowed: (label: string, allowed: readonly unknown[]) => `参数 ${label} 取值无效，应为：${allowed.join('、')}`,
    tooFewItems: (label: string, limit: string) => `参数 ${label} 至少需要 ${limit} 项`,
    tooManyItems: (label: string, limit: string) => `参数 ${label} 最多 ${limit} 项`,
    invalid: (label: string) => `参数 ${label} 不符合要求`,
  },
  /** Answers on the realtime (WebSocket) connection. */
  realtime: {
    frameMalformed: '消息格式不正确，应为 JSON 文本',
    projectIdMissing: '缺少或无效的项目编号（projectId）',
    lastBidIdInvalid: '无效的最后出价编号（lastBidId）',
    tooManyWatched: '同时关注的项目过多',
    stateFailed: '获取竞价状态失败，请稍后重试',
    unknownType: (type: string) => `未知的消息类型：${type}`,
    /** The close reason of every socket when the instance stops or restarts (code 1012): the client reconnects at once. */
    restarting: '服务重启，请重新连接',
  },
  about: {
    nameEmpty: '请输入姓名',
    typeMissing: '请选择类型',
    complaintEmpty: '请输入投诉建议内容',
    projectEmpty: '请输入咨询的项目',
    consultEmpty: '请输入咨询内容',
    ownerEmpty: '请输入权利人',
    locationEmpty: '请输入坐落位置',
    propertyTypeMissing: '请选择产权类型',
    areaEmpty: '请输入面积',
    contactEmpty: '请输入联系人',
    /** What the property registration's photos are called in a refusal (see uploads.notOwnUpload). */
    photosLabel: '产权照片',
  },
  portal: {
    regionMissing: (preview: string | undefined, ids: readonly string[]) => `地区不存在：${preview}（可选：${ids.join('、')}）`,
    /** The page a browser gets for an unknown `?region=` (the region's name only: the page names no other region). */
    regionMissingTitle: '地区不存在',
    regionMissingPage: (region: string) => `地区不存在：${region}`,
  },
  statistics: {
    /** The row of a region's own place, apart from the places under it. */
    ownLevel: (placeName: string) => `${placeName}本级`,
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
  studio: {
    /** The studio answers only its author's machine, or whoever bears STUDIO_TOKEN. */
    forbidden: '页面工作室只对本机开放；从其他地址使用时请带上 STUDIO_TOKEN 口令',
    badEdit: (detail: string) => `修改的内容不对：${detail}`,
    refused: (count: number) => `这次修改会带来 ${count} 处错误，没有保存`,
    notStudio: '页面工作室没有打开（用 npm run studio -- <地区标识> 启动）',
  },
} as const;
