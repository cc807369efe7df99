import type { Context } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { refundApi } from '../../content/refunds.ts';
import { apiErrors } from '../../content/api-errors.ts';
import { RefundRequestSchema } from '../../shared/refunds.ts';
import { hiddenCharactersField } from '../../shared/zod.ts';
import { apiError } from '../http/http.ts';
import type { RefundRequestResult } from '../refunds/buyer-request.ts';
import type { AppEnv } from './context.ts';

export const refundBody = zValidator('json', RefundRequestSchema, (result, c) => {
  if (result.success) return;
  const confirmMissing = result.error.issues.some((issue) => issue.path[0] === 'confirm');
  if (confirmMissing) return apiError(c, 422, refundApi.confirmRequired);
  return apiError(c, 422, hiddenCharactersField(result.error) ? apiErrors.hiddenCharacters : refundApi.invalid);
});

export function refusedRefund(c: Context<AppEnv>, result: Extract<RefundRequestResult, { kind: 'refused' }>): Response {
  return apiError(c, result.status, result.message);
}
