import { Hono } from 'hono';
import { apiErrors } from '../../content/api-errors.ts';
import { loadProviderEvidencePdf } from '../disputes/dispute-defence-send.ts';
import { apiError } from '../http/http.ts';
import { isIdShaped } from '../orders/ids.ts';
import type { AppEnv } from './context.ts';

/** The defence PDF for Woovi's download, keyed by the dispute's unguessable id, only shortly after "Enviar defesa". */
export const disputeEvidenceRoutes = new Hono<AppEnv>().basePath('/api/disputes').get('/:id/evidence.pdf', async (c) => {
  const id = c.req.param('id');
  const found = isIdShaped(id) ? await loadProviderEvidencePdf(c.var.orders, id) : undefined;
  if (!found) return apiError(c, 404, apiErrors.notFound);
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  return c.body(new Uint8Array(found.pdf), 200, { 'Content-Type': 'application/pdf' });
});
