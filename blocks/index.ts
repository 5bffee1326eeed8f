import type { ReactBlockDefinition } from '../engine/react/block-types.js';
import { listItems } from './article-list/items.js';
import { siteHeaderFirstPaint } from './site-header/first-paint.js';
import { mainNavSources } from './main-nav/sources.js';
import { projectSearchSources } from './project-search/sources.js';
import type { BlockSource } from '../engine/runtime/source.js';

const firstTabSource = (props: Record<string, unknown>): BlockSource[] => {
  const source = (props.tabs as Array<{ source?: BlockSource }> | undefined)?.[0]?.source;
  return source ? [source] : [];
};

/**
 * The built-in block types. Each loads its own chunk (component + CSS) with the first route that shows it.
 * A new type: a folder here with its props schema (`<type>/props.schema.json`), and one line below. `news-list` has
 * its own folder for its schema and draws with the article list.
 */
export const defaultBlocks: readonly ReactBlockDefinition[] = [
  {
    type: 'site-header',
    load: () => import('./site-header/SiteHeader.js'),
    leadImage: ({ region }) => region.homeBackImg,
    firstPaint: siteHeaderFirstPaint,
  },
  { type: 'main-nav', load: () => import('./main-nav/MainNav.js'), sources: mainNavSources },
  { type: 'site-footer', load: () => import('./site-footer/SiteFooter.js') },
  { type: 'news-carousel', load: () => import('./news-carousel/NewsCarousel.js'), leadImage: ({ data }) => listItems(data, 1)[0]?.image },
  { type: 'news-list', load: () => import('./article-list/ArticleList.js') },
  { type: 'article-list', load: () => import('./article-list/ArticleList.js') },
  { type: 'latest-notice', load: () => import('./latest-notice/LatestNotice.js'), handlesEmpty: true },
  // The first tab is the one shown first.
  { type: 'intent-tabs', load: () => import('./intent-tabs/IntentTabs.js'), sources: ({ props }) => firstTabSource(props) },
  { type: 'process-diagram', load: () => import('./process-diagram/ProcessDiagram.js') },
  { type: 'town-map', load: () => import('./town-map/TownMap.js') },
  { type: 'login-box', load: () => import('./login-box/LoginBox.js') },
  { type: 'app-qr', load: () => import('./app-qr/AppQr.js') },
  { type: 'finance-panel', load: () => import('./finance-panel/FinancePanel.js') },
  { type: 'loan-products', load: () => import('./loan-products/LoanProducts.js') },
  { type: 'financing-list', load: () => import('./financing-list/FinancingList.js'), handlesEmpty: true },
  { type: 'financing-detail', load: () => import('./financing-detail/FinancingDetail.js') },
  { type: 'finance-banner', load: () => import('./finance-banner/FinanceBanner.js'), frameless: true },
  { type: 'friendly-links', load: () => import('./friendly-links/FriendlyLinks.js') },
  { type: 'image-banner', load: () => import('./image-banner/ImageBanner.js'), frameless: true, leadImage: ({ props }) => props.image },
  { type: 'region-picker', load: () => import('./region-picker/RegionPicker.js') },
  { type: 'trading-types', load: () => import('./trading-types/TradingTypes.js') },
  { type: 'town-list', load: () => import('./town-list/TownList.js') },
  { type: 'place-heading', load: () => import('./place-heading/PlaceHeading.js'), frameless: true, pageHeading: true },
  { type: 'big-data-board', load: () => import('./big-data-board/BigDataBoard.js'), frameless: true },
  { type: 'article-page', load: () => import('./article-page/ArticlePage.js') },
  { type: 'article-detail', load: () => import('./article-detail/ArticleDetail.js') },
  {
    type: 'schema-form',
    load: () => import('./schema-form/SchemaFormBlock.js'),
    frameless: true,
    // The fields (rjsf and the Semi widgets, ~70 KB gzip) come once the form is to be drawn: not for a visitor a
    // guarded form asks to log in first.
    onDemand: { load: () => import('./schema-form/SchemaFormFields.js'), firstView: (props) => props.requireLogin !== true },
  },
  { type: 'personal-nav', load: () => import('./personal-nav/PersonalNav.js'), frameless: true },
  { type: 'auction-panel', load: () => import('./auction-panel/AuctionPanel.js'), frameless: true },
  { type: 'transfer-entry', load: () => import('./transfer-entry/TransferEntryButtons.js') },
  { type: 'message-list', load: () => import('./message-list/MessageList.js') },
  { type: 'my-auctions', load: () => import('./my-auctions/MyAuctions.js') },
  { type: 'my-intents', load: () => import('./my-intents/MyIntents.js') },
  { type: 'project-list', load: () => import('./project-list/ProjectList.js') },
  { type: 'project-detail', load: () => import('./project-detail/ProjectDetail.js') },
  { type: 'bidding-projects', load: () => import('./bidding-projects/BiddingProjects.js') },
  { type: 'tender-list', load: () => import('./tender-list/TenderList.js') },
  { type: 'query-tabs', load: () => import('./query-tabs/QueryTabs.js') },
  { type: 'search-box', load: () => import('./search-box/SearchBox.js') },
  { type: 'site-search', load: () => import('./site-search/SiteSearch.js'), handlesEmpty: true },
  { type: 'project-search', load: () => import('./project-search/ProjectSearch.js'), sources: projectSearchSources },
  { type: 'project-results', load: () => import('./project-results/ProjectResults.js'), handlesEmpty: true },
  { type: 'section-nav', load: () => import('./section-nav/SectionNav.js') },
  { type: 'keyword-search', load: () => import('./keyword-search/KeywordSearch.js') },
  { type: 'article-menu', load: () => import('./article-menu/ArticleMenu.js') },
  { type: 'trading-statistics', load: () => import('./trading-statistics/TradingStatistics.js') },
  { type: 'record-cards', load: () => import('./record-cards/RecordCards.js'), handlesEmpty: true },
  { type: 'record-detail', load: () => import('./record-detail/RecordDetail.js') },
  { type: 'category-tabs', load: () => import('./category-tabs/CategoryTabs.js') },
  { type: 'admin-table', load: () => import('./admin-table/AdminTable.js'), handlesEmpty: true },
  // Zeros are figures too: a centre with no deals yet sees 0 and an empty chart, not 暂无数据.
  { type: 'console-dashboard', load: () => import('./console-dashboard/ConsoleDashboard.js'), handlesEmpty: true },
  { type: 'import-panel', load: () => import('./import-panel/ImportPanel.js') },
  // The sheet's own h1 (竞买人名单, 成交确认书) is the page's heading.
  { type: 'print-sheet', load: () => import('./print-sheet/PrintSheet.js'), pageHeading: true },
  { type: 'notice-text', load: () => import('./notice-text/NoticeText.js') },
];
