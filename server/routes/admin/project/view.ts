import type { Selectable } from 'kysely';
import type { ProjectTable } from '../../../db/schema.js';
import { formatDateTime, jsonValue, toNumber } from '../../../api/format.js';
import type { PlaceTree } from '../../../plugins/places.js';
import { PROJECT_STATUS } from '../../../../machines/project-status.js';
import { statusLabel } from '../../../../machines/project-status-rules.js';
import type { ProjectStatus } from '../../../../schemas/types/api.js';

export type ProjectRow = Selectable<ProjectTable>;

/** Statuses a project may be edited, withdrawn or suspended in: before bidding (the clock has not opened it). */
export const BEFORE_BIDDING = (status: number) => status < PROJECT_STATUS.bidding;

/** A project as the console edits it: every field, times as the API writes them. */
export async function projectView(places: PlaceTree, r: ProjectRow) {
  return {
    id: r.id,
    deptId: r.deptId,
    deptName: (await places.find(r.deptId))?.deptName ?? '',
    code: r.code || String(r.id),
    type: r.type,
    number: r.number,
    status: r.status as ProjectStatus,
    statusName: statusLabel(r.status),
    projectName: r.projectName,
    address: r.address,
    outname: r.outname,
    needname: r.needname,
    price: toNumber(r.price) ?? 0,
    priceUnit: r.priceUnit,
    area: toNumber(r.area),
    areaUnit: r.areaUnit,
    termYears: r.termYears,
    increment: toNumber(r.increment) ?? 0,
    deposit: toNumber(r.deposit) ?? 0,
    reservePrice: toNumber(r.reservePrice),
    extendMinutes: r.extendMinutes,
    imgList: Array.isArray(r.imgList) ? r.imgList : [],
    content: r.content,
    attachments: jsonValue<string[]>(r.attachments, []),
    publicityStartTime: formatDateTime(r.publicityStartTime),
    publicityStopTime: formatDateTime(r.publicityStopTime),
    applyStartTime: formatDateTime(r.applyStartTime),
    applyStopTime: formatDateTime(r.applyStopTime),
    biddingStartTime: formatDateTime(r.biddingStartTime),
    biddingStopTime: formatDateTime(r.biddingStopTime),
    bidCount: r.bidCount,
    signCts: r.signCts,
  };
}
