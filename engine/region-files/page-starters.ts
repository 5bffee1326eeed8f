/** The pages a new page can start from: a paged list of articles, one article, or a blank page with its heading. */
export const PAGE_STARTERS = {
  list: '文章列表页：分页的文章列表（如通知公告）',
  article: '文章详情页：一篇文章的标题、日期和正文',
  blank: '空白页：只有页面标题和一段说明',
} as const;
export type PageStarter = keyof typeof PAGE_STARTERS;

export const isPageStarter = (value: unknown): value is PageStarter => typeof value === 'string' && Object.hasOwn(PAGE_STARTERS, value);

/**
 * A new page's blocks, as the shared pages write theirs (regions/_base: /policy and /policy/detail). The list reads
 * 工作动态 (001017) and opens the shared article page; the clerk then picks its own category in the block's source.
 */
export function pageStarterBlocks(starter: PageStarter, title: string): Record<string, unknown>[] {
  switch (starter) {
    case 'list':
      return [
        {
          type: 'article-page',
          props: { title, pageSize: 10, detailRoute: '/pressCenter/pressCenterDetail' },
          source: { call: 'newsList', body: { number: '001017', pageNum: { $from: 'query.page', default: 1 }, pageSize: 10 } },
        },
      ];
    case 'article':
      return [{ type: 'article-detail', props: { backText: '返回上一页' }, source: { call: 'newsDetail', body: { id: { $from: 'query.id' } } } }];
    case 'blank':
      return [{ type: 'notice-text', props: { title, text: '本页内容正在编排中。' } }];
  }
}
