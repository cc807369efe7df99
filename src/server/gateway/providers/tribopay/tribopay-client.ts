import { gatewayRefundErrors } from '../../../../content/api-errors.ts';
import type { Logger } from '../../../lib/logger.ts';
import { gatewayErrorMessage, refusesCustomerFields, gatewayMessages, refundErrorDetail } from '../../errors.ts';
import { chooseOffer, parseProductPage } from './parse-products.ts';
import { parseCharge, parseRefundReply, parseTransactionRecord } from './parse-transaction.ts';
import { GatewayError, type Charge, type GatewayProduct } from '../../types.ts';
import type { ChargeInput, ChargeItem, GatewayClient, RefundAnswer, TransactionRecord } from './tribopay-types.ts';
import { DEFAULT_TIMEOUT_MS, errorCode, NOT_SENT_CODES } from '../../transport.ts';

export interface GatewayClientOptions {
  /** The `{provider}` prefix, e.g. `https://api.tribopay.com.br/api`; a function when it is known only later. */
  baseUrl: string | (() => string);
  token: string;
  productHash: string;
  logger: Logger;
  timeoutMs?: number;
  productCacheMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_PRODUCT_CACHE_MS = 5 * 60_000;
/** A seller has a handful of products; a gateway that keeps paging is misbehaving. */
const MAX_PRODUCT_PAGES = 20;

/** The request never got an HTTP answer. `sent` is false only when it surely never reached the gateway. */
class TransportFailure extends Error {
  constructor(
    readonly reason: 'timeout' | 'network',
    readonly sent: boolean,
    readonly code: string | undefined,
  ) {
    super(`gateway ${reason}${code ? ` (${code})` : ''}`);
  }
}

interface Reply {
  status: number;
  ok: boolean;
  json: unknown;
  invalidJson: boolean;
}

// Long: one closure shares the client's options and token among TriboPay's calls, each a short inner function.
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const { token, productHash, logger } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const productCacheMs = options.productCacheMs ?? DEFAULT_PRODUCT_CACHE_MS;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  logger.addSecret(token);

  const baseUrl = () => (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl).replace(/\/+$/, '');

  /** GETs also carry `?api_token=` (TriboPay hosts) besides the Bearer header (Pepper): docs/gateway.md#1-base-url-and-authentication. */
  const endpoint = (path: string, withQueryToken: boolean) => {
    const url = new URL(`${baseUrl()}/public/v1/${path}`);
    if (withQueryToken) url.searchParams.set('api_token', token);
    return url;
  };

  async function call(method: 'GET' | 'POST', url: URL, body?: unknown): Promise<Reply> {
    const started = performance.now();
    // Never the URL itself (it may carry api_token) and never the body (it carries the buyer's data).
    const page = url.searchParams.get('page');
    const where = { method, path: url.pathname, page: page ?? undefined };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await doFetch(url, {
        method,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // A redirect would replay the token elsewhere, or turn the POST into a GET: treat it as an error.
        redirect: 'manual',
        signal: controller.signal,
      });
      const raw = await response.text();
      let json: unknown;
      let invalidJson = false;
      if (raw.trim() !== '') {
        try {
          json = JSON.parse(raw);
        } catch {
          invalidJson = true;
        }
      }
      const ms = Math.round(performance.now() - started);
      const fields = { ...where, status: response.status, ms, invalidJson: invalidJson || undefined };
      if (response.ok) logger.info('Gateway call', fields);
      else logger.warn('Gateway call', fields);
      return { status: response.status, ok: response.status >= 200 && response.status < 300, json, invalidJson };
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      const timedOut = controller.signal.aborted;
      const code = timedOut ? undefined : errorCode(error);
      const failure = new TransportFailure(timedOut ? 'timeout' : 'network', timedOut || !NOT_SENT_CODES.has(code ?? ''), code);
      logger.warn('Gateway call failed', { ...where, reason: failure.reason, code, ms });
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The next products page, always on the configured host: the token is never sent elsewhere. */
  function nextPageUrl(next: string, current: URL): URL | null {
    try {
      const resolved = new URL(next, current);
      const url = new URL(`${resolved.pathname}${resolved.search}`, current.origin);
      url.searchParams.set('api_token', token);
      return url;
    } catch {
      return null;
    }
  }

  async function loadProduct(): Promise<GatewayProduct> {
    const loadError = () => new GatewayError(gatewayMessages.productLoad, 'product_load');
    let url: URL;
    try {
      url = endpoint('products', true);
    } catch {
      throw loadError();
    }
    const visited = new Set<string>();
    for (let pageNumber = 1; pageNumber <= MAX_PRODUCT_PAGES; pageNumber++) {
      visited.add(url.href);
      let reply: Reply;
      try {
        reply = await call('GET', url);
      } catch {
        throw loadError();
      }
      if (!reply.ok) {
        throw new GatewayError(gatewayMessages.productsHttp(reply.status, gatewayErrorMessage(reply.json)), 'products', reply.status);
      }
      const page = parseProductPage(reply.json);
      if (!page) throw loadError();
      const raw = page.products.find(
        (product) =>
          (typeof product.hash === 'string' || typeof product.hash === 'number' ? String(product.hash).trim() : '') === productHash,
      );
      if (raw) {
        const choice = chooseOffer(raw, productHash);
        if (choice.ok) return choice.product;
        if (choice.reason === 'no_offers') throw new GatewayError(gatewayMessages.noOffers, 'no_offers');
        logger.warn('Gateway offer has no hash or price', { productHash });
        throw loadError();
      }
      const next = page.next ? nextPageUrl(page.next, url) : null;
      if (!next || visited.has(next.href)) break;
      url = next;
    }
    throw new GatewayError(gatewayMessages.productNotFound(productHash), 'product_not_found');
  }

  let cached: { product: GatewayProduct; until: number } | null = null;
  let loading: Promise<GatewayProduct> | null = null;

  async function getProduct(options: { fresh?: boolean } = {}): Promise<GatewayProduct> {
    if (!options.fresh && cached && Date.now() < cached.until) return cached.product;
    // Concurrent first visitors share one request; a failure is not cached, the next call retries.
    loading ??= loadProduct()
      .then((product) => {
        if (productCacheMs > 0) cached = { product, until: Date.now() + productCacheMs };
        return product;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  async function createCharge(input: ChargeInput): Promise<Charge> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new TypeError(`amountCents must be positive integer centavos, got ${input.amountCents}`);
    }
    const { product, customer } = input;
    const items: readonly ChargeItem[] = input.items ?? [{ ...product, priceCents: input.amountCents }];
    const itemsTotal = items.reduce((sum, item) => sum + item.priceCents, 0);
    if (items.some((item) => !Number.isSafeInteger(item.priceCents) || item.priceCents <= 0) || itemsTotal !== input.amountCents) {
      throw new TypeError(
        `the cart's prices must be positive integer centavos adding up to amountCents (${input.amountCents}), got ${itemsTotal}`,
      );
    }
    // docs/gateway.md#3-charge: token in body and header, offer_hash at the root and in the cart; amount = cart sum.
    const body = {
      api_token: token,
      amount: input.amountCents,
      payment_method: 'pix',
      installments: 1,
      offer_hash: product.offerHash,
      cart: items.map((item) => ({
        product_hash: item.productHash,
        offer_hash: item.offerHash,
        title: item.title,
        cover: item.cover,
        price: item.priceCents,
        quantity: 1,
        operation_type: 1,
        tangible: false,
      })),
      customer: {
        name: customer.name,
        email: customer.email,
        phone_number: customer.phoneDigits.replace(/\D/g, ''),
        document: customer.document.replace(/\D/g, ''),
      },
      postback_url: input.postbackUrl,
      expire_in_days: input.expireInDays,
      transaction_origin: 'api',
      ...(input.tracking ? { tracking: input.tracking } : {}),
    };

    let reply: Reply;
    try {
      // Exactly one attempt, whatever happens: without an idempotency key a retry can charge twice.
      reply = await call('POST', endpoint('transactions', false), body);
    } catch (error) {
      const sent = error instanceof TransportFailure ? error.sent : false;
      throw new GatewayError(gatewayMessages.payment, 'charge', undefined, sent);
    }
    if (!reply.ok) {
      // A 4xx is a refusal; after a 5xx (or a proxy's 502/504) the charge may well have been written.
      throw new GatewayError(
        gatewayErrorMessage(reply.json) ?? gatewayMessages.paymentHttp(reply.status),
        'charge',
        reply.status,
        reply.status >= 500,
        reply.status < 500 && refusesCustomerFields(reply.json),
      );
    }
    const charge = parseCharge(reply.json);
    if (!charge) {
      logger.warn('Gateway charge reply without a transaction', { status: reply.status, invalidJson: reply.invalidJson });
      throw new GatewayError(gatewayMessages.payment, 'charge', reply.status, true);
    }
    return charge;
  }

  async function getTransaction(hash: string): Promise<TransactionRecord> {
    const wanted = hash.trim();
    if (wanted === '') throw new TypeError('transaction hash is empty');
    let reply: Reply;
    try {
      reply = await call('GET', endpoint(`transactions/${encodeURIComponent(wanted)}`, true));
    } catch {
      throw new GatewayError(gatewayMessages.payment, 'transaction');
    }
    if (!reply.ok) {
      throw new GatewayError(gatewayErrorMessage(reply.json) ?? gatewayMessages.paymentHttp(reply.status), 'transaction', reply.status);
    }
    const record = parseTransactionRecord(reply.json, wanted);
    // The read-back is what confirms a payment (docs/gateway.md#10-confirming-a-payment): it must be the one we asked for.
    if (!record || (record.transactionHash !== wanted && !record.alternateIds.includes(wanted))) {
      logger.warn('Gateway transaction reply unreadable or for another hash', { hash: wanted, status: reply.status });
      throw new GatewayError(gatewayMessages.payment, 'transaction', reply.status);
    }
    return record;
  }

  async function refundTransaction(hash: string): Promise<RefundAnswer> {
    const wanted = hash.trim();
    if (wanted === '') throw new TypeError('transaction hash is empty');
    const refundError = (message: string, uncertain: boolean, status?: number) => new GatewayError(message, 'refund', status, uncertain);
    let reply: Reply;
    try {
      // One attempt (docs/gateway.md#11-refunds): a retry after a lost answer could refund twice.
      reply = await call('POST', endpoint(`transactions/${encodeURIComponent(wanted)}/refund`, false), { api_token: token });
    } catch (error) {
      if (error instanceof TransportFailure && !error.sent) throw refundError(gatewayRefundErrors.notSent, false);
      throw refundError(gatewayRefundErrors.noAnswer, true);
    }
    if (reply.status >= 500) {
      throw refundError(gatewayRefundErrors.serverError(reply.status, refundErrorDetail(reply.json)), true, reply.status);
    }
    if (!reply.ok) throw refundError(gatewayRefundErrors.refused(reply.status, refundErrorDetail(reply.json)), false, reply.status);
    const answer = reply.invalidJson ? null : parseRefundReply(reply.json, wanted);
    if (!answer) {
      logger.warn('Gateway refund reply unreadable or for another hash', { hash: wanted, status: reply.status });
      throw refundError(gatewayRefundErrors.unreadable, true, reply.status);
    }
    return answer;
  }

  return { getProduct, createCharge, getTransaction, refundTransaction };
}
