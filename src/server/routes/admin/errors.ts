import type { MiddlewareHandler } from 'hono';
import { consoleErrorsApi } from '../../../content/console-errors.ts';
import { CONSOLE_ERROR_MAX_BYTES, ConsoleErrorReportSchema } from '../../../shared/console-errors.ts';
import { consoleErrorFields } from '../../admin/console-errors.ts';
import { apiError, limitBody } from '../../http/http.ts';
import { limits } from '../../http/rate-limit.ts';
import { sendReply } from '../api-reply.ts';
import type { AdminEnv } from '../context.ts';
import { adminRouter, json } from './console.ts';

/** Counted per console session before the body is read, so a loop of bad reports is held as well as good ones. */
const perSession: MiddlewareHandler<AdminEnv> = async (c, next) => {
  const decision = await c.var.limiter.consume(limits.consoleErrors, c.var.session, c.var.now());
  if (decision.allowed) return next();
  c.header('Retry-After', String(Math.ceil(decision.retryAfterMs / 1000)));
  return apiError(c, 429, consoleErrorsApi.tooMany);
};

/**
 * docs/operations.md#console-errors: one log line per error a console area could not show; nothing is stored. A warning:
 * any signed-in browser can send one, so it must not page whoever watches the server's own errors.
 */
export const adminErrorsRoutes = adminRouter().post(
  '/errors',
  limitBody(CONSOLE_ERROR_MAX_BYTES, (c) => apiError(c, 413, consoleErrorsApi.tooLarge)),
  perSession,
  json(ConsoleErrorReportSchema, { message: consoleErrorsApi.invalid, field: 'report' }),
  (c) => {
    c.var.logger.warn('Console page error', { ...consoleErrorFields(c.req.valid('json')), session: c.var.session });
    return sendReply(c, 'POST', null);
  },
);
