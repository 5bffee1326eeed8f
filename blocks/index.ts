import type { BlockDefinition } from '../engine/runtime/block-registry.js';

/**
 * The built-in block types. Each loads its own chunk (component + CSS) with the first route that shows it.
 * A new type: a folder here, its props schema in `schemas/blocks/<type>.schema.json`, and one line below.
 */
export const defaultBlocks: readonly BlockDefinition[] = [
  { type: 'site-header', load: () => import('./site-header/SiteHeader.js') },
  { type: 'main-nav', load: () => import('./main-nav/MainNav.js') },
  { type: 'site-footer', load: () => import('./site-footer/SiteFooter.js') },
  { type: 'news-carousel', load: () => import('./news-carousel/NewsCarousel.js') },
  { type: 'news-list', load: () => import('./article-list/ArticleList.js') },
  { type: 'article-list', load: () => import('./article-list/ArticleList.js') },
  { type: 'latest-notice', load: () => import('./latest-notice/LatestNotice.js') },
  { type: 'intent-tabs', load: () => import('./intent-tabs/IntentTabs.js') },
  { type: 'process-diagram', load: () => import('./process-diagram/ProcessDiagram.js') },
  { type: 'town-map', load: () => import('./town-map/TownMap.js') },
  { type: 'login-box', load: () => import('./login-box/LoginBox.js') },
  { type: 'app-qr', load: () => import('./app-qr/AppQr.js') },
  { type: 'finance-panel', load: () => import('./finance-panel/FinancePanel.js') },
  { type: 'finance-banner', load: () => import('./finance-banner/FinanceBanner.js') },
  { type: 'friendly-links', load: () => import('./friendly-links/FriendlyLinks.js') },
  { type: 'image-banner', load: () => import('./image-banner/ImageBanner.js') },
  { type: 'region-picker', load: () => import('./region-picker/RegionPicker.js') },
  { type: 'trading-types', load: () => import('./trading-types/TradingTypes.js') },
  { type: 'town-list', load: () => import('./town-list/TownList.js') },
  { type: 'big-data-board', load: () => import('./big-data-board/BigDataBoard.js'), frameless: true },
  { type: 'article-page', load: () => import('./article-page/ArticlePage.js') },
  { type: 'article-detail', load: () => import('./article-detail/ArticleDetail.js') },
  { type: 'schema-form', load: () => import('./schema-form/SchemaFormBlock.js'), frameless: true },
  { type: 'personal-nav', load: () => import('./personal-nav/PersonalNav.js'), frameless: true },
  { type: 'auction-panel', load: () => import('./auction-panel/AuctionPanel.js'), frameless: true },
  { type: 'transfer-entry', load: () => import('./transfer-entry/TransferEntryButtons.js') },
  { type: 'message-list', load: () => import('./message-list/MessageList.js') },
  { type: 'my-auctions', load: () => import('./my-auctions/MyAuctions.js') },
  { type: 'project-list', load: () => import('./project-list/ProjectList.js') },
  { type: 'project-detail', load: () => import('./project-detail/ProjectDetail.js') },
  { type: 'bidding-projects', load: () => import('./bidding-projects/BiddingProjects.js') },
  { type: 'tender-list', load: () => import('./tender-list/TenderList.js') },
  { type: 'trading-statistics', load: () => import('./trading-statistics/TradingStatistics.js') },
  { type: 'record-cards', load: () => import('./record-cards/RecordCards.js'), handlesEmpty: true },
  { type: 'record-detail', load: () => import('./record-detail/RecordDetail.js') },
  { type: 'category-tabs', load: () => import('./category-tabs/CategoryTabs.js') },
];
