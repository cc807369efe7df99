import { isRecord, readCents, type JsonRecord } from '../../../lib/json-record.ts';
import type { GatewayProduct } from '../../types.ts';

/** Readers for `GET /public/v1/products` (docs/gateway.md#2-products). */

export interface ProductPage {
  products: JsonRecord[];
  next: string | null;
}

export function parseProductPage(body: unknown): ProductPage | null {
  const list = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.data) ? body.data : null;
  if (!list) return null;
  const links = isRecord(body) && isRecord(body.links) ? body.links : null;
  const next = typeof links?.next === 'string' && links.next.trim() !== '' ? links.next.trim() : null;
  return { products: list.filter(isRecord), next };
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export type ProductChoice = { ok: true; product: GatewayProduct } | { ok: false; reason: 'no_offers' | 'bad_offer' };

/** The offer with status 1 (number or text), else the first; title and price with the integrators' fallbacks. */
export function chooseOffer(product: JsonRecord, productHash: string): ProductChoice {
  const offers = Array.isArray(product.offers) ? product.offers.filter(isRecord) : [];
  if (offers.length === 0) return { ok: false, reason: 'no_offers' };
  // Only a number or text is compared: String() of a null-prototype object (parseJsonSafely's) throws.
  const offer = offers.find((candidate) => candidate.status === 1 || nonEmpty(candidate.status) === '1') ?? offers[0]!;
  const offerHash = nonEmpty(offer.hash);
  const priceCents = readCents(offer.price) ?? readCents(offer.amount);
  if (!offerHash || priceCents === null || priceCents === 0) return { ok: false, reason: 'bad_offer' };
  return {
    ok: true,
    product: {
      productHash,
      offerHash,
      // `offer.title` is often null on Pepper (docs/gateway.md#2-products); some integrators read `name`.
      title: nonEmpty(offer.title) ?? nonEmpty(product.title) ?? nonEmpty(product.name) ?? productHash,
      priceCents,
      cover: nonEmpty(product.cover),
    },
  };
}
