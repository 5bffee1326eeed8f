import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Numeric columns come back from PostgreSQL as strings (exact decimals); write numbers or strings. */
type Decimal = ColumnType<string, number | string, number | string>;
type NullableDecimal = ColumnType<string | null, number | string | null | undefined, number | string | null>;
/** A timestamp column with a default (now()): optional on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp column without a default: the insert must give it. */
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface PlaceTable {
  deptId: number;
  deptName: string;
  deptCode: string;
  parentId: ColumnType<number, number | undefined, number>;
  level: number;
  ancestors: ColumnType<string, string | undefined, string>;
  lesseeId: number | null;
  orderNum: ColumnType<number, number | undefined, number>;
}

export interface AppUserTable {
  userId: Generated<number>;
  phone: string;
  passwordHash: string;
  name: ColumnType<string, string | undefined, string>;
  cover: ColumnType<string, string | undefined, string>;
  idCard: string | null;
  email: string | null;
  deptId: number | null;
  role: ColumnType<'user' | 'staff' | 'admin', 'user' | 'staff' | 'admin' | undefined, 'user' | 'staff' | 'admin'>;
  /** Migration 015: a disabled account cannot sign in. */
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** Migration 019: written by the demo seed; a production start refuses a database holding one. */
  demoAccount: ColumnType<boolean, boolean | undefined, boolean>;
  /** Migration 019: signed in with a one-time password, the account may only change it. */
  mustChangePassword: ColumnType<boolean, boolean | undefined, boolean>;
  /** Migration 022: the staff role whose pages the account may use; null: every staff page. */
  staffRoleId: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** Migration 022: a tenant's staff role, the console pages (permission names) it opens. */
export interface StaffRoleTable {
  roleId: Generated<number>;
  deptId: number;
  name: string;
  permissions: Json<string[]>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface UserSessionTable {
  id: Generated<number>;
  tokenHash: string;
  userId: number;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  expiresAt: RequiredTimestamp;
}

export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  code: string;
  uuid: string;
  createdAt: Timestamp;
  expiresAt: RequiredTimestamp;
  usedAt: NullableTimestamp;
  /** Wrong guesses so far; the code is burnt (used_at set) at SMS_MAX_WRONG_GUESSES. */
  wrongGuesses: ColumnType<number, number | undefined, number>;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  content: string;
  provider: string;
  createdAt: Timestamp;
}

export interface UsedNonceTable {
  nonce: string;
  seenAt: Timestamp;
  /** The end of the window of the nonce's own timestamp: until then a replay would pass the time check. */
  expiresAt: Date;
}

/** One counter of a rate limit (server/services/rate-limits.ts): `count` hits of `key` in the window ending at reset_at. */
export interface RateLimitTable {
  name: string;
  key: string;
  count: number;
  resetAt: Date;
}

export interface ArticleCategoryTable {
  number: string;
  name: string;
  key: string | null;
  parentNumber: string | null;
  orderNum: ColumnType<number, number | undefined, number>;
}

export interface ArticleTable {
  id: Generated<number>;
  deptId: number;
  number: string;
  title: string;
  remark: ColumnType<string, string | undefined, string>;
  keyword: ColumnType<string, string | undefined, string>;
  content: ColumnType<string, string | undefined, string>;
  coverImg: ColumnType<string, string | undefined, string>;
  attachmentUrl: string | null;
  watchCts: ColumnType<number, number | undefined, number>;
  logintime: Timestamp;
  /** Migration 015: the portal shows published articles only. */
  status: ColumnType<ArticleStatus, ArticleStatus | undefined, ArticleStatus>;
}

export type ArticleStatus = 'draft' | 'published' | 'withdrawn';

export interface DictDataTable {
  dictType: string;
  dictValue: string;
  dictLabel: string;
  dictSort: ColumnType<number, number | undefined, number>;
}

export interface ProjectCategoryTable {
  number: string;
  type: number;
  classname: string;
  dictSort: ColumnType<number, number | undefined, number>;
}

export interface ProjectTable {
  id: Generated<number>;
  deptId: number;
  /** 1 tender/procurement, 2 property transfer, 3 demand (the API schemas' enum). */
  type: 1 | 2 | 3;
  number: string;
  status: number;
  /** 项目编号 given by the trading centre; '' when it has none. */
  code: ColumnType<string, string | undefined, string>;
  projectName: string;
  keys: ColumnType<string, string | undefined, string>;
  address: ColumnType<string, string | undefined, string>;
  content: ColumnType<string, string | undefined, string>;
  price: Decimal;
  priceUnit: ColumnType<number, number | undefined, number>;
  dealAmount: NullableDecimal;
  currentPrice: NullableDecimal;
  increment: ColumnType<string, number | string | undefined, number | string>;
  reservePrice: NullableDecimal;
  deposit: ColumnType<string, number | string | undefined, number | string>;
  extendMinutes: ColumnType<number, number | undefined, number>;
  area: NullableDecimal;
  areaUnit: ColumnType<number, number | undefined, number>;
  scale: ColumnType<string, string | undefined, string>;
  termYears: number | null;
  outname: ColumnType<string, string | undefined, string>;
  needname: ColumnType<string, string | undefined, string>;
  company: ColumnType<string, string | undefined, string>;
  imgList: Json<string[]>;
  /** Migration 024: the URLs of the documents (PDF, Word, Excel, ZIP uploads) offered for download. */
  attachments: Json<string[]>;
  watchCts: ColumnType<number, number | undefined, number>;
  signCts: ColumnType<number, number | undefined, number>;
  /** How many bids the project has; kept by triggers on bid (migration 014), never written directly. */
  bidCount: ColumnType<number, never, never>;
  /** Migration 015: how many bids moved the end later; kept by the bid statement, never written elsewhere. */
  extensionCount: ColumnType<number, never, never>;
  /** 公示开始 (migration 024); null for projects listed before it was asked. */
  publicityStartTime: NullableTimestamp;
  publicityStopTime: NullableTimestamp;
  applyStartTime: NullableTimestamp;
  applyStopTime: NullableTimestamp;
  biddingStartTime: NullableTimestamp;
  biddingStopTime: NullableTimestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** Projects per place, type, status and category, kept exact by triggers on project (013_project_list_scale). */
export interface ProjectTallyTable {
  deptId: number;
  type: number;
  status: number;
  number: string;
  n: number;
}

/** project_tally summed per place and type (migration 017), for lists filtered by neither status nor category. */
export interface ProjectTallyPlaceTable {
  deptId: number;
  type: number;
  n: number;
}

export interface RegistrationTable {
  id: Generated<number>;
  projectId: number;
  userId: number;
  state: ColumnType<number, number | undefined, number>;
  bidderCode: ColumnType<string, string | undefined, string>;
  createdAt: Timestamp;
  reviewedAt: NullableTimestamp;
  reviewedBy: number | null;
  /** Migration 023: the deposit (保证金) staff marked received, yuan; null until marked. */
  depositAmount: NullableDecimal;
  /** The day it arrived (a `date`: read it with to_char, the drivers differ on dates). */
  depositPaidOn: ColumnType<Date | null, string | null | undefined, string | null>;
  /** The bank's reference (流水号). */
  depositRef: ColumnType<string, string | undefined, string>;
  depositMarkedAt: NullableTimestamp;
  depositMarkedBy: number | null;
}

export interface BidTable {
  /** bigint; read as a number (the int8 parser in database.ts). */
  id: Generated<number>;
  projectId: number;
  userId: number;
  amount: Decimal;
  /** The bidder code the bid was placed under (migration 003; '' on rows from before it). */
  bidderCode: ColumnType<string, string | undefined, string>;
  createdAt: Timestamp;
}

/**
 * A bid's client-made key (migration 020), unique per bidder and project: `bidId` and `outcome` (the accepted bid's
 * answer as JSON) for a bid that landed; both null for a key the outcome call closed before any bid with it landed.
 */
export interface BidKeyTable {
  projectId: number;
  userId: number;
  key: string;
  /** bigint; read as a number. */
  bidId: number | null;
  outcome: string | null;
  createdAt: Timestamp;
}

export interface FinancingTable {
  id: Generated<number>;
  deptId: number;
  cid: string;
  address: string;
  dyname: string;
  type: string;
  amount: Decimal;
  registertime: RequiredTimestamp;
}

export interface IntentTable {
  id: Generated<number>;
  deptId: number;
  /** 1 转出 (offered), 2 转入 (wanted), as the API schemas' enum. */
  type: 1 | 2;
  projectname: string;
  areaName: ColumnType<string, string | undefined, string>;
  contact: ColumnType<string, string | undefined, string>;
  phone: ColumnType<string, string | undefined, string>;
  content: ColumnType<string, string | undefined, string>;
  userId: number | null;
  logintime: Timestamp;
  /** /image-api/ URLs of the uploaded document photos (migration 004). */
  attachments: Json<string[]>;
  /** Review (migration 011): 0 待审核, 1 已发布 (the default: seeded and imported intents), 2 未通过. Only 1 is public. */
  state: ColumnType<0 | 1 | 2, 0 | 1 | 2 | undefined, 0 | 1 | 2>;
  /** Why staff refused it (state 2), shown to its author. */
  reviewReason: ColumnType<string, string | undefined, string>;
  reviewedAt: NullableTimestamp;
  reviewedBy: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface InvestProjectTable {
  id: Generated<number>;
  deptId: number;
  title: string;
  address: ColumnType<string, string | undefined, string>;
  estimated: ColumnType<string, number | string | undefined, number | string>;
  investType: ColumnType<string, string | undefined, string>;
  keys: ColumnType<string, string | undefined, string>;
  number: ColumnType<string, string | undefined, string>;
  content: ColumnType<string, string | undefined, string>;
  contact: ColumnType<string, string | undefined, string>;
  imgList: Json<string[]>;
  createTime: Timestamp;
}

export interface ShopProductTable {
  id: Generated<number>;
  deptId: number;
  category: ColumnType<string, string | undefined, string>;
  name: string;
  price: ColumnType<string, number | string, number | string>;
  unit: ColumnType<string, string | undefined, string>;
  stock: ColumnType<number, number | undefined, number>;
  seller: ColumnType<string, string | undefined, string>;
  phone: ColumnType<string, string | undefined, string>;
  origin: ColumnType<string, string | undefined, string>;
  imgList: Json<string[]>;
  content: ColumnType<string, string | undefined, string>;
  onSale: ColumnType<boolean, boolean | undefined, boolean>;
  createTime: Timestamp;
}

export interface LandInfoTable {
  id: Generated<number>;
  deptId: number;
  title: string;
  content: ColumnType<string, string | undefined, string>;
  imgs: Json<{ src: string }[]>;
  createTime: Timestamp;
}

export interface DealAnnouncementTable {
  id: Generated<number>;
  deptId: number;
  projectId: number | null;
  number: ColumnType<string, string | undefined, string>;
  projectName: string;
  projectAddress: ColumnType<string, string | undefined, string>;
  remark: ColumnType<string, string | undefined, string>;
  content: ColumnType<string, string | undefined, string>;
  dealtime: RequiredTimestamp;
}

export interface HelpItemTable {
  id: Generated<number>;
  classname: string;
  title: string;
  content: ColumnType<string, string | undefined, string>;
  orderNum: ColumnType<number, number | undefined, number>;
}

export interface MessageTable {
  id: Generated<number>;
  userId: number;
  refId: ColumnType<string, string | undefined, string>;
  title: string;
  content: ColumnType<string, string | undefined, string>;
  readAt: NullableTimestamp;
  createTime: Timestamp;
}

export interface FeedbackTable {
  id: Generated<number>;
  userId: number;
  deptId: number | null;
  type: ColumnType<string, string | undefined, string>;
  title: ColumnType<string, string | undefined, string>;
  content: string;
  contact: ColumnType<string, string | undefined, string>;
  reply: string | null;
  replyTime: NullableTimestamp;
  createTime: Timestamp;
}

export interface UploadTable {
  id: Generated<number>;
  userId: number | null;
  name: string;
  storedPath: string;
  url: string;
  mime: string;
  size: number;
  createTime: Timestamp;
}

/**
 * A file served under the image prefixes, by its path there (migration 018): the bytes every instance serves. Written
 * once, never changed; bytea reads back as a Buffer on PostgreSQL and a Uint8Array on PGlite.
 */
export interface StoredFileTable {
  path: ColumnType<string, string, never>;
  bytes: ColumnType<Uint8Array, Uint8Array, never>;
  mime: ColumnType<string, string, never>;
  size: ColumnType<number, number, never>;
  /** Hex SHA-256 of the bytes: the ETag, and the key of the variant cache. */
  sha256: ColumnType<string, string, never>;
  createTime: ColumnType<Date, Date | string | undefined, never>;
}

/** 投诉建议 and 项目咨询 from visitors (migration 009). */
export interface ComplaintTable {
  id: Generated<number>;
  refNo: string;
  kind: 'complaint' | 'consult';
  deptId: number;
  name: string;
  phone: string;
  type: ColumnType<string, string | undefined, string>;
  content: string;
  project: ColumnType<string, string | undefined, string>;
  userId: number | null;
  status: ColumnType<'new' | 'handling' | 'done', 'new' | 'handling' | 'done' | undefined, 'new' | 'handling' | 'done'>;
  reply: string | null;
  createTime: Timestamp;
}

/** 产权登记: a collective's property it asks to have registered (migration 009). */
export interface PropertyRegistrationTable {
  id: Generated<number>;
  refNo: string;
  deptId: number;
  userId: number;
  owner: string;
  location: string;
  propertyType: string;
  area: Decimal;
  unit: number;
  contact: ColumnType<string, string | undefined, string>;
  phone: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  photos: Json<string[]>;
  status: ColumnType<'new' | 'accepted' | 'rejected', 'new' | 'accepted' | 'rejected' | undefined, 'new' | 'accepted' | 'rejected'>;
  createTime: Timestamp;
}

/** Migration 015: one row per admin write, written in the write's transaction; never updated or deleted. */
export interface AuditLogTable {
  id: ColumnType<number, never, never>;
  at: ColumnType<Date, never, never>;
  actorId: number;
  actorRole: string;
  deptId: number | null;
  entity: string;
  entityId: number;
  action: string;
  before: ColumnType<Record<string, unknown> | null, string | null, never>;
  after: ColumnType<Record<string, unknown> | null, string | null, never>;
}

/** One backup attempt (server/backup): `ok` is null while it runs. */
export interface BackupRunTable {
  id: Generated<number>;
  startedAt: Generated<Date>;
  finishedAt: Date | null;
  ok: boolean | null;
  /** 'schedule' (the server's timer) or 'cli' (npm run backup). */
  trigger: string;
  /** The archive's file name (no folder). */
  file: string | null;
  bytes: number | null;
  error: string | null;
}

/** The outcome of an on-site auction as staff recorded it (migration 023): at most one per project. */
export interface OnsiteResultTable {
  id: Generated<number>;
  projectId: number;
  deptId: number;
  /** true: a deal (user, code and amount set); false: 流拍. */
  deal: boolean;
  userId: number | null;
  bidderCode: ColumnType<string, string | undefined, string>;
  amount: NullableDecimal;
  dealtAt: RequiredTimestamp;
  note: ColumnType<string, string | undefined, string>;
  /** The project status the record set (7/8 a deal, 10 流拍). */
  status: number;
  recordedBy: number;
  recordedAt: Timestamp;
}

export interface Database {
  auditLog: AuditLogTable;
  place: PlaceTable;
  appUser: AppUserTable;
  staffRole: StaffRoleTable;
  userSession: UserSessionTable;
  smsCode: SmsCodeTable;
  smsOutbox: SmsOutboxTable;
  usedNonce: UsedNonceTable;
  rateLimit: RateLimitTable;
  articleCategory: ArticleCategoryTable;
  article: ArticleTable;
  dictData: DictDataTable;
  projectCategory: ProjectCategoryTable;
  project: ProjectTable;
  projectTally: ProjectTallyTable;
  projectTallyPlace: ProjectTallyPlaceTable;
  registration: RegistrationTable;
  bid: BidTable;
  bidKey: BidKeyTable;
  financing: FinancingTable;
  intent: IntentTable;
  investProject: InvestProjectTable;
  shopProduct: ShopProductTable;
  landInfo: LandInfoTable;
  dealAnnouncement: DealAnnouncementTable;
  helpItem: HelpItemTable;
  message: MessageTable;
  feedback: FeedbackTable;
  upload: UploadTable;
  storedFile: StoredFileTable;
  complaint: ComplaintTable;
  propertyRegistration: PropertyRegistrationTable;
  backupRun: BackupRunTable;
  onsiteResult: OnsiteResultTable;
}

export type Place = Selectable<PlaceTable>;
export type Project = Selectable<ProjectTable>;
export type NewProject = Insertable<ProjectTable>;
export type Article = Selectable<ArticleTable>;
export type AppUser = Selectable<AppUserTable>;
