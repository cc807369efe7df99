import { Hono } from 'hono';
import { PUBLIC_REF_PATTERN } from '../../shared/order-page.ts';
import { paths } from '../../shared/routes.ts';
import { pageFile, sendPage, type Site } from '../http/site.ts';
import type { AppEnv } from './context.ts';

/**
 * `/avaliar/:ref`, the review page's shell (rendered in the browser from `/api/reviews/:ref` with
 * the e-mailed token of the fragment). Personal: never indexed, never cached, no Referer. The route
 * has a parameter, so the access log shows its pattern, never a reference. `site` is absent in
 * API-only tests.
 */
export function reviewPageRoutes(site: Site | undefined) {
  return new Hono<AppEnv>().get('/:ref', (c) => {
    const page = site?.page(pageFile(paths.review));
    // Not even shaped like a reference: the page says the link is not valid, with a real 404.
    const status = PUBLIC_REF_PATTERN.test(c.req.param('ref')) ? 200 : 404;
    const response = page ? sendPage(c, page, status) : c.text('Not found', 404);
    response.headers.set('X-Robots-Tag', 'noindex, nofollow');
    response.headers.set('Cache-Control', 'no-store');
    response.headers.set('Referrer-Policy', 'no-referrer');
    return response;
  });
}
