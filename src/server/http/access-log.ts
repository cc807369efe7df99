import type { MiddlewareHandler } from 'hono';
import { requestId, type RequestIdVariables } from 'hono/request-id';
import { routePath } from 'hono/route';
import { withRequestId, type Logger } from '../lib/logger.ts';
import { isAssetPath } from './site.ts';

const REQUEST_ID_MAX_LENGTH = 128;
const MAX_LOGGED_PATH = 200;

/** The route's pattern, so a credential never reaches the log; never the query (postback secrets). */
function loggedPath(path: string, pattern: string): string {
  return pattern.includes(':') ? pattern : path.slice(0, MAX_LOGGED_PATH);
}

export function requestLogging(logger: Logger, options: { quietPaths: ReadonlySet<string> }): MiddlewareHandler[] {
  const assignId = requestId({ limitLength: REQUEST_ID_MAX_LENGTH });
  const logRequest: MiddlewareHandler<{ Variables: RequestIdVariables }> = async (c, next) => {
    const id = c.get('requestId');
    const started = performance.now();
    await withRequestId(id, async () => {
      await next();
      // `c.header` on a finished response would rebuild its body stream.
      // A page or an asset served whole needs no id to be told about (its log line keeps it), and
      // the header is bytes of the first round trip that `/` fits in (docs/benchmarks.md).
      const document = c.res.headers.get('content-type')?.startsWith('text/html') === true;
      if ((isAssetPath(c.req.path) || document) && c.res.ok) c.res.headers.delete('X-Request-Id');
      else c.res.headers.set('X-Request-Id', id);
      const quiet = options.quietPaths.has(c.req.path) && c.res.status < 400;
      logger[quiet ? 'debug' : 'info']('request', {
        method: c.req.method,
        path: loggedPath(c.req.path, routePath(c)),
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      });
    });
  };
  return [assignId, logRequest];
}
