import type { IncomingMessage, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, MiddlewareHandler } from 'hono';
import { listenOnLoopback, type LoopbackServer } from '../loopback.ts';

/**
 * What every provider's stand-in shares: its server on loopback (HTTP, or HTTPS taking only clients
 * whose certificate the test CA signed, as Efí's APIs do), the record of the requests it got, the
 * faults a test scripts on a route, and the webhooks it posts. The stand-in itself keeps only what
 * the provider documents: its routes, shapes, validation and error bodies.
 */

export interface StandInRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-case names, as Node hands them over. */
  headers: Record<string, string>;
  rawBody: string;
  /** The body parsed as JSON; null when empty or not JSON. */
  body: unknown;
  /** Whether the client showed a certificate the CA signed (always false over plain HTTP). */
  clientCertificate: boolean;
  at: number;
  /** The status the stand-in answered with; 0 while none went out (a hang, a dropped connection). */
  status: number;
}

/**
 * A scripted answer for the next request to a route, in place of the documented one.
 * `processed`: the stand-in does the request first (its state changes), then answers so.
 */
export type Fault =
  /** Does the request at once and answers it `ms` later (a slow provider). */
  | { kind: 'delay'; ms: number }
  /** That status with that JSON body (the stand-in's error body when none; `null`: an empty body). */
  | { kind: 'status'; status: number; body?: unknown; processed?: boolean }
  /** That text as is: malformed JSON, an HTML error page, odd keys. */
  | { kind: 'raw'; text: string; status?: number; contentType?: string; processed?: boolean }
  /** Takes the request and never answers (the client's timeout decides). */
  | { kind: 'hang'; processed?: boolean }
  /** Drops the connection after reading the request, without doing it. */
  | { kind: 'reset' }
  /** Does the request, then drops the connection: the answer is lost. */
  | { kind: 'swallowed' };

export interface WebhookDelivery {
  /** The provider's name for what happened (`OPENPIX:CHARGE_COMPLETED`), when the stand-in gives one. */
  event?: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The receiver's status; 0 when the connection failed. */
  status: number;
  at: number;
}

/** The server certificate, its key and the CA whose client certificates it takes. */
export interface MtlsOptions {
  key: string;
  cert: string;
  ca: string;
}

type Answer = Response | Promise<Response>;

export interface StandInKit<Route extends string> {
  requests: StandInRequest[];
  deliveries: WebhookDelivery[];
  /** Queues `fault` for the next request to `route` (first in, first out). */
  script(route: Route, fault: Fault): void;
  /** Drops the scripted faults no request has met yet: a fault meant for one step never meets a later one. */
  clearScripts(): void;
  /** Hono middleware that records every request (method, path, query, headers, raw and parsed body). */
  record: MiddlewareHandler;
  /** `record` for a stand-in that reads Node's request itself (`listenNode`): its raw body read, its answer's status kept. */
  recordNode(request: IncomingMessage, response: ServerResponse, rawBody: string): StandInRequest;
  /** The request `record` stored for this context. */
  recorded(c: Context): StandInRequest;
  /** Answers a request to `route`: the next scripted fault if one waits, else `real()`, the documented answer. */
  answer(c: Context, route: Route, real: () => Answer): Promise<Response>;
  /** POSTs `body` to `url` with `headers` (Content-Type JSON unless given) and records the delivery. */
  deliver(url: string | URL, body: string, headers?: Record<string, string>, event?: string): Promise<WebhookDelivery>;
  /** Runs `work` (a provider's deliveries after an answer) without waiting for it; `settled` waits for it. */
  inBackground(work: () => Promise<unknown>): void;
  /** Waits for the deliveries under way (those started with `void deliver(…)`) and the work in the background. */
  settled(): Promise<void>;
  listen(fetch: (request: Request, env?: unknown) => Answer, options?: { mtls?: MtlsOptions; port?: number }): Promise<LoopbackServer>;
  /** `listen` for a stand-in that writes its answers on Node's response itself (Efí's, which reads the TLS socket). */
  listenNode(
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options?: { mtls?: MtlsOptions; port?: number },
  ): Promise<LoopbackServer>;
  /** Releases the hanging answers and closes the servers, open connections included. */
  stop(): Promise<void>;
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function incoming(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/** `errorBody`: the JSON a `status` fault without a body answers (the provider's own error shape). */
export function createStandInKit<Route extends string = string>(
  options: { errorBody?: (status: number) => unknown } = {},
): StandInKit<Route> {
  const scripts = new Map<Route, Fault[]>();
  const hanging = new Set<() => void>();
  const underWay = new Set<Promise<unknown>>();
  const byContext = new WeakMap<Context, StandInRequest>();
  const errorBody = options.errorBody ?? ((status: number) => ({ error: `scripted ${status}` }));
  const closes: Array<() => Promise<void>> = [];
  const track = (promise: Promise<unknown>) => {
    underWay.add(promise);
    void promise.finally(() => underWay.delete(promise));
  };

  function recordOf(method: string, url: URL, headers: Headers, rawBody: string, socket: object | undefined): StandInRequest {
    const request: StandInRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(headers.entries()),
      rawBody,
      body: parseJson(rawBody),
      clientCertificate: socket !== undefined && 'authorized' in socket && socket.authorized === true,
      at: Date.now(),
      status: 0,
    };
    kit.requests.push(request);
    return request;
  }

  const hang = (c: Context) => new Promise<Response>((resolve) => hanging.add(() => resolve(c.body(null, 504))));
  const drop = (c: Context) => {
    incoming(c)?.socket.destroy();
    return new Promise<Response>(() => undefined);
  };

  function faulty(c: Context, fault: Exclude<Fault, { kind: 'delay' | 'reset' | 'swallowed' }>): Answer {
    if (fault.kind === 'hang') return hang(c);
    if (fault.kind === 'raw') {
      return new Response(fault.text, {
        status: fault.status ?? 200,
        headers: { 'Content-Type': fault.contentType ?? 'application/json' },
      });
    }
    if (fault.body === null) return c.body(null, fault.status as 500);
    return c.json(fault.body === undefined ? errorBody(fault.status) : fault.body, fault.status as 500);
  }

  const kit: StandInKit<Route> = {
    requests: [],
    deliveries: [],
    script: (route, fault) => void scripts.set(route, [...(scripts.get(route) ?? []), fault]),
    clearScripts: () => scripts.clear(),
    record: async (c, next) => {
      const request = recordOf(c.req.method, new URL(c.req.url), c.req.raw.headers, await c.req.text(), incoming(c)?.socket);
      byContext.set(c, request);
      await next();
      request.status = c.res.status;
    },
    recordNode(request, response, rawBody) {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
      const recorded = recordOf(request.method ?? '', new URL(request.url ?? '/', 'https://stand-in'), headers, rawBody, request.socket);
      response.on('finish', () => (recorded.status = response.statusCode));
      return recorded;
    },
    recorded: (c) => {
      const request = byContext.get(c);
      if (!request) throw new Error('the stand-in answered a request its record middleware did not see');
      return request;
    },
    async answer(c, route, real) {
      const fault = scripts.get(route)?.shift();
      if (!fault) return real();
      switch (fault.kind) {
        case 'delay': {
          const response = await real();
          await new Promise((resolve) => setTimeout(resolve, fault.ms));
          return response;
        }
        case 'reset':
          return drop(c);
        case 'swallowed':
          await real();
          return drop(c);
        default:
          if (fault.processed) await real();
          return faulty(c, fault);
      }
    },
    deliver(url, body, headers = {}, event) {
      const sent = { 'Content-Type': 'application/json', ...headers };
      const delivery = (async () => {
        let status = 0;
        try {
          const response = await fetch(url, { method: 'POST', headers: sent, body });
          await response.text();
          status = response.status;
        } catch {
          // A receiver that is down: the provider sees a failed delivery, as status 0 records.
        }
        const made: WebhookDelivery = {
          ...(event === undefined ? {} : { event }),
          url: String(url),
          headers: sent,
          body,
          status,
          at: Date.now(),
        };
        kit.deliveries.push(made);
        return made;
      })();
      track(delivery);
      return delivery;
    },
    inBackground: (work) => track(work().catch(() => undefined)),
    async settled() {
      while (underWay.size > 0) await Promise.allSettled([...underWay]);
    },
    async listen(fetch, listenOptions = {}) {
      const listening = await listenOnLoopback(fetch, listenOptions.port, listenOptions.mtls);
      closes.push(listening.close);
      return listening;
    },
    listenNode: (handler, listenOptions) =>
      kit.listen((_request, env) => {
        const { incoming, outgoing } = env as { incoming: IncomingMessage; outgoing: ServerResponse };
        handler(incoming, outgoing);
        return RESPONSE_ALREADY_SENT;
      }, listenOptions),
    async stop() {
      for (const release of hanging) release();
      hanging.clear();
      await Promise.all(closes.splice(0).map((close) => close()));
    },
  };
  return kit;
}
