import zlib from 'node:zlib';
import type { Context, Env, Input } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiEndpoint, ApiEndpoints } from '../../shared/api.ts';

// The routes' side of shared/api.ts's `ApiEndpoints`: another body or reply than the table's fails `tsc` at the handler.

type TableBody<Endpoint extends ApiEndpoint> = ApiEndpoints[Endpoint] extends { body: infer Body } ? Body : undefined;
type RouteBody<I extends Input> = I extends { in: { json: infer Body } } ? Body : undefined;

/** Otherwise a sentence that tsc shows in the error at the handler. */
export type ContractReply<Method extends string, Path extends string, I extends Input> = `${Method} ${Path}` extends infer Endpoint
  ? Endpoint extends ApiEndpoint
    ? [TableBody<Endpoint>, RouteBody<I>] extends [RouteBody<I>, TableBody<Endpoint>]
      ? ApiEndpoints[Endpoint]['reply']
      : `${Endpoint}: the route validates another body than shared/api.ts says`
    : `${Method} ${Path} is not in shared/api.ts`
  : never;

export function sendReply<E extends Env, Path extends string, I extends Input, Method extends 'GET' | 'POST'>(
  c: Context<E, Path, I>,
  _method: Method,
  reply: ContractReply<Method, Path, I>,
  status: ContentfulStatusCode = 200,
  { gzip = false } = {},
): Response {
  const body: unknown = reply;
  if (body === null) return c.body(null, 204);
  // A reply a phone waits for on a slow link (the checkout's QR): a third of the bytes, for well under a millisecond here.
  if (gzip && acceptsGzip(c.req.header('Accept-Encoding'))) {
    return c.body(new Uint8Array(zlib.gzipSync(JSON.stringify(body))), status, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
      Vary: 'Accept-Encoding',
    });
  }
  return c.json(body as object, status);
}

/** `gzip` or `*` with a weight above 0: `gzip;q=0` refuses it. */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const named = accepts.find((accept) => accept.type.toLowerCase() === 'gzip') ?? accepts.find((accept) => accept.type === '*');
  return (named?.q ?? 0) > 0;
}
