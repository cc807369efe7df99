import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
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
  /** That text as is: malformed JSON, an HTML error page, odd keys; `headers` beside it (a Retry-After). */
  | { kind: 'raw'; text: string; status?: number; contentType?: string; processed?: boolean; headers?: Record<string, string> }
  /** Takes the request and never answers (the client's timeout decides). */
  | { kind: 'hang'; processed?: boolean }
  /** Drops the connection after reading the request, without doing it. */
  | { kind: 'reset' }
  /** Does the request, then drops the connection: the answer is lost. */
  | { kind: 'swallowed' }
  /** Does the request and answers its status, with `rewrite` of the documented JSON body as the body. */
  | { kind: 'rewrite'; rewrite: (normal: Record<string, unknown>) => string };

export interface WebhookDelivery {
  /** The provider's name for what happened (`OPENPIX:CHARGE_COMPLETED`), when the stand-in gives one. */
  event?: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The receiver's status; 0 when the connection failed. */
  status: number;
  /** Whether the delivery presented a client certificate over HTTPS (mTLS). */
  clientCertificate: boolean;
  at: number;
}

/** How a delivery over HTTPS trusts the receiver (`ca`) and, with `cert` and `key`, shows its own certificate. */
export interface DeliveryTls {
  ca: string;
  cert?: string;
  key?: string;
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
  /** Takes the next fault scripted on the first route `matches` accepts (a Node-handler stand-in's own routing). */
  takeFault(matches: (route: Route) => boolean): Fault | undefined;
  /** On Node's response, the faults met before the request is done; true when one answered (or will never). */
  faultBeforeNode(fault: Fault | undefined, request: IncomingMessage, response: ServerResponse): boolean;
  /** On Node's response, the documented answer (`json` null: no body) as `fault` turns it, once the request is done. */
  answerNode(
    fault: Fault | undefined,
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    json: Record<string, unknown> | null,
  ): void;
  /** Hono middleware that records every request (method, path, query, headers, raw and parsed body). */
  record: MiddlewareHandler;
  /** `record` for a stand-in that reads Node's request itself (`listenNode`): its raw body read, its answer's status kept. */
  recordNode(request: IncomingMessage, response: ServerResponse, rawBody: string): StandInRequest;
  /** The request `record` stored for this context. */
  recorded(c: Context): StandInRequest;
  /** Answers a request to `route`: the next scripted fault if one waits, else `real()`, the documented answer. */
  answer(c: Context, route: Route, real: () => Answer): Promise<Response>;
  /** POSTs `body` to `url` with `headers` (Content-Type JSON unless given) and records the delivery; over HTTPS with `tls` (else the kit's). */
  deliver(url: string | URL, body: string, headers?: Record<string, string>, event?: string, tls?: DeliveryTls): Promise<WebhookDelivery>;
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

/** POSTs over HTTPS with an Agent holding `tls`: the receiver's CA, and the client certificate when given. */
function postTls(url: URL, body: string, headers: Record<string, string>, tls: DeliveryTls): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = https.request(url, { method: 'POST', headers, agent: new https.Agent(tls) }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function post(url: URL, body: string, headers: Record<string, string>, tls: DeliveryTls | undefined): Promise<number> {
  if (url.protocol === 'https:' && tls) return postTls(url, body, headers, tls);
  const response = await fetch(url, { method: 'POST', headers, body });
  await response.text();
  return response.status;
}

/**
 * `errorBody`: the JSON a `status` fault without a body answers (the provider's own error shape).
 * `deliveryTls`: how its deliveries over HTTPS trust the receiver and present its client certificate.
 */
export function createStandInKit<Route extends string = string>(
  options: { errorBody?: (status: number) => unknown; deliveryTls?: DeliveryTls } = {},
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

  function writeNode(
    response: ServerResponse,
    status: number,
    text: string | null,
    contentType = 'application/json',
    headers: Record<string, string> = {},
  ): void {
    if (text === null) response.writeHead(status, headers).end();
    else response.writeHead(status, { ...headers, 'Content-Type': contentType }).end(text);
  }

  function faultyNode(
    fault: Exclude<Fault, { kind: 'delay' | 'reset' | 'swallowed' | 'rewrite' }>,
    request: IncomingMessage,
    response: ServerResponse,
  ): void {
    if (fault.kind === 'hang') return void hanging.add(() => request.socket.destroy());
    if (fault.kind === 'raw') return writeNode(response, fault.status ?? 200, fault.text, fault.contentType, fault.headers);
    const body = fault.body === undefined ? errorBody(fault.status) : fault.body;
    writeNode(response, fault.status, body === null ? null : JSON.stringify(body));
  }

  function faulty(c: Context, fault: Exclude<Fault, { kind: 'delay' | 'reset' | 'swallowed' | 'rewrite' }>): Answer {
    if (fault.kind === 'hang') return hang(c);
    if (fault.kind === 'raw') {
      return new Response(fault.text, {
        status: fault.status ?? 200,
        headers: { ...fault.headers, 'Content-Type': fault.contentType ?? 'application/json' },
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
    takeFault(matches) {
      for (const [route, faults] of scripts) if (faults.length > 0 && matches(route)) return faults.shift();
      return undefined;
    },
    faultBeforeNode(fault, request, response) {
      if (!fault || fault.kind === 'delay' || fault.kind === 'swallowed' || fault.kind === 'rewrite') return false;
      if (fault.kind === 'reset') request.socket.destroy();
      else if (fault.processed) return false;
      else faultyNode(fault, request, response);
      return true;
    },
    answerNode(fault, request, response, status, json) {
      const documented = () => writeNode(response, status, json === null ? null : JSON.stringify(json));
      if (!fault || fault.kind === 'reset') return documented();
      if (fault.kind === 'delay') return void setTimeout(documented, fault.ms);
      if (fault.kind === 'swallowed') return void request.socket.destroy();
      if (fault.kind === 'rewrite') return writeNode(response, status, fault.rewrite(json ?? {}));
      faultyNode(fault, request, response);
    },
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
        case 'rewrite': {
          const response = await real();
          const normal = (await response.json().catch(() => ({}))) as Record<string, unknown>;
          return new Response(fault.rewrite(normal), { status: response.status, headers: { 'Content-Type': 'application/json' } });
        }
        default:
          if (fault.processed) await real();
          return faulty(c, fault);
      }
    },
    deliver(url, body, headers = {}, event, tls = options.deliveryTls) {
      const sent = { 'Content-Type': 'application/json', ...headers };
      const target = new URL(url);
      const delivery = (async () => {
        let status = 0;
        try {
          status = await post(target, body, sent, tls);
        } catch {
          // A receiver that is down: the provider sees a failed delivery, as status 0 records.
        }
        const made: WebhookDelivery = {
          ...(event === undefined ? {} : { event }),
          url: String(url),
          headers: sent,
          body,
          status,
          clientCertificate: target.protocol === 'https:' && tls?.cert !== undefined,
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
