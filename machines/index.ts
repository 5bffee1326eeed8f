/**
 * The lifecycles of the portal as XState v5 machines (design principle 4): framework-free, timers inside, side
 * effects as named actors and actions the caller provides. One concept per file; this file only re-exports by name.
 */
export {
  applyBid,
  applyDelay,
  applyEnded,
  applyRecords,
  applyState,
  bidProblem,
  bidVerdict,
  formatCountdown,
  formatYuan,
  headlinePrice,
  mergeRecords,
  minimumBid,
  remainingMs,
  RECORDS_KEPT,
  RECORDS_PAGE,
  serverOffset,
  steppedBid,
} from './auction-view.js';
export type {
  AuctionBidMessage,
  AuctionEndedMessage,
  AuctionRecordsMessage,
  BidVerdict,
  HeadlinePrice,
  AuctionRecord,
  AuctionState,
  DelayTimeMessage,
} from './auction-view.js';
export { clockText, DEFAULT_MILESTONES, priceAnnouncement, remainingText, watchClock } from './auction-announcements.js';
export type { ClockAnnouncement, ClockWatch } from './auction-announcements.js';
export { AREA_UNITS, PRICE_UNITS } from './units.js';
export { ApiError, ERROR_TEXTS, isApiError } from './ports.js';
export type { ApiErrorKind, ApiPort, MessageKind, RouteCallOptions } from './ports.js';
export { addRotation, DEFAULT_CAMERA_SERVICE_URL, parseCameraCommand, parseCameraEvent } from './camera-protocol.js';
export type { CameraCommand, CameraErrorCode, CameraImage, CameraImageMime, CameraServiceEvent, Rotation } from './camera-protocol.js';
export { countdownMachine } from './countdown.js';
export type { CountdownContext, CountdownEvent, CountdownInput } from './countdown.js';
export { CAMERA_MESSAGES, cameraServiceActor, documentCameraMachine, photoDataUrl } from './document-camera.js';
export type {
  CameraNotice,
  CameraPhoto,
  CameraServiceActorEvent,
  DocumentCameraContext,
  DocumentCameraEmitted,
  DocumentCameraEvent,
  DocumentCameraInput,
  DocumentCameraMachine,
} from './document-camera.js';
export { CODE_MISSING, passwordResetActors, passwordResetMachine } from './password-reset.js';
export type { PasswordResetContext, PasswordResetEvent, PasswordResetInput, ResetRequest } from './password-reset.js';
export { PASSWORD_HINT, passwordProblem } from './password-rule.js';
export { checkImageFile, UPLOAD_LIMITS, UPLOAD_TEXTS } from './upload-rule.js';
export { PHONE_MESSAGES, PHONE_PATTERN, phoneProblem } from './phone-rule.js';
export {
  allStatuses,
  cardBadge,
  cardTimeField,
  cardTimeLine,
  COUNTDOWN_LABELS,
  DEFAULT_ALL_STATUSES,
  DEFAULT_PRICE_TITLES,
  DEFAULT_STATUS_LABELS,
  homeBiddingLabel,
  priceLabel,
  statusLabel,
  statusTiles,
  TIME_LABELS,
  toggleStatusTile,
} from './project-status-rules.js';
export type { BadgeTone, CardBadgeVariant, PricedProject, ProjectType, StatusRegion, StatusTileView, TimedProject } from './project-status-rules.js';
export { MAX_TIMER_MS, nextStatusChangeAt, parseApiTime, PROJECT_STATUS, projectStatusMachine, statusAt, timelineOf } from './project-status.js';
export type {
  DealStatus,
  NoDealStatus,
  ProjectStatusContext,
  ProjectStatusEvent,
  ProjectStatusInput,
  ProjectTimeline,
  TimelineField,
} from './project-status.js';
export { channelUrl, parseServerFrame, REALTIME_TIMING, realtimeChannelMachine, SERVER_FRAME_TYPES, socketActor } from './realtime-channel.js';
export type {
  ClientFrame,
  HeartcheckReply,
  NoticeMessage,
  RealtimeChannelContext,
  RealtimeChannelEmitted,
  RealtimeChannelEvent,
  RealtimeChannelInput,
  RealtimeChannelMachine,
  ServerFrame,
  SocketCommand,
  SocketEvent,
} from './realtime-channel.js';
export { REGISTRATION_LABELS, REGISTRATION_STATES, registrationButton, registrationMachine } from './registration.js';
export type {
  RegisterOutput,
  RegistrationButton,
  RegistrationContext,
  RegistrationEvent,
  RegistrationInput,
  RegistrationSnapshot,
  RegistrationState,
} from './registration.js';
export { SESSION_MESSAGES, sessionActors, sessionMachine } from './session.js';
export type { LoginCredentials, SessionContext, SessionEvent, SessionUser } from './session.js';
export { SMS_COUNTDOWN_SECONDS, smsCountdownActors, smsCountdownMachine, unshownFailure } from './sms-countdown.js';
export type { Notice, SmsCountdownContext, SmsCountdownEvent, SmsCountdownInput } from './sms-countdown.js';
export { webSocketActor } from './socket-actor.js';
export type { SocketConstructor, SocketLike, SocketSession } from './socket-actor.js';
export { TRANSFER_PROMPTS, transferEntryActors, transferEntryMachine } from './transfer-entry.js';
export type { TransferEntryContext, TransferEntryEvent, TransferEntryInput } from './transfer-entry.js';
