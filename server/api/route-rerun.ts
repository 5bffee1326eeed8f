import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ApiRouteName } from '../../schemas/types/api.js';
import { describeValidationError } from '../plugins/errors.js';
import { ApiError, badRequest, forbidden, type Envelope } from './errors.js';
import { MESSAGES } from './messages.js';
import { checkPermission } from '../plugins/guards/permissions.js';
import { allRoutes, routeHandler, withRequestChecks, type SignedInRequest } from './schemas.js';

/** Marks a request made inside another (an export's list, a batch's row): what it records, the outer call records. */
export const INNER_CALL = Symbol('innerCall');

/** Whether a request is a route re-run by an export or a batch rather than a call of its own. */
export const isInnerCall = (request: object): boolean => (request as { [INNER_CALL]?: boolean })[INNER_CALL] === true;

// One checked schema per route: Fastify caches a compiled validator by the schema object.
const checkedBodies = new Map<string, Record<string, unknown>>();

function checkedBodyOf(name: string): Record<string, unknown> {
  let schema = checkedBodies.get(name);
  if (!schema) {
    const spec = allRoutes().get(name);
    schema = withRequestChecks(spec?.body ?? spec?.querystring ?? { type: 'object' });
    checkedBodies.set(name, schema);
  }
  return schema;
}

/**
 * Runs route `name`'s own handler for `body`, as the signed-in `request` would call it: the route's role (an
 * administrator's route refuses staff), its body checked against its schema as Fastify would (400 naming the field),
 * then the handler with its scope, its checks and its audit. The body is checked first, then `extra` (paging the
 * schema would refuse: the export's whole list) is laid over it.
 */
export async function rerunRoute(
  app: FastifyInstance,
  request: SignedInRequest,
  reply: FastifyReply,
  name: ApiRouteName,
  body: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<Envelope<unknown>> {
  const spec = allRoutes().get(name);
  const handler = routeHandler(app, name);
  if (!spec || !handler) throw badRequest(MESSAGES.tables.exportNotAllowed);
  if (spec.auth?.includes('admin') && request.user.role !== 'admin') throw forbidden(MESSAGES.requests.adminOnly);
  // The inner route's page permission too: a role without 内容管理 exports no articles through adminExport.
  checkPermission(request.user, name);
  const input = structuredClone(body);
  const validate = request.compileValidationSchema(checkedBodyOf(name), 'body');
  if (!validate(input)) throw new ApiError(400, describeValidationError(validate.errors![0] as never, 'body'));
  const inner = Object.create(request, {
    input: { value: { ...input, ...extra } },
    body: { value: { ...input, ...extra } },
    query: { value: {} },
    [INNER_CALL]: { value: true },
  }) as SignedInRequest;
  const answer = await (handler as unknown as (r: SignedInRequest, reply: FastifyReply) => Promise<unknown>)(inner, reply);
  if (!answer || typeof answer !== 'object' || !('code' in answer)) throw badRequest(MESSAGES.tables.exportNotAllowed);
  return answer as Envelope<unknown>;
}
