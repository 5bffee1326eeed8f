import type { ApiRouteName, ConsolePermission } from '../../../schemas/types/api.js';
import { CONSOLE_PERMISSION_TITLES, effectivePermissions } from '../../../machines/console-permissions.js';
import { forbidden } from '../../api/errors.js';
import { MESSAGES } from '../../api/messages.js';
import type { SessionUser } from '../../services/sessions.js';

/** A staff route every staff account may call, whatever its role (none yet: each page belongs to a permission). */
export const ANY_STAFF = 'any-staff';

/**
 * The page permission each staff route needs (auth `staff` without `admin`): one place for them all, so the guard and
 * the role editor agree. Routes with `admin` in their auth are the administrator's and need no entry here.
 * tests/server/console-permissions.test.ts fails, naming the route, when a staff route is missing.
 */
export const ROUTE_PERMISSIONS: Partial<Record<ApiRouteName, ConsolePermission | typeof ANY_STAFF>> = {
  adminArticleList: 'articles',
  adminArticleGet: 'articles',
  adminArticleSave: 'articles',
  adminArticlePublish: 'articles',
  adminArticleWithdraw: 'articles',
  adminProjectList: 'projects',
  adminProjectGet: 'projects',
  adminProjectSave: 'projects',
  adminProjectWithdraw: 'projects',
  adminProjectSuspend: 'projects',
  auctionRegistrations: 'registrations',
  auctionReview: 'registrations',
  adminAuctionMonitor: 'auctions',
  intentReviewList: 'intents',
  intentReview: 'intents',
  adminRequestList: 'requests',
  adminRequestReply: 'requests',
  adminAuditList: 'audit',
  adminImportTemplate: 'import',
  adminImport: 'import',
  // The on-site result and the print views belong to the project; the deposit to its registration's review.
  adminOnsiteRecord: 'projects',
  adminBidderSheet: 'projects',
  adminDealSheet: 'projects',
  adminDepositMark: 'registrations',
  // The 工作台's figures: every staff account has the first page.
  adminDashboard: ANY_STAFF,
  // A project's bid log is the 竞价监控 page's detail.
  adminAuctionBids: 'auctions',
  // Export and batch re-run a list's or an action's own route, whose permission is checked there too.
  adminExport: ANY_STAFF,
  adminBatch: ANY_STAFF,
  // The editors' documents and places serve both 内容管理 and 项目管理.
  adminAttachmentUpload: ANY_STAFF,
  adminAttachmentInfo: ANY_STAFF,
  adminEditorPlaces: ANY_STAFF,
};

/**
 * Refuses (403, in Chinese, naming the page) a staff account whose role lacks the route's permission. A staff route
 * missing from the map is refused to every account with a role (fail closed); accounts without one keep every page.
 */
export function checkPermission(user: SessionUser, routeName: string): void {
  if (user.role !== 'staff' || !user.staffRole) return;
  const needed = ROUTE_PERMISSIONS[routeName as ApiRouteName];
  if (needed === ANY_STAFF) return;
  if (needed && effectivePermissions('staff', user.staffRole.permissions).includes(needed)) return;
  throw forbidden(MESSAGES.shell.noPermission(needed ? CONSOLE_PERMISSION_TITLES[needed] : undefined));
}
