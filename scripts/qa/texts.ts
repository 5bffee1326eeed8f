/**
 * What QA's reports say about a problem, in Chinese: a county's QA reads them in the JUnit file, the annotations and
 * the gallery. The details after the colon (an element, an address, a browser's own message) are quoted as found.
 */
export const QA_TEXTS = {
  notFound: '页面不存在',
  errorState: (text: string) => `区块显示出错：${text}`,
  blank: (text: string) => `页面空白（正文只有 ${JSON.stringify(text)}）`,
  unfinished: (message: string) => `页面没有画完：${message}`,
  brokenPicture: (src: string) => `图片无法显示：${src}`,
  /** `low` is readability()'s `ratio «text» <element>`. */
  lowContrast: (low: string) => `文字对比度不足 4.5:1：${low}`,
  /** `violation` is `rule-id: selectors`. */
  axe: (violation: string) => `无障碍检查（axe）发现严重问题：${violation}`,
  smallText: (small: string) => `长辈版文字小于 18 像素：${small}`,
  scrollsSideways: '页面需要左右滚动才能看全',
  elder: (problem: string) => `（长辈版）${problem}`,
  linkedFrom: (problem: string, from: string) => `${problem}（从 ${from} 进入）`,
  unreached: (route: string) => `没有链接通向详情页 ${route}`,
  badOutside: (href: string, route: string) => `不是 http(s) 地址：${href}（在 ${route}）`,
  endless: (region: string) => `地区 ${region} 的走查超过 400 个页面：某个链接不断生成新的页面`,
  consoleError: (message: string) => `浏览器控制台报错：${message}`,
  csp: (violation: string) => `违反内容安全策略（CSP）：${violation}`,
  walkBroken: (message: string) => `走查中断：${message}`,
  /** A theme colour pair under 4.5:1 (`key` the setting to change). */
  themeContrast: (what: string, ratio: number, text: string, back: string) =>
    `${what}对比度只有 ${ratio.toFixed(2)}:1（文字 ${text}，背景 ${back}），应至少 4.5:1`,
  themeHeader: '页头文字在页头背景上的',
  themePrimary: '白色文字（按钮、导航栏）在主色上的',
} as const;
