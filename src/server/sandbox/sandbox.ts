import { createHash, randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { site } from '../../content/site.ts';
import { DEMO_BUMP_OFFER_HASH, DEMO_BUMP_PRODUCT_HASH, orderBump } from '../../content/offers.ts';
import { limitBody } from '../http/http.ts';
import { formatCount } from '../../shared/text.ts';
import { BUSINESS_TIME_ZONE } from '../../shared/time.ts';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';
import { buildPixBrCode } from '../gateway/br-code.ts';
import { isRecord, readCents, type JsonRecord } from '../lib/json-record.ts';
import {
  changeSandboxTransactionStatus,
  findSandboxTransaction,
  insertSandboxTransaction,
  type SandboxTransactionRow,
} from './sandbox-repository.ts';
import { renderSandboxNotFoundPage, renderSandboxPayPage } from './sandbox-page.ts';
import { secretsMatch } from '../config/secrets.ts';
import { SANDBOX_OFFER_HASH, SANDBOX_PRODUCT_HASH } from '../gateway/demo-sandbox.ts';
import { parseJsonSafely } from '../lib/safe-parse.ts';
import { limits, type RateLimiter } from '../http/rate-limit.ts';

/** A stand-in gateway with TriboPay's paths and shapes (docs/gateway.md#3-charge, #8-errors), to click through offline. */

const PRODUCT_TITLE = site.productName;
const OFFER_PRICE_CENTS = site.priceCents;
/** TriboPay refuses less than R$ 5,00 with HTTP 400 (docs/gateway.md#3-charge). */
const MIN_AMOUNT_CENTS = 500;
/** A random EVP key that belongs to nobody: a bank app shown this code cannot pay anyone with it. */
const SANDBOX_PIX_KEY = '4f2a9c1e-7b3d-4e8a-9f60-5c1d2b3a4e5f';
const MERCHANT_NAME = 'VITRINE SANDBOX';
const MERCHANT_CITY = 'SAO PAULO';
const POSTBACK_TIMEOUT_MS = 3_000;
const MAX_BODY_BYTES = 64 * 1024;

type SandboxVariables = { limiter?: RateLimiter; clientAddress?: string };

const OWN_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface SandboxGatewayOptions {
  db: Kysely<Database>;
  token: string;
  logger: Logger;
  fetch?: typeof fetch;
  /** Postbacks may only go there: a public sandbox must not make our server POST where someone else names. */
  ownOrigin?: () => string;
}

/** Gateway-style ids: lower-case letters and digits, 10 characters (docs/gateway.md#3-charge). */
function newTransactionHash(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  // 252 is the largest multiple of 36 below 256: rejecting the rest keeps every character equally likely.
  let hash = '';
  while (hash.length < 10) {
    for (const byte of randomBytes(16)) {
      if (byte < 252 && hash.length < 10) hash += alphabet[byte % 36];
    }
  }
  return hash;
}

function numericIds(hash: string): { id: number; transaction: string } {
  const digest = createHash('sha256').update(hash).digest();
  return {
    id: 1_000_000 + (digest.readUInt32BE(0) % 9_000_000),
    transaction: String(20_000_000 + (digest.readUInt32BE(4) % 9_000_000)),
  };
}

const gatewayTimeFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "YYYY-MM-DD HH:MM:SS" without a zone, Brazil time, as the real responses have it. */
function gatewayTime(at: number): string {
  return gatewayTimeFormat.format(new Date(at));
}

function sandboxOffer(createdAt: string) {
  return {
    hash: SANDBOX_OFFER_HASH,
    // Pepper's offers often have no title of their own (docs/gateway.md#2-products): the client must fall back.
    title: null,
    price: OFFER_PRICE_CENTS,
    url: null,
    status: 1,
    interval: null,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

function sandboxProduct(createdAt: string) {
  return {
    hash: SANDBOX_PRODUCT_HASH,
    title: PRODUCT_TITLE,
    description: 'Produto de testes do ambiente sandbox.',
    cover: null,
    id_category: 1,
    product_type: 'digital',
    guaranted_days: '7',
    sale_page: null,
    status: 1,
    support_name: 'Sandbox',
    support_email: null,
    support_whatsapp: null,
    offers: [sandboxOffer(createdAt)],
  };
}

/** The offer after payment charges the same offer at its own price, taken from the cart as the real API does. */
function sandboxBumpProduct(createdAt: string) {
  return {
    ...sandboxProduct(createdAt),
    hash: DEMO_BUMP_PRODUCT_HASH,
    title: orderBump?.name ?? 'Produto adicional',
    offers: [{ ...sandboxOffer(createdAt), hash: DEMO_BUMP_OFFER_HASH, price: orderBump?.priceCents ?? OFFER_PRICE_CENTS }],
  };
}

const KNOWN_OFFERS = new Set([SANDBOX_OFFER_HASH, DEMO_BUMP_OFFER_HASH]);

interface SandboxCartLine {
  hash: string;
  offer: string;
  title: string;
  price: number;
}

function readCart(value: unknown): SandboxCartLine[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > 10) return null;
  const lines: SandboxCartLine[] = [];
  for (const entry of value) {
    if (!isRecord(entry)) return null;
    const offer = text(entry.offer_hash);
    const price = readCents(entry.price);
    if (!offer || !KNOWN_OFFERS.has(offer) || price === null || price <= 0) return null;
    const hash = text(entry.product_hash) ?? (offer === DEMO_BUMP_OFFER_HASH ? DEMO_BUMP_PRODUCT_HASH : SANDBOX_PRODUCT_HASH);
    lines.push({ hash, offer, title: text(entry.title) ?? PRODUCT_TITLE, price });
  }
  return lines;
}

const UTM_FIELDS = ['utm_source', 'utm_campaign', 'utm_content', 'utm_term', 'utm_medium'] as const;

function readTracking(value: unknown): Record<string, string> | null {
  if (!isRecord(value)) return null;
  const kept = Object.entries(value)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .slice(0, 20);
  return kept.length > 0 ? Object.fromEntries(kept.map(([key, text]) => [key.slice(0, 40), text.slice(0, 200)])) : null;
}

/** The transaction object exactly as TriboPay returns it from POST and GET (and posts it back). */
function transactionJson(row: SandboxTransactionRow) {
  const tracking = (row.tracking ? JSON.parse(row.tracking) : {}) as Record<string, string>;
  const ids = numericIds(row.hash);
  const created = gatewayTime(row.created_at);
  const updated = gatewayTime(row.updated_at);
  return {
    event: 'transaction',
    id: ids.id,
    hash: row.hash,
    payment_method: 'pix',
    payment_status: row.payment_status,
    installments: 1,
    pix: { pix_qr_code: row.pix_code, pix_url: row.pix_code, qr_code_base64: null },
    billet: null,
    amount: row.amount,
    amount_liquid: Math.round(row.amount * 0.9),
    transaction: ids.transaction,
    // Echoed from the charge's `tracking`, and the string "null" when not sent, as TriboPay does.
    ...Object.fromEntries(UTM_FIELDS.map((field) => [field, tracking[field] ?? 'null'])),
    customer: {
      id: ids.id,
      name: row.customer_name,
      email: row.customer_email,
      phone_number: row.customer_phone,
      // The sandbox keeps no document: it has no use for one.
      document: null,
      phone_coutry_code: '55',
      country: 'br',
    },
    producer: { hash: 'sandbox-producer', name: MERCHANT_NAME, recipient_type: 'individual', recipient_id: null },
    affiliate: null,
    offer: { offerId: 1, ...sandboxOffer(created), hash: row.offer_hash ?? SANDBOX_OFFER_HASH },
    product: { ...sandboxProduct(created), hash: row.product_hash ?? SANDBOX_PRODUCT_HASH },
    // TriboPay echoes operation_type as "sale", not the 1 that was sent (docs/gateway.md#3-charge).
    items: storedCart(row).map((line) => ({ hash: line.hash, title: line.title, price: line.price, quantity: 1, operation_type: 'sale' })),
    balance: null,
    postback_url: row.postback_url,
    created_at: created,
    updated_at: updated,
  };
}

/** Rows from before carts were kept hold one product at the whole amount. */
function storedCart(row: SandboxTransactionRow): SandboxCartLine[] {
  const fallback = [
    {
      hash: row.product_hash ?? SANDBOX_PRODUCT_HASH,
      offer: row.offer_hash ?? SANDBOX_OFFER_HASH,
      title: PRODUCT_TITLE,
      price: row.amount,
    },
  ];
  if (!row.cart) return fallback;
  try {
    return readCart(JSON.parse(row.cart)) ?? fallback;
  } catch {
    return fallback;
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Laravel's validation envelope, as TriboPay sends it (docs/gateway.md#8-errors). */
function validationFailure(c: Context, errors: Record<string, string[]>) {
  const messages = Object.values(errors).flat();
  const rest = messages.length - 1;
  const message = `${messages[0]}${rest > 0 ? ` (e mais ${formatCount(rest, { one: 'erro', other: 'erros' })})` : ''}`;
  return c.json({ success: false, message, errors, status: 422 }, 422);
}

function validateCharge(body: JsonRecord, queryToken: string | undefined, ownOrigin?: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (fieldName: string, message: string) => {
    (errors[fieldName] ??= []).push(message);
  };
  if (!text(body.api_token) && !queryToken) add('api_token', 'api_token é obrigatório');
  if (body.amount === undefined || body.amount === null) add('amount', 'amount é obrigatório');
  else if (readCents(body.amount) === null) add('amount', 'amount deve ser um número inteiro');
  if (!text(body.payment_method)) add('payment_method', 'payment_method é obrigatório');
  else if (body.payment_method !== 'pix') add('payment_method', 'payment_method inválido');
  if (body.installments === undefined || body.installments === null) add('installments', 'installments é obrigatório');
  const cart = Array.isArray(body.cart) && isRecord(body.cart[0]) ? body.cart[0] : null;
  const offerHash = text(body.offer_hash) ?? text(cart?.offer_hash);
  if (!offerHash) add('offer_hash', 'offer_hash é obrigatório');
  else if (!KNOWN_OFFERS.has(offerHash)) add('offer_hash', 'offer_hash inválido');
  if (Array.isArray(body.cart)) {
    const lines = readCart(body.cart);
    const amount = readCents(body.amount);
    if (!lines) add('cart', 'cart inválido');
    else if (amount !== null && lines.reduce((sum, line) => sum + line.price, 0) !== amount) {
      add('amount', 'amount deve ser a soma dos preços do cart');
    }
  }
  const customer = isRecord(body.customer) ? body.customer : null;
  if (!customer) add('customer', 'customer é obrigatório');
  else {
    if (!text(customer.name)) add('customer.name', 'customer.name é obrigatório');
    if (!text(customer.email)) add('customer.email', 'customer.email é obrigatório');
  }
  const postbackUrl = body.postback_url;
  if (postbackUrl !== undefined && postbackUrl !== null && !(typeof postbackUrl === 'string' && isHttpUrl(postbackUrl))) {
    add('postback_url', 'postback_url inválido');
  } else if (typeof postbackUrl === 'string' && ownOrigin !== undefined && new URL(postbackUrl).origin !== ownOrigin) {
    add('postback_url', 'postback_url deve apontar para este site');
  }
  return errors;
}

// Long: the stand-in gateway's routes, each a few lines, share its store and clock in one closure.
export function createSandboxGateway(options: SandboxGatewayOptions): Hono {
  const { db, token, logger } = options;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  logger.addSecret(token);
  const app = new Hono();

  // The real API takes the Bearer header (Pepper) or `?api_token=` (TriboPay): so does the sandbox.
  const authorized = (c: Context) => {
    const header = c.req.header('authorization') ?? '';
    const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
    return secretsMatch(bearer, token) || secretsMatch(c.req.query('api_token'), token);
  };
  const unauthenticated = (c: Context) => c.json({ message: 'Unauthenticated.' }, 401);

  /** The token is public, so charges are limited per client; loopback (our checkout) is limited as orders already. */
  async function chargeLimit(c: Context): Promise<Response | undefined> {
    const { limiter, clientAddress } = c.var as SandboxVariables;
    if (!limiter || clientAddress === undefined || OWN_ADDRESSES.has(clientAddress)) return undefined;
    const decision = await limiter.consume(limits.sandboxCharge, clientAddress, Date.now());
    if (decision.allowed) return undefined;
    c.header('Retry-After', String(Math.ceil(decision.retryAfterMs / 1000)));
    return c.json({ message: 'Too Many Attempts.' }, 429);
  }

  /** Best effort, like a real gateway: one try, a short timeout, the outcome only logged. */
  async function sendPostback(row: SandboxTransactionRow): Promise<void> {
    if (!row.postback_url) return;
    const started = performance.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), POSTBACK_TIMEOUT_MS);
    try {
      const response = await doFetch(row.postback_url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'vitrine-sandbox-gateway' },
        body: JSON.stringify(transactionJson(row)),
        redirect: 'manual',
        signal: controller.signal,
      });
      await response.body?.cancel();
      // The URL carries the order's postback secret: never logged.
      const ms = Math.round(performance.now() - started);
      logger.info('Sandbox postback sent', { hash: row.hash, status: response.status, ms });
    } catch {
      logger.warn('Sandbox postback failed', {
        hash: row.hash,
        reason: controller.signal.aborted ? 'timeout' : 'network',
        ms: Math.round(performance.now() - started),
      });
    } finally {
      clearTimeout(timer);
    }
  }

  app.get('/public/v1/products', (c) => {
    if (!authorized(c)) return unauthenticated(c);
    const here = new URL(c.req.url);
    const pageUrl = `${here.origin}${here.pathname}?page=1`;
    const created = gatewayTime(Date.UTC(2025, 0, 1, 13));
    return c.json({
      data: [sandboxProduct(created), sandboxBumpProduct(created)],
      links: { first: pageUrl, last: pageUrl, prev: null, next: null },
    });
  });

  app.post(
    '/public/v1/transactions',
    limitBody(MAX_BODY_BYTES, (c) => c.json({ message: 'Payload Too Large' }, 413)),
    async (c) => {
      let parsed: unknown = null;
      try {
        // Null-prototype objects without __proto__ keys: the body is an outsider's (safe-parse.ts).
        parsed = parseJsonSafely(await c.req.text());
      } catch {
        // Laravel treats an unreadable body as an empty one: every required field is then missing.
      }
      const body = isRecord(parsed) ? parsed : {};
      const queryToken = c.req.query('api_token');
      const errors = validateCharge(body, queryToken, options.ownOrigin?.());
      if (Object.keys(errors).length > 0) return validationFailure(c, errors);
      if (!secretsMatch(text(body.api_token) ?? queryToken, token)) return unauthenticated(c);
      const limited = await chargeLimit(c);
      if (limited) return limited;
      const amount = readCents(body.amount)!;
      if (amount < MIN_AMOUNT_CENTS) return c.json({ message: 'O valor da compra precisa ser no minimo 5 reais' }, 400);

      const customer = body.customer as JsonRecord;
      // Validated above: a cart that was sent reads whole.
      const lines = readCart(body.cart);
      const hash = newTransactionHash();
      const now = Date.now();
      const tracking = readTracking(body.tracking);
      const row: SandboxTransactionRow = {
        hash,
        amount,
        payment_status: 'waiting_payment',
        product_hash: lines?.[0]?.hash ?? SANDBOX_PRODUCT_HASH,
        offer_hash: text(body.offer_hash) ?? lines?.[0]?.offer ?? null,
        customer_name: text(customer.name),
        customer_email: text(customer.email),
        customer_phone: text(customer.phone_number),
        postback_url: text(body.postback_url),
        tracking: tracking ? JSON.stringify(tracking) : null,
        cart: lines ? JSON.stringify(lines) : null,
        pix_code: buildPixBrCode({
          key: SANDBOX_PIX_KEY,
          amountCents: amount,
          merchantName: MERCHANT_NAME,
          merchantCity: MERCHANT_CITY,
          txid: hash,
        }),
        created_at: now,
        updated_at: now,
      };
      await insertSandboxTransaction(db, row);
      logger.info('Sandbox charge created', { hash, amount });
      return c.json(transactionJson(row), 201);
    },
  );

  app.get('/public/v1/transactions/:hash', async (c) => {
    if (!authorized(c)) return unauthenticated(c);
    const row = await findSandboxTransaction(db, c.req.param('hash'));
    if (!row) return c.json({ message: 'Transação não encontrada' }, 404);
    return c.json(transactionJson(row));
  });

  async function transition(hash: string, from: string, to: string) {
    const changed = await changeSandboxTransactionStatus(db, hash, { from, to, now: Date.now() });
    return { changed, row: await findSandboxTransaction(db, hash) };
  }

  /** The refund endpoint only a second-hand registry names (docs/gateway.md#11-refunds). */
  app.post('/public/v1/transactions/:hash/refund', async (c) => {
    if (!authorized(c)) return unauthenticated(c);
    const hash = c.req.param('hash');
    const { changed, row } = await transition(hash, 'paid', 'refunded');
    if (!row) return c.json({ message: 'Transação não encontrada' }, 404);
    if (!changed) {
      const message = row.payment_status === 'refunded' ? 'Transaction already refunded' : 'Only paid transactions can be refunded';
      return c.json({ message }, 422);
    }
    logger.info('Sandbox refund made', { hash });
    await sendPostback(row);
    return c.json(transactionJson(row));
  });

  app.all('/public/*', (c) =>
    c.json({ success: false, message: `The route ${c.req.path.replace(/^\/+/, '')} could not be found.`, status: 404 }, 404),
  );

  app.get('/pay/:hash', async (c) => {
    const row = await findSandboxTransaction(db, c.req.param('hash'));
    if (!row) return c.html(renderSandboxNotFoundPage(), 404);
    c.header('Cache-Control', 'no-store');
    return c.html(
      renderSandboxPayPage({
        hash: row.hash,
        amountCents: row.amount,
        paymentStatus: row.payment_status,
        pixCode: row.pix_code,
        path: c.req.path,
      }),
    );
  });

  /** The postback is sent on every click: replaying it is how a developer checks the webhook is idempotent. */
  const simulate = (from: string, to: string) => async (c: Context) => {
    const hash = c.req.param('hash') ?? '';
    const { changed, row } = await transition(hash, from, to);
    if (!row) return c.html(renderSandboxNotFoundPage(), 404);
    logger.info('Sandbox status simulated', { hash, status: row.payment_status, changed });
    await sendPostback(row);
    return c.redirect(c.req.path.replace(/\/refund$/, ''), 303);
  };
  app.post('/pay/:hash', simulate('waiting_payment', 'paid'));
  app.post('/pay/:hash/refund', simulate('paid', 'refunded'));

  return app;
}
