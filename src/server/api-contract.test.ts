import type { Hono } from 'hono';
import type { UnionToIntersection } from 'hono/utils/types';
import { describe, expectTypeOf, it } from 'vitest';
import type { ApiEndpoints, ApiReply } from '../shared/api.ts';
import type { AppType } from './app.ts';

/**
 * The client's table of our API (shared/api.ts) against what the chained routes really accept and
 * answer (`AppType`, inferred from the handlers). These are type checks: `npm run typecheck` fails on
 * a mismatch, and each failing endpoint shows up by name in the error.
 */

/** AppType's routes: path → `$get`/`$post`… → every response the handler can give. */
type Routes = UnionToIntersection<AppType extends Hono<infer _Env, infer Schema, infer _Base> ? Schema : never>;
type Path<Key> = Key extends `${string} ${infer P}` ? P : never;
type Method<Key> = Key extends `${infer M} ${string}` ? `$${Lowercase<M>}` : never;
type Route<Key> =
  Path<Key> extends keyof Routes ? (Method<Key> extends keyof Routes[Path<Key>] ? Routes[Path<Key>][Method<Key>] : never) : never;

/** Every answer but the error shape (shared/api.ts `ApiErrorBody`, and its relatives with more fields). */
type Success<R> = R extends { output: infer Output } ? (Output extends { error: string } ? never : Output) : never;
type JsonInput<R> = R extends { input: { json: infer Body } } ? Body : undefined;
type ContractBody<Key extends keyof ApiEndpoints> = ApiEndpoints[Key] extends { body: infer Body } ? Body : undefined;

type Problem<Key extends keyof ApiEndpoints> = [Route<Key>] extends [never]
  ? 'no such route'
  : [Success<Route<Key>>] extends [ApiReply<Key>]
    ? [ContractBody<Key>, JsonInput<Route<Key>>] extends [JsonInput<Route<Key>>, ContractBody<Key>]
      ? never
      : "the table's body is not the input of the route's schema"
    : 'the route answers something the table does not promise';

type Problems = { [Key in keyof ApiEndpoints as Problem<Key> extends never ? never : Key]: Problem<Key> };

/** Routes the browser does not call through the table: the gateway's postback, downloads, the API's 404. */
type NotForTheBrowser =
  | 'POST /api/webhooks/gateway'
  | 'GET /api/admin/orders.csv'
  | 'GET /api/admin/suppliers.csv'
  | 'GET /api/admin/audit'
  | `${string} /api/*`
  | `${string} /api/admin/*`;
type RouteKeys = {
  [P in Extract<keyof Routes, string>]: {
    [M in Extract<keyof Routes[P], string>]: M extends `$${infer Name}` ? `${Uppercase<Name>} ${P}` : never;
  }[Extract<keyof Routes[P], string>];
}[Extract<keyof Routes, string>];
type Unlisted = Exclude<RouteKeys, keyof ApiEndpoints | NotForTheBrowser>;

describe('the API table (shared/api.ts) and the routes (AppType)', () => {
  it('agree on every endpoint: the route exists, takes the body the table sends and answers what it promises', () => {
    expectTypeOf<Problems>().toEqualTypeOf<Record<never, never>>();
  });

  it('list every route the browser may call', () => {
    expectTypeOf<Unlisted>().toEqualTypeOf<never>();
  });
});
