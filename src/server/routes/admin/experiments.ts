// The console's "Testes A/B" API (docs/experiments.md): create, list with figures and verdict, stop, declare a winner.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { experimentsApi, variantLetter } from '../../../content/experiments.ts';
import { ExperimentCreateSchema, ExperimentWinnerSchema } from '../../../shared/experiments/experiment-api.ts';
import { prototypeKeyIn } from '../../../shared/prototype-keys.ts';
import { recordAudit } from '../../admin/admin-audit.ts';
import { plannerInputs } from '../../experiments/experiment-figures.ts';
import {
  createExperiment,
  declareWinner,
  listExperiments,
  stopExperiment,
  type ExperimentDeps,
} from '../../experiments/experiment-service.ts';
import { apiError, limitBody } from '../../http/http.ts';
import { isIdShaped } from '../../orders/ids.ts';
import { sendReply } from '../api-reply.ts';
import type { AdminEnv } from '../context.ts';
import { adminRouter, auditClient, json, ok, tooLarge } from './console.ts';
import { publishReply } from './page.ts';

const experimentDeps = (c: Context<AdminEnv>): ExperimentDeps => ({ ...c.var.offer, experiments: c.var.experiments });

const typedPhrase = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toUpperCase();

/** Four variants of a whole offer each stay far under this. */
const CREATE_MAX_BYTES = 256 * 1024;

/** A `__proto__`, `constructor` or `prototype` key in a version's patch: named, in Portuguese, before the schema drops it. */
const prototypeKeyRefusal = createMiddleware<AdminEnv>(async (c, next) => {
  const body: unknown = await c.req.json().catch(() => undefined);
  const variants = (body as { variants?: unknown } | undefined)?.variants;
  if (Array.isArray(variants))
    for (const [arm, variant] of variants.entries()) {
      const key = prototypeKeyIn(variant);
      if (key) {
        const message = experimentsApi.prototypeKey(variantLetter(arm), key);
        return apiError(c, 422, message, { [`variants.${arm}`]: message });
      }
    }
  return next();
});

export const adminExperimentsRoutes = adminRouter()
  .get('/experiments', async (c) => {
    const now = c.var.now();
    const [experiments, planner] = await Promise.all([listExperiments(experimentDeps(c), now), plannerInputs(c.var.db, now)]);
    return sendReply(c, 'GET', { experiments, planner });
  })
  .post('/experiments', limitBody(CREATE_MAX_BYTES, tooLarge), prototypeKeyRefusal, json(ExperimentCreateSchema), async (c) => {
    const input = c.req.valid('json');
    const result = await createExperiment(experimentDeps(c), input, c.var.session, c.var.now());
    if (result.kind === 'refused') {
      const status = result.field ? 422 : 409;
      return apiError(c, status, result.message, result.field ? { [result.field]: result.message } : undefined);
    }
    await recordAudit(c.var.db, {
      session: c.var.session,
      action: 'experiment.create',
      detail: { id: result.id, page: input.page, variants: input.variants.length },
      client: auditClient(c),
      now: c.var.now(),
    });
    return sendReply(c, 'POST', { id: result.id }, 201);
  })
  .post('/experiments/:id/stop', limitBody(1024, tooLarge), async (c) => {
    const id = c.req.param('id');
    if (!isIdShaped(id)) return apiError(c, 404, experimentsApi.notFound);
    const result = await stopExperiment(experimentDeps(c), id, c.var.now());
    if (result.kind === 'not_found') return apiError(c, 404, experimentsApi.notFound);
    if (result.kind === 'not_running') return apiError(c, 409, experimentsApi.notRunning);
    await recordAudit(c.var.db, {
      session: c.var.session,
      action: 'experiment.stop',
      detail: { id },
      client: auditClient(c),
      now: c.var.now(),
    });
    return sendReply(c, 'POST', ok);
  })
  .post('/experiments/:id/winner', limitBody(1024, tooLarge), json(ExperimentWinnerSchema), async (c) => {
    const id = c.req.param('id');
    if (!isIdShaped(id)) return apiError(c, 404, experimentsApi.notFound);
    const { variant, confirmation } = c.req.valid('json');
    const withoutEvidence = confirmation !== undefined && typedPhrase(confirmation) === typedPhrase(experimentsApi.noEvidencePhrase);
    const result = await declareWinner(experimentDeps(c), { id, variant, withoutEvidence, session: c.var.session, now: c.var.now() });
    if (result.kind === 'not_found') return apiError(c, 404, experimentsApi.notFound);
    if (result.kind === 'decided') return apiError(c, 409, experimentsApi.notRunning);
    if (result.kind === 'no_evidence') return apiError(c, 409, experimentsApi.noEvidence);
    if (result.kind === 'no_such_variant') return apiError(c, 422, experimentsApi.noSuchVariant, { variant: experimentsApi.noSuchVariant });
    if (result.kind === 'refused') {
      if (result.result.kind === 'not_found') return apiError(c, 409, experimentsApi.published);
      return (
        (await publishReply(c, result.result, { action: 'experiment.winner', detail: { id, variant } })) ??
        apiError(c, 409, experimentsApi.published)
      );
    }
    await recordAudit(c.var.db, {
      session: c.var.session,
      action: 'experiment.winner',
      detail: { id, variant, version: result.number, withoutEvidence },
      client: auditClient(c),
      now: c.var.now(),
    });
    return sendReply(c, 'POST', { number: result.number });
  });
