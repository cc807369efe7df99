import { Hono } from 'hono';
import { PUBLIC_REF_PATTERN } from '../../shared/order-page.ts';
import { paths } from '../../shared/routes.ts';
import { pageFile, sendPage, type Site } from '../http/site.ts';
import type { AppEnv } from './context.ts';

/** The route has a parameter, so the access log shows its pattern, never a reference. */
export function reviewPageRoutes(site: Site | undefined) {
  return new Hono<AppEnv>().get('/:ref', (c) => {
    const page = site?.page(pageFile(paths.review));
    const status = PUBLIC_REF_PATTERN.test(c.req.param('ref')) ? 200 : 404;
    const response = page ? sendPage(c, page, status) : c.text('Not found', 404);
    response.headers.set('X-Robots-Tag', 'noindex, nofollow');
    response.headers.set('Cache-Control', 'no-store');
    response.headers.set('Referrer-Policy', 'no-referrer');
    return response;
  });
}
