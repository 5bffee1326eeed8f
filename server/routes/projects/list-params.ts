import type { FastifyRequest } from 'fastify';
import type { RouteRequest } from '../../api/schemas.js';
import type { ProjectTable } from '../../db/schema.js';
import { ApiError, badRequest } from '../../api/errors.js';
import { scopeIds } from '../../plugins/guards/index.js';
import type { PlaceTree } from '../../plugins/places.js';
import { textParam, type Params } from '../../api/request-params.js';
import { MESSAGES } from '../../api/messages.js';
import type { ListFilter } from '../project-list-query.js';

/** The three project lists share one parameter shape (projects#/$defs/ProjectListParams). */
export type ListRoute = 'projectList' | 'needProjectList' | 'invitationList';

/** Reads a multipart form (the spec's multipart variant of the project list) into plain fields; JSON passes at once. */
export function multipartFields(request: FastifyRequest): Promise<void> | undefined {
  return request.isMultipart() ? readMultipartFields(request) : undefined;
}

async function readMultipartFields(request: FastifyRequest): Promise<void> {
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        await part.toBuffer();
        throw badRequest(MESSAGES.projects.listTakesNoFiles);
      }
      fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (error) {
    // A body that is not the multipart its content-type claims (no boundary, cut short) is the sender's error.
    if (error instanceof ApiError) throw error;
    throw badRequest(MESSAGES.projects.badMultipart);
  }
  request.body = fields;
}

function numberParam(value: unknown, title: string, field: string): number | undefined {
  const text = textParam(value);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw badRequest(MESSAGES.projects.notANumber(title, field));
  return n;
}

/** Turns list params (flat or with params.areaBegin/areaEnd, as the spec sends them) into a filter. */
export function listFilter(request: RouteRequest<ListRoute>, places: PlaceTree, forcedType?: ProjectTable['type']): ListFilter {
  const p = request.input;
  const nested = (p.params ?? {}) as Params;
  const statusText = textParam(p.statusStr);
  const statuses = statusText ? statusText.split(',').map((s) => Number(s.trim())) : undefined;
  if (statuses?.some((s) => s < 2 || s > 11)) throw badRequest(MESSAGES.projects.statusOutOfRange);
  const areaBegin = numberParam(p.areaBegin ?? nested.areaBegin, MESSAGES.projects.areaBeginTitle, 'areaBegin');
  const areaEnd = numberParam(p.areaEnd ?? nested.areaEnd, MESSAGES.projects.areaEndTitle, 'areaEnd');
  if (areaBegin !== undefined && areaEnd !== undefined && areaBegin > areaEnd) throw badRequest(MESSAGES.projects.areaRangeReversed);
  return {
    type: forcedType ?? p.type,
    number: textParam(p.number),
    statuses,
    areaBegin,
    areaEnd,
    keyword: textParam(p.keyword) ?? textParam(p.searchValue),
    deptIds: scopeIds(request, places, textParam(p.deptId) ?? textParam(p.pid)),
  };
}

/** afterId (keyset paging): the previous page's last id, so a deep page is an index walk from there, not a skip. */
export function afterIdParam(request: RouteRequest<ListRoute>): number | undefined {
  const text = textParam(request.input.afterId);
  if (text === undefined) return undefined;
  const id = Number(text);
  if (!Number.isInteger(id) || id < 1) throw badRequest(MESSAGES.projects.afterIdMalformed);
  return id;
}
