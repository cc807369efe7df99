import type { AbacatepayStandIn, StandInCharge } from './providers/abacatepay/abacatepay-stand-in.ts';
import type { MercadoPagoStandIn, StandInPayment } from './providers/mercadopago/mercadopago-stand-in.ts';

/**
 * The providers' side of the shop's money, kept apart from the shop's database: every charge the
 * stand-ins made, what the buyers paid there (recorded when the test pays), what went back there
 * (refunds through the API, refunds in the provider's panel, whole or part, chargebacks, disputes
 * lost) and what the seller says they returned by hand. The purchase model
 * (tests/integration/purchase/purchase-model-provider.test.ts)
 * checks the shop against it: money a provider accepted ends delivered or refunded, and each
 * buyer has at most one payable charge per provider (docs/money.md#provider-side).
 */
export type LedgerProvider = 'mercadopago' | 'abacatepay';

export interface ProviderCharge {
  provider: LedgerProvider;
  /** The provider's id of the charge. */
  chargeId: string;
  /** The PIX copy-and-paste code the provider issued. */
  code: string;
  amountCents: number;
  /** The payer's e-mail as the provider received it. */
  payerEmail: string;
  /** Until when the provider takes a payment (ms). */
  expiresAt: number;
  /** `pending` (payable), `paid`, `refunded` (in full), `charged_back`, `closed` (cancelled or expired). */
  status: 'pending' | 'paid' | 'refunded' | 'charged_back' | 'closed';
  /** A paid charge the payer contests now (Mercado Pago `in_mediation`, AbacatePay `UNDER_DISPUTE`): the money is held. */
  disputed: boolean;
  /** What went back to the buyer at the provider (API or panel refunds, a chargeback, a lost dispute). */
  returnedCents: number;
  /** Of `returnedCents`, what the MED or a chargeback took back (not a refund by the seller or the shop). */
  medCents: number;
}

export interface AcceptedPayment {
  provider: LedgerProvider;
  chargeId: string;
  /** The shop's order whose code the buyer paid, as the checkout or add-on reply named it. */
  orderId: string;
  amountCents: number;
  paidAt: number;
}

export class ProviderLedger {
  /** Every payment a provider accepted, in the order the buyers made them. */
  readonly accepted: AcceptedPayment[] = [];
  /** Codes the buyers were shown, to the shop's order that showed them. */
  readonly shown = new Map<string, string>();
  /** Order ids the seller marked as refunded by hand (the money left outside the providers), with the amount. */
  readonly byHand = new Map<string, number>();
  /**
   * What a lost dispute took back where the provider's own books do not show it: AbacatePay's `*.lost` leaves the
   * charge's status undocumented, and a dispute entered by hand is lost at a provider the shop does not ask. Keyed by
   * `provider:chargeId`, in centavos.
   */
  readonly medTaken = new Map<string, number>();

  constructor(
    readonly mercadoPago: MercadoPagoStandIn,
    readonly abacatepay: AbacatepayStandIn,
    private readonly now: () => number,
  ) {}

  /** Every charge at both providers, as their own books say now. */
  charges(): ProviderCharge[] {
    const out: ProviderCharge[] = [];
    for (const payment of this.mercadoPago.payments.values()) out.push(this.fromMercadoPago(payment));
    for (const charge of this.abacatepay.charges.values()) out.push(this.fromAbacatepay(charge));
    return out;
  }

  charge(provider: LedgerProvider, chargeId: string): ProviderCharge | undefined {
    if (provider === 'mercadopago') {
      const payment = this.mercadoPago.payments.get(Number(chargeId));
      return payment && this.fromMercadoPago(payment);
    }
    const charge = this.abacatepay.charges.get(chargeId);
    return charge && this.fromAbacatepay(charge);
  }

  /** The charge behind a code a buyer was shown. */
  byCode(code: string): ProviderCharge | undefined {
    return this.charges().find((charge) => charge.code === code);
  }

  /** The buyer saw `code` for `orderId` (a checkout's or an add-on's reply). */
  show(orderId: string, code: string | null | undefined): void {
    if (!code) return;
    this.shown.set(code, orderId);
    this.byCode(code);
  }

  /** Whether the provider still takes a payment of the charge now (`now`: the providers' clock, which is the shop's). */
  payable(charge: ProviderCharge): boolean {
    return charge.status === 'pending' && charge.expiresAt > this.now();
  }

  /** The buyer paid `charge` at its provider (the shop has not been told yet). */
  recordPayment(charge: ProviderCharge, orderId: string): void {
    this.accepted.push({
      provider: charge.provider,
      chargeId: charge.chargeId,
      orderId,
      amountCents: charge.amountCents,
      paidAt: this.now(),
    });
  }

  /** What the provider kept of an accepted payment: its amount less what went back, by the provider or by hand. */
  kept(payment: AcceptedPayment): number {
    const charge = this.charge(payment.provider, payment.chargeId);
    const returned = charge?.returnedCents ?? 0;
    return Math.max(0, payment.amountCents - returned - (this.byHand.get(payment.orderId) ?? 0));
  }

  /** A dispute over the charge was lost where the provider's books do not show it: `cents` went back by the MED. */
  takeByMed(provider: LedgerProvider, chargeId: string, cents: number): void {
    const key = `${provider}:${chargeId}`;
    this.medTaken.set(key, (this.medTaken.get(key) ?? 0) + cents);
  }

  private medOf(provider: LedgerProvider, chargeId: string): number {
    return this.medTaken.get(`${provider}:${chargeId}`) ?? 0;
  }

  /** Whether all of an accepted payment went back to the buyer (at the provider or by hand). */
  returned(payment: AcceptedPayment): boolean {
    return this.kept(payment) === 0;
  }

  private fromMercadoPago(payment: StandInPayment): ProviderCharge {
    const status =
      payment.status === 'pending'
        ? 'pending'
        : payment.status === 'approved' || payment.status === 'in_mediation'
          ? 'paid'
          : payment.status === 'refunded'
            ? 'refunded'
            : payment.status === 'charged_back'
              ? 'charged_back'
              : 'closed';
    const refunded = payment.refunds.filter((refund) => refund.status === 'approved').reduce((sum, refund) => sum + refund.amountCents, 0);
    // A chargeback (Mercado Pago's form of a MED devolução) takes back what the refunds left.
    const med = Math.min(
      payment.amountCents - refunded,
      (status === 'charged_back' ? payment.amountCents : 0) + this.medOf('mercadopago', String(payment.id)),
    );
    return {
      provider: 'mercadopago',
      chargeId: String(payment.id),
      code: payment.qrCode,
      amountCents: payment.amountCents,
      payerEmail: payment.payerEmail,
      expiresAt: Date.parse(payment.dateOfExpiration),
      status,
      disputed: payment.status === 'in_mediation',
      returnedCents: refunded + med,
      medCents: med,
    };
  }

  private fromAbacatepay(charge: StandInCharge): ProviderCharge {
    // The stand-in keeps the create's `data`: its customer is the payer as the shop sent it.
    const data = charge.body as { customer?: { email?: string } };
    const status =
      charge.status === 'PENDING'
        ? 'pending'
        : charge.status === 'PAID' || charge.status === 'UNDER_DISPUTE'
          ? 'paid'
          : charge.status === 'REFUNDED'
            ? 'refunded'
            : 'closed';
    const refunded = status === 'refunded' ? charge.amount : 0;
    const med = Math.min(charge.amount - refunded, this.medOf('abacatepay', charge.id));
    return {
      provider: 'abacatepay',
      chargeId: charge.id,
      code: charge.brCode,
      amountCents: charge.amount,
      payerEmail: data.customer?.email ?? '',
      expiresAt: Date.parse(charge.expiresAt),
      status,
      disputed: charge.status === 'UNDER_DISPUTE' && med === 0,
      returnedCents: refunded + med,
      medCents: med,
    };
  }
}
