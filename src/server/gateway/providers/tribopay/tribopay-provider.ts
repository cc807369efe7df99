import { GatewayError, type GatewayProduct, type PaymentState } from '../../types.ts';
import type { GatewayClient, TransactionRecord } from './tribopay-types.ts';
import type {
  ChargeRecord,
  CreatePixInput,
  PixCharge,
  PixProvider,
  ProviderCapabilities,
  RefundRecord,
  WebhookRequest,
  ProviderEvent,
} from '../../pix-provider.ts';
import { parsePostback, unrecognisedPostbackStatus } from './postback.ts';
import { stripCustomerFields } from './strip-customer.ts';

/** No `cancelCharge`: no TriboPay or Pepper document names one (docs/gateway.md#11-refunds); a retired PIX stays payable. */
export interface TribopayProvider extends PixProvider {
  readonly id: 'tribopay';
}

export const tribopayCapabilities: ProviderCapabilities = {
  refunds: true,
  partialRefunds: false,
  cart: true,
  expiry: true,
  // A postback is only a hint: the transaction is read back (docs/gateway.md#10-confirming-a-payment).
  webhook: 'read_back',
  // No idempotency key (docs/gateway.md#9-unknowns): an unknown outcome is never sent again.
  idempotentCreate: false,
};

/** Unsigned (docs/gateway.md#6-postbacks): `?t=<order>.<secret>` is checked before a read-back; body ids are hints. */
function parseTribopayPostback(request: WebhookRequest): ProviderEvent[] {
  const orderToken = request.url.searchParams.get('t') ?? '';
  const contentType = request.headers.get('Content-Type') ?? '';
  const { candidateIds } = parsePostback(request.rawBody, contentType);
  // Audit needs the payment fields, not the customer the gateway repeats in them (LGPD).
  const body = stripCustomerFields(request.rawBody, contentType);
  const events: ProviderEvent[] = [{ kind: 'order', orderToken, chargeIds: candidateIds, audit: { contentType, body } }];
  // Counted only once the order's token checks out (provider-webhook.ts): the URL is the postback's only proof.
  const status = unrecognisedPostbackStatus(request.rawBody, contentType);
  if (status !== null) events.push({ kind: 'unrecognised', name: status });
  return events;
}

/** Where TriboPay posts a charge's changes: our door with the order's token, its only proof of origin. */
function postbackUrl(input: CreatePixInput): string {
  const url = new URL(input.webhookUrl);
  if (input.orderToken) url.searchParams.set('t', input.orderToken);
  return url.href;
}

const DAY_SECONDS = 24 * 60 * 60;

/** The transaction's state as a refund's: `reversed` is done; a refund under way or not yet seen is pending. */
function refundState(state: PaymentState): RefundRecord['state'] {
  if (state === 'reversed') return 'done';
  if (state === 'failed') return 'failed';
  return 'pending';
}

function toChargeRecord(record: TransactionRecord): ChargeRecord {
  return {
    chargeId: record.transactionHash,
    amountCents: record.amountCents,
    state: record.state,
    rawStatus: record.rawStatus,
    endToEndId: null,
    productHash: record.productHash,
    ...(record.customer ? { customer: record.customer } : {}),
  };
}

export function createTribopayProvider(client: GatewayClient, productHash: string): TribopayProvider {
  async function createCharge(input: CreatePixInput): Promise<PixCharge> {
    // The first item is the charge's root offer (docs/gateway.md#3-charge).
    const first = input.items[0];
    const product: GatewayProduct = first?.gatewayRef
      ? { ...first.gatewayRef, title: first.title, priceCents: input.amountCents, cover: null }
      : await client.getProduct();
    const charge = await client.createCharge({
      amountCents: input.amountCents,
      product,
      items: input.items.map((item) =>
        item.gatewayRef
          ? { ...item.gatewayRef, title: item.title, cover: null, priceCents: item.priceCents }
          : // The main product keeps the gateway's own title and cover.
            {
              productHash: product.productHash,
              offerHash: product.offerHash,
              title: product.title,
              cover: product.cover,
              priceCents: item.priceCents,
            },
      ),
      customer: {
        name: input.customer.name,
        email: input.customer.email,
        phoneDigits: input.customer.phoneDigits,
        document: input.customer.document ?? '',
      },
      postbackUrl: postbackUrl(input),
      // TriboPay's only expiry knob is whole days (docs/gateway.md#7-expiry).
      expireInDays: Math.max(1, Math.ceil(input.expiresInSeconds / DAY_SECONDS)),
      ...(input.tracking ? { tracking: input.tracking } : {}),
    });
    return {
      chargeId: charge.transactionHash,
      alternateIds: charge.alternateIds,
      amountCents: charge.amountCents ?? input.amountCents,
      state: charge.state,
      rawStatus: charge.rawStatus,
      pix: charge.pix,
      expiresAt: charge.expiresAt,
    };
  }

  async function getCharge(chargeId: string): Promise<ChargeRecord> {
    return toChargeRecord(await client.getTransaction(chargeId));
  }

  async function refund(charge: ChargeRecord, input: { refundId: string; amountCents: number }): Promise<RefundRecord> {
    // Whole transactions only (docs/gateway.md#11-refunds): a part is given back by hand.
    if (charge.amountCents !== null && input.amountCents !== charge.amountCents) {
      throw new GatewayError('A TriboPay devolve só a transação inteira.', 'refund');
    }
    const answer = await client.refundTransaction(charge.chargeId);
    return { refundId: input.refundId, amountCents: input.amountCents, state: refundState(answer.state), rawStatus: answer.rawStatus };
  }

  async function getRefund(charge: ChargeRecord, refundId: string): Promise<RefundRecord> {
    const record = await client.getTransaction(charge.chargeId);
    return { refundId, amountCents: record.amountCents, state: refundState(record.state), rawStatus: record.rawStatus };
  }

  return {
    id: 'tribopay',
    capabilities: tribopayCapabilities,
    // The seller's product and offers live at TriboPay; a sole TriboPay charges its offer's price.
    catalogue: { mainProduct: (options) => client.getProduct(options), productHash },
    createCharge,
    getCharge,
    parseWebhook: async (request) => parseTribopayPostback(request),
    refund,
    getRefund,
  };
}
