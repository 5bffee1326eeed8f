import type { SectionNavProps } from '../../schemas/types/blocks.js';

/** The about section's pages, unless the YAML lists its own. */
export const ABOUT_SECTION: NonNullable<SectionNavProps['items']> = [
  { text: '关于我们', route: '/aboutUs' },
  { text: '投诉建议', route: '/aboutUs/complaints' },
  { text: '政策查询', route: '/aboutUs/select' },
  { text: '项目咨询', route: '/aboutUs/select1' },
  { text: '帮助中心', route: '/bangzhuzhongxin/detail' },
];

/**
 * The staff console's pages, each with the permission the server's guards check for its calls
 * (server/plugins/guards/permissions.ts); the last three are the administrator's.
 */
export const CONSOLE_SECTION: NonNullable<SectionNavProps['items']> = [
  { text: '工作台', route: '/admin' },
  { text: '内容管理', route: '/admin/articles', permission: 'articles' },
  { text: '项目管理', route: '/admin/projects', permission: 'projects' },
  { text: '报名审核', route: '/admin/registrations', permission: 'registrations' },
  { text: '竞价监控', route: '/admin/auctions', permission: 'auctions' },
  { text: '意向审核', route: '/admin/intents', permission: 'intents' },
  { text: '投诉咨询', route: '/admin/requests', permission: 'requests' },
  { text: '操作日志', route: '/admin/audit', permission: 'audit' },
  { text: '数据导入', route: '/admin/import', permission: 'import' },
  { text: '区域管理', route: '/admin/places', roles: ['admin'] },
  { text: '工作人员', route: '/admin/staff', roles: ['admin'] },
  { text: '角色管理', route: '/admin/roles', roles: ['admin'] },
];
