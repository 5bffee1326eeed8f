import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, httpStatusFor } from '../errors.js';
import { URL_FORMAT } from '../../engine/security/url-policy.js';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema?: { title?: string; properties?: Record<string, { title?: string }> };
  schema?: unknown;
}

const TYPE_NAMES: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '文本',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
};

const NO_NUL_PATTERN = '^[^\\u0000]*$';

const PLACES: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

/** A Chinese sentence for one schema violation, naming the field by its title and its name. */
export function describeValidationError(error: AjvError, context?: string): string {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const labelFor = (name: string, title?: string) => (title ? `${title}（${name}）` : name);
  const where = context && PLACES[context] ? PLACES[context] : '参数';
  switch (error.keyword) {
    case 'required': {
      const name = String(error.params.missingProperty);
      const title = error.parentSchema?.properties?.[name]?.title;
      return `缺少必填参数：${labelFor(path ? `${path}.${name}` : name, title)}`;
    }
    case 'additionalProperties':
      return `${where}中有不支持的字段：${String(error.params.additionalProperty)}`;
    default: {
      const label = labelFor(path || where, error.parentSchema?.title);
      switch (error.keyword) {
        case 'type': {
          const types = String(error.params.type)
            .split(',')
            .map((t) => TYPE_NAMES[t] ?? t);
          return `参数 ${label} 类型错误，应为${types.join('或')}`;
        }
        case 'pattern':
          // Some schemas still carry their own "no NUL" pattern (the app-wide check usually answers first).
          if (String(error.params.pattern) === NO_NUL_PATTERN) return `参数 ${label} 不能包含空字符`;
          return `参数 ${label} 格式不正确`;
        case 'format':
          if (error.params.format === URL_FORMAT) return `参数 ${label} 不是允许的链接地址（仅限 http(s) 地址或本站路径）`;
          return `参数 ${label} 格式不正确`;
        case 'minLength':
          return `参数 ${label} 长度不能少于 ${String(error.params.limit)} 个字符`;
        case 'maxLength':
          return `参数 ${label} 长度不能超过 ${String(error.params.limit)} 个字符`;
        case 'minimum':
        case 'exclusiveMinimum':
          return `参数 ${label} 不能小于 ${String(error.params.limit)}`;
        case 'maximum':
        case 'exclusiveMaximum':
          return `参数 ${label} 不能大于 ${String(error.params.limit)}`;
        case 'enum':
          return `参数 ${label} 取值无效，应为：${(error.params.allowedValues as unknown[]).join('、')}`;
        case 'minItems':
          return `参数 ${label} 至少需要 ${String(error.params.limit)} 项`;
        case 'maxItems':
          return `参数 ${label} 最多 ${String(error.params.limit)} 项`;
        default:
          return `参数 ${label} 不符合要求`;
      }
    }
  }
}

/**
 * Errors the router raises before any route, hook or error handler runs (Fastify's `frameworkErrors` option):
 * a path that cannot be percent-decoded, a path parameter longer than the router keeps (100 characters).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const msg = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '请求地址中的参数过长' : error.code === 'FST_ERR_BAD_URL' ? '请求地址不正确' : '请求参数有误';
  void reply.status(400).send({ code: 400, msg });
}

/**
 * Every failure leaves as the envelope { code, msg }: refusals with their own Chinese msg, validation
 * errors naming the field, malformed bodies said plainly, and anything unexpected as a generic 500 whose
 * details go only to the log, under the request id quoted in the msg.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(httpStatusFor(error.code)).send({ code: error.code, msg: error.msg });
    }
    if (error.validation) {
      const msg = describeValidationError(error.validation[0] as unknown as AjvError, error.validationContext);
      return reply.status(400).send({ code: 400, msg });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? '请求体不是有效的 JSON'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413
            ? '请求体过大'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415
              ? '不支持的请求格式（Content-Type）'
              : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? '请求体不能为空'
                : '请求参数有误';
      return reply.status(status).send({ code: status, msg });
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send({ code: 500, msg: `系统繁忙，请稍后重试（请求编号 ${request.id}）` });
  });
}
