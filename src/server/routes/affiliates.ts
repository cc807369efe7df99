import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { zValidator } from '@hono/zod-validator';
import type { ZodType } from 'zod';
import { affiliateFormMessages, affiliatePage as copy, affiliateRequestMessages } from '../../content/affiliates.ts';
import { apiErrors } from '../../content/api-errors.ts';
import {
  affiliatePixKeySchema,
  affiliateRequestSchema,
  affiliateSignInSchema,
  affiliateTermsSchema,
  type AffiliatePageRefusal,
} from '../../shared/affiliates.ts';
import { fieldErrors } from '../../shared/checkout.ts';
import { paths } from '../../shared/routes.ts';
import { hiddenCharactersField } from '../../shared/zod.ts';
import {
  acceptTerms,
  affiliatePageOf,
  endSession,
  openLink,
  requestPixKeyChange,
  requestSignIn,
  requestToJoin,
  sessionAffiliate,
  SESSION_TTL_MS,
} from '../affiliates/affiliate-access.ts';
import { apiError, limitBody } from '../http/http.ts';
import { pageFile, sendPage, type Site } from '../http/site.ts';
import { sendReply } from './api-reply.ts';
import type { AppEnv } from './context.ts';

/** The affiliate's page's own session (docs/affiliates.md#the-affiliates-page), never the console's nor the buyer's. */
export const AFFILIATE_COOKIE = 'vitrine_affiliate';
/** `/afiliado?chave=confirmada`: the page says the new PIX key applies, and payouts wait 24 h. */
export const PIX_KEY_CONFIRMED_QUERY = 'chave=confirmada';

function isHttps(c: Context<AppEnv>): boolean {
  return c.var.config.publicUrl?.startsWith('https://') === true || new URL(c.req.url).protocol === 'https:';
}

/** As the member page's cookie (routes/access.ts): the e-mailed link is a top-level navigation from the mail app. */
function cookieOptions(c: Context<AppEnv>) {
  return { path: '/', httpOnly: true, secure: isHttps(c), sameSite: 'Lax' } as const;
}

/** `/afiliado/{token}`: a sign-in link becomes the cookie, a PIX key link applies the key; the token leaves the address. */
export function affiliatePageRoutes(site: Site | undefined) {
  return new Hono<AppEnv>().get('/:token', async (c) => {
    const opened = await openLink(c.var.db, c.req.param('token'), c.var.now());
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    if (opened.kind === 'signed_in') {
      setCookie(c, AFFILIATE_COOKIE, opened.cookieValue, { ...cookieOptions(c), maxAge: SESSION_TTL_MS / 1000 });
      c.var.logger.info('Affiliate signed in by link', { affiliate: opened.affiliateId });
      return c.redirect(paths.affiliate, 303);
    }
    if (opened.kind === 'pix_key_confirmed') {
      c.var.logger.info('Affiliate PIX key changed; payouts held', { affiliate: opened.affiliateId, until: opened.heldUntil });
      return c.redirect(`${paths.affiliate}?${PIX_KEY_CONFIRMED_QUERY}`, 303);
    }
    // Never the token in the log: it is a credential, even a dead one.
    c.var.logger.info('Affiliate link refused', {});
    const page = site?.page(pageFile(paths.affiliate));
    const response = page ? sendPage(c, page, 404) : c.text('Not found', 404);
    response.headers.set('Referrer-Policy', 'no-referrer');
    response.headers.set('X-Robots-Tag', 'noindex');
    return response;
  });
}

function body<T extends ZodType>(schema: T, message?: string) {
  return zValidator('json', schema, (result, c) => {
    if (result.success) return;
    const hidden = hiddenCharactersField(result.error);
    if (hidden) return apiError(c, 422, apiErrors.hiddenCharacters, { [hidden]: apiErrors.hiddenCharacters });
    const fields = fieldErrors(result.error);
    return apiError(c, 422, message ?? apiErrors.checkFields, message ? { [Object.keys(fields)[0] ?? 'form']: message } : fields);
  });
}

/** A request with the session cookie comes from the shop's own pages (SameSite=Lax aside), as the console's do. */
const sameOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const allowed = new URL(c.var.config.publicUrl ?? c.req.url).origin;
  if (c.req.header('Origin') !== allowed) return apiError(c, 403, copy.api.foreignOrigin);
  return next();
};

const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header('Cache-Control', 'no-store');
  await next();
};

const tooLarge = (c: Context) => apiError(c, 413, copy.api.tooLarge);

function tooMany(c: Context<AppEnv>, retryAfterMs: number) {
  c.header('Retry-After', String(Math.ceil(retryAfterMs / 1000)));
  return apiError(c, 429, copy.api.tooManyRequests);
}

async function signedIn(c: Context<AppEnv>) {
  return sessionAffiliate(c.var.db, getCookie(c, AFFILIATE_COOKIE), c.var.now());
}

const signedOut = (c: Context<AppEnv>) => c.json({ error: copy.api.signedOut } satisfies AffiliatePageRefusal, 401);

/** The anonymous requests: /afiliados's form and "Receber link de acesso"; each answers the same whoever the address is. */
function joinRoutes(runOutbox: () => void) {
  return new Hono<AppEnv>()
    .basePath('/api/affiliates')
    .use(noStore)
    .post('/request', limitBody(4096, tooLarge), body(affiliateRequestSchema(affiliateRequestMessages)), async (c) => {
      const { acceptTerms: _accepted, termsVersion, ...form } = c.req.valid('json');
      const result = await requestToJoin(c.var.db, c.var.limiter, {
        form,
        termsVersion,
        clientAddress: c.var.clientAddress,
        now: c.var.now(),
      });
      if (result.kind === 'rate_limited') return tooMany(c, result.retryAfterMs);
      if (result.kind === 'terms_outdated') return apiError(c, 409, copy.api.termsOutdated, { acceptTerms: copy.api.termsOutdated });
      // Nothing of the person in the log: the same line whether the address was new or known.
      c.var.logger.info('Affiliate request received', {});
      runOutbox();
      return sendReply(c, 'POST', { ok: true }, 202);
    })
    .post('/sign-in', limitBody(1024, tooLarge), body(affiliateSignInSchema(copy.api.emailInvalid), copy.api.emailInvalid), async (c) => {
      const result = await requestSignIn(c.var.db, c.var.limiter, {
        email: c.req.valid('json').email,
        clientAddress: c.var.clientAddress,
        now: c.var.now(),
      });
      if (result.kind === 'rate_limited') return tooMany(c, result.retryAfterMs);
      c.var.logger.info('Affiliate sign-in link requested', {});
      if (result.queued) runOutbox();
      return sendReply(c, 'POST', { ok: true }, 202);
    });
}

/** The signed-in affiliate's page and its changes. */
function signedInRoutes(runOutbox: () => void) {
  return new Hono<AppEnv>()
    .basePath('/api/affiliates')
    .use(noStore)
    .get('/me', async (c) => {
      const affiliate = await signedIn(c);
      if (!affiliate) {
        if (getCookie(c, AFFILIATE_COOKIE)) deleteCookie(c, AFFILIATE_COOKIE, cookieOptions(c));
        return signedOut(c);
      }
      return sendReply(c, 'GET', await affiliatePageOf(c.var.orders, affiliate, c.var.now()));
    })
    .post('/pix-key', sameOrigin, limitBody(1024, tooLarge), body(affiliatePixKeySchema(affiliateFormMessages)), async (c) => {
      const affiliate = await signedIn(c);
      if (!affiliate) return signedOut(c);
      const now = c.var.now();
      const result = await requestPixKeyChange(c.var.db, c.var.limiter, {
        affiliate,
        pixKey: c.req.valid('json').pixKey,
        clientAddress: c.var.clientAddress,
        now,
      });
      if (result.kind === 'rate_limited') return tooMany(c, result.retryAfterMs);
      if (result.kind === 'sent') {
        c.var.logger.info('Affiliate PIX key change asked; confirmation e-mailed', { affiliate: affiliate.id });
        runOutbox();
      }
      return sendReply(c, 'POST', await affiliatePageOf(c.var.orders, affiliate, now));
    })
    .post(
      '/terms',
      sameOrigin,
      limitBody(512, tooLarge),
      body(affiliateTermsSchema(copy.api.termsOutdated), copy.api.termsOutdated),
      async (c) => {
        const affiliate = await signedIn(c);
        if (!affiliate) return signedOut(c);
        const now = c.var.now();
        if (!(await acceptTerms(c.var.db, affiliate, c.req.valid('json').termsVersion, now)))
          return apiError(c, 409, copy.api.termsOutdated);
        c.var.logger.info('Affiliate accepted the terms', { affiliate: affiliate.id });
        const updated = await signedIn(c);
        return updated ? sendReply(c, 'POST', await affiliatePageOf(c.var.orders, updated, now)) : signedOut(c);
      },
    )
    .post('/sign-out', sameOrigin, async (c) => {
      const cookie = getCookie(c, AFFILIATE_COOKIE);
      if (cookie) await endSession(c.var.db, cookie);
      deleteCookie(c, AFFILIATE_COOKIE, cookieOptions(c));
      return sendReply(c, 'POST', { ok: true });
    });
}

/** /afiliados's request and /afiliado's data; `runOutbox` sends a queued e-mail now rather than at the worker's next pass. */
export function affiliateRoutes(runOutbox: () => void) {
  return new Hono<AppEnv>().route('/', joinRoutes(runOutbox)).route('/', signedInRoutes(runOutbox));
}
