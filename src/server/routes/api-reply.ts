import type { Context, Env, Input } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiEndpoint, ApiEndpoints } from '../../shared/api.ts';

/**
 * The routes' side of the one API contract, shared/api.ts's `ApiEndpoints`. Each router sets its
 * `basePath` to its full path (`/api/orders`), so a handler's context knows the path; `sendReply`
 * takes the method, looks `METHOD /path` up in the table and accepts only the reply the table
 * promises, and only when the route validates the body the table says the browser sends. A route
 * missing from the table, another body or another reply fails `tsc` at the handler.
 */

type TableBody<Endpoint extends ApiEndpoint> = ApiEndpoints[Endpoint] extends { body: infer Body } ? Body : undefined;
/** The JSON body the route's validator takes (zValidator's `in.json`); undefined without one. */
type RouteBody<I extends Input> = I extends { in: { json: infer Body } } ? Body : undefined;

/** What `method path` may answer; otherwise a sentence that tsc shows in the error at the handler. */
export type ContractReply<Method extends string, Path extends string, I extends Input> = `${Method} ${Path}` extends infer Endpoint
  ? Endpoint extends ApiEndpoint
    ? [TableBody<Endpoint>, RouteBody<I>] extends [RouteBody<I>, TableBody<Endpoint>]
      ? ApiEndpoints[Endpoint]['reply']
      : `${Endpoint}: the route validates another body than shared/api.ts says`
    : `${Method} ${Path} is not in shared/api.ts`
  : never;

/**
 * Answers a success of `method` at the handler's path as the table says: JSON with `status`, or 204
 * for the endpoints whose reply is `null`.
 */
export function sendReply<E extends Env, Path extends string, I extends Input, Method extends 'GET' | 'POST'>(
  c: Context<E, Path, I>,
  _method: Method,
  reply: ContractReply<Method, Path, I>,
  status: ContentfulStatusCode = 200,
): Response {
  const body: unknown = reply;
  return body === null ? c.body(null, 204) : c.json(body as object, status);
}
