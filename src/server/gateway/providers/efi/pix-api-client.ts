/** The standard "API Pix" over node:https: mTLS on every call, OAuth2 client credentials, one token shared by all calls. */
import { readFileSync } from 'node:fs';
import type { ClientRequest, IncomingMessage } from 'node:http';
import https from 'node:https';
import { createSecureContext } from 'node:tls';
import { parseJsonSafely } from '../../../lib/safe-parse.ts';
import { retryAfterMs } from '../../transport.ts';
import { clientTlsMaterial, type ClientTlsMaterial } from '../../../lib/client-certificate.ts';
import { parseToken } from './pix-api-parse.ts';
import type { PixApiProfile } from './pix-api-profile.ts';

/** What the client needs of the seller's settings. */
interface PixApiCredentials {
  clientId: string;
  clientSecret: string;
  certificatePath: string;
  apiUrl: string;
}

interface PixApiClientOptions {
  now: () => number;
  timeoutMs: number;
  ca?: string | Buffer;
}

type CallMethod = 'GET' | 'PUT' | 'PATCH' | 'POST';

export interface PixApiClient {
  /** One call with the current token; a 401 gets a fresh token and one more try. Throws CallFailure. */
  call(method: CallMethod, path: string, payload?: unknown, headers?: Record<string, string>): Promise<Reply>;
}

export interface Reply {
  status: number;
  json: unknown;
  invalidJson: boolean;
  /** Its Retry-After, on a 429 or 503. */
  retryAfterMs?: number;
}

type FailureReason = 'certificate_file' | 'certificate' | 'credentials' | 'token' | 'timeout' | 'network';

/** A call that got no usable HTTP answer. `sent` is false only when the bank surely never processed it. */
export class CallFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    readonly sent: boolean,
    readonly status?: number,
  ) {
    super(`pix api ${reason}`);
  }
}

/** Renew the token this long before the bank says it expires, so no call goes out with a dying one. */
const TOKEN_MARGIN_MS = 60_000;
const MAX_REPLY_BYTES = 1_000_000;

/** The server refused our certificate in the handshake: nothing was processed. */
const CERTIFICATE_ALERT =
  /ALERT_(CERTIFICATE_REQUIRED|BAD_CERTIFICATE|UNKNOWN_CA|CERTIFICATE_UNKNOWN|HANDSHAKE_FAILURE|ACCESS_DENIED|DECRYPT_ERROR)/;
/** Failures before the request could leave: no connection, or a server certificate we do not trust. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : '';
}

/** The agent presenting the seller's certificate. Parsed here, so a wrong file or passphrase is told apart from a refused certificate. */
function loadAgent(certificatePath: string, ca: string | Buffer | undefined): https.Agent {
  let certificate: Buffer;
  try {
    certificate = readFileSync(certificatePath);
  } catch {
    throw new CallFailure('certificate_file', false);
  }
  let material: ClientTlsMaterial;
  try {
    material = clientTlsMaterial(certificate);
    createSecureContext(material);
  } catch {
    throw new CallFailure('certificate_file', false);
  }
  return new https.Agent({ keepAlive: true, minVersion: 'TLSv1.2', ...material, ...(ca ? { ca } : {}) });
}

/** The agent, made on the first call that needs it; a failure to make it is not kept, the next call tries again. */
function agentLoader(certificatePath: string, ca: string | Buffer | undefined): () => https.Agent {
  let agent: https.Agent | null = null;
  return () => (agent ??= loadAgent(certificatePath, ca));
}

/** Where and how requests go: the bank's base URL, the agent, the deadline of each. */
interface Target {
  baseUrl: string;
  agent: () => https.Agent;
  timeoutMs: number;
}

/** What a request's error means: was the certificate refused, unreadable, or was it the network (and was it sent)? */
function failureOf(
  code: string,
  state: { timedOut: boolean; connected: boolean; fresh: boolean },
  firstOnConnection: boolean,
): CallFailure {
  if (state.timedOut) return new CallFailure('timeout', state.connected);
  if (CERTIFICATE_ALERT.test(code) || (firstOnConnection && state.fresh && state.connected && code === 'ECONNRESET')) {
    return new CallFailure('certificate', false);
  }
  if (code.startsWith('ERR_OSSL') || code === 'ERR_SSL_WRONG_VERSION_NUMBER') return new CallFailure('certificate_file', false);
  return new CallFailure('network', state.connected && !NOT_SENT.has(code));
}

/** The reply's body as JSON, bounded; `invalidJson` when it is text that does not parse. */
function readReply(request: ClientRequest, response: IncomingMessage, done: (reply: Reply) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  response.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_REPLY_BYTES) request.destroy(new Error('reply too large'));
    else chunks.push(chunk);
  });
  response.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    let json: unknown;
    let invalidJson = false;
    if (raw.trim() !== '') {
      try {
        json = parseJsonSafely(raw);
      } catch {
        invalidJson = true;
      }
    }
    const wait = retryAfterMs(response.headers['retry-after']);
    done({ status: response.statusCode ?? 0, json, invalidJson, ...(wait === undefined ? {} : { retryAfterMs: wait }) });
  });
  response.on('aborted', () => request.destroy(new Error('reply aborted')));
}

/** `firstOnConnection`: a reset after a TLS 1.3 handshake on the token call reads as a refused certificate. */
function send(
  target: Target,
  method: 'GET' | 'PUT' | 'POST' | 'PATCH',
  path: string,
  headers: Record<string, string>,
  body?: string,
  firstOnConnection = false,
): Promise<Reply> {
  const httpsAgent = target.agent();
  return new Promise((resolve, reject) => {
    const state = { connected: false, fresh: false, timedOut: false };
    const request = https.request(`${target.baseUrl}${path}`, {
      method,
      agent: httpsAgent,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }),
        ...headers,
      },
    });
    const timer = setTimeout(() => {
      state.timedOut = true;
      request.destroy(new Error('timeout'));
    }, target.timeoutMs);
    request.on('socket', (socket) => {
      if (!socket.connecting) {
        state.connected = true;
        return;
      }
      state.fresh = true;
      socket.once('secureConnect', () => {
        state.connected = true;
      });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(failureOf(errorCode(error), state, firstOnConnection));
    });
    request.on('response', (response) =>
      readReply(request, response, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      }),
    );
    request.end(body);
  });
}

interface IssuedToken {
  token: string;
  until: number;
}

/** One client-credentials grant. Nothing is created by a token call, so any failure of it means the real call was not sent. */
async function requestToken(
  target: Target,
  profile: PixApiProfile,
  credentials: PixApiCredentials,
  now: () => number,
): Promise<IssuedToken> {
  const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
  const grant: Record<string, string> = { grant_type: 'client_credentials' };
  if (profile.scopes) grant.scope = profile.scopes.join(' ');
  const form = profile.tokenBody === 'form';
  const body = form ? new URLSearchParams(grant).toString() : JSON.stringify(grant);
  const headers: Record<string, string> = { Authorization: `Basic ${basic}` };
  if (form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    headers['Content-Length'] = String(Buffer.byteLength(body));
  }
  let reply: Reply;
  try {
    reply = await send(target, 'POST', profile.tokenPath, headers, body, true);
  } catch (error) {
    if (error instanceof CallFailure && (error.reason === 'certificate' || error.reason === 'certificate_file')) throw error;
    throw new CallFailure('token', false);
  }
  if (reply.status === 401 || reply.status === 400 || reply.status === 403) throw new CallFailure('credentials', false, reply.status);
  const parsed = reply.status >= 200 && reply.status < 300 ? parseToken(reply.json) : null;
  if (!parsed) throw new CallFailure('token', false, reply.status);
  return { token: parsed.token, until: now() + parsed.expiresInSeconds * 1000 - TOKEN_MARGIN_MS };
}

interface TokenSource {
  get(): Promise<string>;
  /** The bank refused the token: the next call asks for another. */
  forget(): void;
}

/** Concurrent calls share one token request; a failure is not kept, the next call asks again. */
function tokenSource(issue: () => Promise<IssuedToken>, now: () => number): TokenSource {
  let cached: IssuedToken | null = null;
  let loading: Promise<string> | null = null;
  return {
    get() {
      if (cached && now() < cached.until) return Promise.resolve(cached.token);
      loading ??= issue()
        .then((issued) => {
          cached = issued;
          return issued.token;
        })
        .finally(() => {
          loading = null;
        });
      return loading;
    },
    forget() {
      cached = null;
    },
  };
}

export function createPixApiClient(profile: PixApiProfile, credentials: PixApiCredentials, options: PixApiClientOptions): PixApiClient {
  const target: Target = {
    baseUrl: credentials.apiUrl.replace(/\/+$/, ''),
    agent: agentLoader(credentials.certificatePath, options.ca),
    timeoutMs: options.timeoutMs,
  };
  const tokens = tokenSource(() => requestToken(target, profile, credentials, options.now), options.now);
  return {
    async call(method, path, payload, headers = {}) {
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      for (let attempt = 0; ; attempt++) {
        const token = await tokens.get();
        const reply = await send(target, method, path, { ...headers, Authorization: `Bearer ${token}` }, body);
        if (reply.status !== 401) return reply;
        tokens.forget();
        // A 401 is answered before anything is done, so trying again cannot do anything twice.
        if (attempt >= 1) throw new CallFailure('credentials', false, 401);
      }
    },
  };
}
