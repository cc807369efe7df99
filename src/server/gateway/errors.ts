/** Shown to the visitor as-is (docs/product.md#error-messages-shown-to-buyers). */
import { collapseWhitespace, truncate } from '../../shared/text.ts';

export { GatewayError } from './types.ts';

/** The brief's catalogue (docs/product.md#error-messages-shown-to-buyers), word for word. */
export const gatewayMessages = {
  productsHttp: (status: number, message: string | null) => `Erro ao buscar produtos: ${status} - ${message ?? 'Erro desconhecido'}`,
  productNotFound: (hash: string) => `Produto com hash ${hash} não encontrado`,
  noOffers: 'Produto não possui ofertas disponíveis',
  productLoad: 'Erro ao carregar produto',
  paymentHttp: (status: number) => `Erro ao processar pagamento: ${status}`,
  payment: 'Erro ao processar pagamento',
} as const;

const MAX_MESSAGE_LENGTH = 500;

function errorTexts(errors: unknown): string[] {
  if (typeof errors === 'string') return [errors];
  if (Array.isArray(errors)) return errors.flatMap(errorTexts);
  if (errors && typeof errors === 'object') {
    const record = errors as Record<string, unknown>;
    // Pepper-style `errors: [{ message }]`, else Laravel's `{ field: [messages] }`.
    if (typeof record.message === 'string') return [record.message];
    return Object.values(record).flatMap(errorTexts);
  }
  return [];
}

/** The gateway's explanation in an error body (docs/gateway.md#8-errors): every distinct Laravel message, else `message`. */
export function gatewayErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  const distinct = [
    ...new Set(
      errorTexts(record.errors)
        .map((text) => text.trim())
        .filter(Boolean),
    ),
  ];
  let message: string | null = null;
  if (distinct.length > 0) message = distinct.join('; ');
  else if (typeof record.message === 'string' && record.message.trim()) message = record.message.trim();
  else if (typeof record.error === 'string' && record.error.trim()) message = record.error.trim();
  if (message === null) return null;
  // It is shown to the visitor: keep a misbehaving gateway from filling the modal.
  return truncate(message, MAX_MESSAGE_LENGTH);
}

const MAX_REFUND_DETAIL_LENGTH = 200;

/** For a line of the seller's console: no control characters, no markup, at most 200 characters. */
export function refundErrorDetail(body: unknown): string | null {
  const message = gatewayErrorMessage(body);
  if (message === null) return null;
  const clean = collapseWhitespace(message.replace(/[\p{Cc}\p{Cf}]/gu, ' ').replace(/<\/?[a-z!][^<>]*>/gi, ' '));
  // The console's sentence ends it: no "..". A loop, not /[.\s]+$/, which backtracks on long runs.
  let end = clean.length;
  while (end > 0 && (clean[end - 1] === '.' || clean[end - 1] === ' ')) end--;
  return end === 0 ? null : truncate(clean.slice(0, end), MAX_REFUND_DETAIL_LENGTH);
}

/** A Laravel validation refusal naming the buyer's fields; one about the offer, amount or token is the seller's and fails over. */
export function refusesCustomerFields(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const errors = (body as Record<string, unknown>).errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return false;
  return Object.keys(errors).some((field) => /^customer(\.|$)/.test(field));
}
