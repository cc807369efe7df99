import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  WebhookRejectedError,
  type ChargeRecord,
  type CreatePixInput,
  type PixCharge,
  type PixProvider,
  type ProviderEvent,
  type WebhookRequest,
} from '../../src/server/gateway/pix-provider.ts';
import { GatewayError } from '../../src/server/gateway/types.ts';
import { announceSeed, FUZZ_SEED, runs } from '../fuzz/fuzz-kit.ts';

/**
 * What every PIX provider promises behind `PixProvider` (src/server/gateway/pix-provider.ts), held against each
 * provider's stand-in over real HTTP: create, read back, find by key, cancel, the webhook (valid, tampered, forged,
 * replayed), refunds and the money unit. A case the provider's capabilities (or its missing `findCharge`,
 * `cancelCharge`, webhook) rule out is reported skipped, with why. Each provider's own test file adds only what is
 * its own: its wire format, its error mapping, its settings.
 *
 * A provider joins with one `ProviderHarness` (tests/support/providers/<id>/<id>-harness.ts) and one entry in
 * tests/integration/gateway/provider-contract.test.ts.
 */
export interface ProviderHarness {
  /** The provider as the seller knows it: the name of its describe. */
  name: string;
  /** Starts a fresh stand-in and the real adapter pointed at it; the contract stops it after its cases. */
  start(): Promise<ContractStandIn>;
}

/** A provider's stand-in as the contract drives it, with the adapter under test. */
export interface ContractStandIn {
  /** The adapter, pointed at the stand-in through its own HTTP client. */
  provider: PixProvider;
  /** The webhook URL the contract's charges give (where the stand-in's notifications for them go). */
  webhookUrl: string;
  /** The buyer pays the charge at the stand-in. Rejects when the bank would refuse the payment (a closed charge). */
  pay(chargeId: string): Promise<void>;
  /** The charge as the stand-in holds it. */
  held(chargeId: string): HeldCharge;
  /** Charges the stand-in has made so far. */
  charges(): number;
  /** Requests the stand-in has received so far. */
  requests(): number;
  /** Refunds of the charge still in process at the stand-in reach their end (a no-op where they end at once). */
  settleRefunds(chargeId: string): Promise<void>;
  /** A well-formed charge id the stand-in never issued. */
  unknownChargeId: string;
  /** Requests it received that break the provider's documented shape (where the stand-in records them). */
  violations?(): string[];
  /** Null where the provider's notices do not go through `parseWebhook` (TriboPay's postbacks). */
  webhooks: ContractWebhooks | null;
  stop(): Promise<void>;
}

export interface HeldCharge {
  /** What the stand-in charges, in centavos, from what the adapter sent. */
  amountCents: number;
  /** The PIX code the stand-in issued: what the buyer must be shown. */
  code: string;
  /** What it has given back (or is giving back), in centavos. */
  refundedCents: number;
}

export interface ContractWebhooks {
  /** The notification the stand-in sends about the charge's last change, as our webhook route hands it to the adapter. */
  deliver(chargeId: string): Promise<WebhookRequest>;
  /** `request` changed on its way by someone who wants `otherChargeId` named instead of `chargeId`; its proof left as sent. */
  tamper(request: WebhookRequest, chargeId: string, otherChargeId: string): WebhookRequest;
  /** `request` as someone without the seller's secret (or the bank's certificate) would send it. */
  forge(request: WebhookRequest): WebhookRequest;
  /**
   * A replay's defence: a signed timestamp good for `windowMs`, read by the adapter as it is `laterMs` on; or null when
   * the scheme signs none, and a replay can only name the same charges to read back again.
   */
  replay: { windowMs: number; providerLater(laterMs: number): PixProvider } | null;
}

const AMOUNT = 2980;
/** The add-on's part of AMOUNT: what a partial refund gives back. */
const PART = 990;

/** An error `promise` rejected with, or null when it resolved. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

async function gatewayFailure(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

export function describeProviderContract(harness: ProviderHarness): void {
  describe(`${harness.name}: the provider contract`, () => {
    let standIn: ContractStandIn;
    let provider: PixProvider;
    let serial = 0;
    const unique = () => `${Date.now().toString(36)}${(++serial).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

    beforeAll(async () => {
      standIn = await harness.start();
      provider = standIn.provider;
    });
    afterAll(() => standIn?.stop());
    afterEach(() => {
      expect(standIn.violations?.() ?? []).toEqual([]);
    });

    /** A buyer's checkout: one item at the amount, a CPF, an hour to pay, a fresh idempotency key. */
    function pixInput(amountCents = AMOUNT): CreatePixInput {
      return {
        idempotencyKey: `ord_${unique()}.1`,
        amountCents,
        items: [{ title: 'Lista de Fornecedores Secretos', priceCents: amountCents }],
        customer: { name: 'Maria da Silva', email: 'maria@example.com', phoneDigits: '11987654321', document: '52998224725' },
        webhookUrl: standIn.webhookUrl,
        expiresInSeconds: 3600,
        requestedAt: Date.now(),
      };
    }

    /** Our refund ids are letters and digits, which every provider takes as they are. */
    const refundId = () => `rf${unique()}`;

    async function paidCharge(amountCents = AMOUNT): Promise<ChargeRecord> {
      const charge = await provider.createCharge(pixInput(amountCents));
      await standIn.pay(charge.chargeId);
      return provider.getCharge(charge.chargeId);
    }

    async function pendingCharge(): Promise<PixCharge> {
      return provider.createCharge(pixInput());
    }

    describe('charges', () => {
      it('creates a pending PIX for the amount, with the code the provider issued', async () => {
        const before = Date.now();
        const charge = await provider.createCharge(pixInput());
        expect(charge).toMatchObject({ amountCents: AMOUNT, state: 'pending' });
        expect(charge.chargeId).not.toBe('');
        expect(standIn.held(charge.chargeId)).toMatchObject({ amountCents: AMOUNT, code: charge.pix.code });
        if (charge.expiresAt !== null) expect(charge.expiresAt).toBeGreaterThan(before);
      });

      it('reads the charge back pending, then paid for its amount once the buyer pays', async () => {
        const charge = await pendingCharge();
        expect(await provider.getCharge(charge.chargeId)).toMatchObject({
          chargeId: charge.chargeId,
          amountCents: AMOUNT,
          state: 'pending',
        });
        await standIn.pay(charge.chargeId);
        expect(await provider.getCharge(charge.chargeId)).toMatchObject({ chargeId: charge.chargeId, amountCents: AMOUNT, state: 'paid' });
      });

      it('a charge the provider never made is a read error, never a state', async () => {
        const error = await gatewayFailure(provider.getCharge(standIn.unknownChargeId));
        expect([error.kind, error.uncertain]).toEqual(['transaction', false]);
      });

      it('a create repeated under its idempotency key is the same charge, never a second one', async ({ skip }) => {
        skip(!provider.capabilities.idempotentCreate, 'the capabilities claim no idempotent create');
        const input = pixInput();
        const first = await provider.createCharge(input);
        const count = standIn.charges();
        const again = await provider.createCharge(input);
        expect([again.chargeId, again.pix.code]).toEqual([first.chargeId, first.pix.code]);
        expect(standIn.charges()).toBe(count);
        expect((await provider.createCharge(pixInput())).chargeId).not.toBe(first.chargeId);
      });

      it('finds the charge made under a key, with its code, and none under a key never used, without writing', async ({ skip }) => {
        skip(!provider.findCharge, 'the provider has no findCharge');
        const input = pixInput();
        const made = await provider.createCharge(input);
        const count = standIn.charges();
        const found = await provider.findCharge!(input.idempotencyKey);
        expect(found).toMatchObject({ kind: 'charge', charge: { chargeId: made.chargeId, amountCents: AMOUNT, state: 'pending' } });
        expect(found.kind === 'charge' ? found.charge.pix.code : null).toBe(standIn.held(made.chargeId).code);
        expect(await provider.findCharge!(pixInput().idempotencyKey)).toEqual({ kind: 'none' });
        expect(standIn.charges()).toBe(count);
      });

      it('cancels a pending charge so it can no longer be paid; a paid one comes back paid', async ({ skip }) => {
        skip(!provider.cancelCharge, 'the provider has no cancelCharge');
        const charge = await pendingCharge();
        expect(await provider.cancelCharge!(charge.chargeId)).toMatchObject({ chargeId: charge.chargeId, state: 'failed' });
        await expect(standIn.pay(charge.chargeId)).rejects.toThrow();
        // A provider that deletes a cancelled charge (Woovi) answers a read of it as of one it never made: a 404.
        if (provider.capabilities.cancelDeletes)
          await expect(provider.getCharge(charge.chargeId)).rejects.toMatchObject({ name: 'GatewayError', httpStatus: 404 });
        else expect((await provider.getCharge(charge.chargeId)).state).toBe('failed');

        const paid = await paidCharge();
        expect(await provider.cancelCharge!(paid.chargeId)).toMatchObject({ chargeId: paid.chargeId, state: 'paid' });
        expect((await provider.getCharge(paid.chargeId)).state).toBe('paid');
      });
    });

    describe('webhooks', () => {
      /** A paid charge and the notification the provider sent about it. */
      async function paidAndNotified() {
        const paid = await paidCharge();
        return { paid, request: await standIn.webhooks!.deliver(paid.chargeId) };
      }

      it('a notification as the provider sends it names the charge to read back, and the read-back says paid', async ({ skip }) => {
        skip(!standIn.webhooks, 'its notices do not go through parseWebhook');
        const { paid, request } = await paidAndNotified();
        expect(await provider.parseWebhook(request)).toContainEqual({ kind: 'charge', chargeId: paid.chargeId });
        expect((await provider.getCharge(paid.chargeId)).state).toBe('paid');
      });

      it('a tampered notification settles nothing: refused, or only a read-back of the charge it names, which tells the truth', async ({
        skip,
      }) => {
        skip(!standIn.webhooks, 'its notices do not go through parseWebhook');
        const { paid, request } = await paidAndNotified();
        const other = await pendingCharge();
        const outcome = await provider
          .parseWebhook(standIn.webhooks!.tamper(request, paid.chargeId, other.chargeId))
          .catch((error: unknown) => error);
        if (provider.capabilities.webhook === 'signed' || outcome instanceof WebhookRejectedError) {
          expect(outcome).toBeInstanceOf(WebhookRejectedError);
        } else {
          // Trusted only as far as a read-back: a provider whose webhook is `read_back` settles nothing on its word.
          expect(outcome).toEqual([{ kind: 'charge', chargeId: other.chargeId }]);
          expect((await provider.getCharge(other.chargeId)).state).toBe('pending');
        }
      });

      it('a notification without the seller’s secret is refused', async ({ skip }) => {
        skip(!standIn.webhooks, 'its notices do not go through parseWebhook');
        const { request } = await paidAndNotified();
        await expect(provider.parseWebhook(standIn.webhooks!.forge(request))).rejects.toBeInstanceOf(WebhookRejectedError);
      });

      it('a replayed notification settles nothing twice: refused past its window, or the same read-back again', async ({ skip }) => {
        skip(!standIn.webhooks, 'its notices do not go through parseWebhook');
        const { paid, request } = await paidAndNotified();
        const first: ProviderEvent[] = await provider.parseWebhook(request);
        const replay = standIn.webhooks!.replay;
        if (replay) {
          expect(await replay.providerLater(replay.windowMs - 30_000).parseWebhook(request)).toEqual(first);
          await expect(replay.providerLater(replay.windowMs + 30_000).parseWebhook(request)).rejects.toBeInstanceOf(WebhookRejectedError);
        } else {
          expect(await provider.parseWebhook(request)).toEqual(first);
          expect(await provider.getCharge(paid.chargeId)).toMatchObject({ state: 'paid', amountCents: AMOUNT });
        }
      });
    });

    describe('refunds', () => {
      it('refunds a whole payment: the refund reads done, the charge reversed, the money back once', async ({ skip }) => {
        skip(!provider.capabilities.refunds, 'the capabilities claim no refunds');
        const paid = await paidCharge();
        const refund = await provider.refund(paid, { refundId: refundId(), amountCents: AMOUNT });
        expect(refund.state).not.toBe('failed');
        expect([AMOUNT, null]).toContain(refund.amountCents);
        await standIn.settleRefunds(paid.chargeId);
        expect(await provider.getRefund(paid, refund.refundId)).toMatchObject({ state: 'done' });
        expect((await provider.getCharge(paid.chargeId)).state).toBe('reversed');
        expect(standIn.held(paid.chargeId).refundedCents).toBe(AMOUNT);
      });

      it('a refund repeated under its id never gives the money back twice', async ({ skip }) => {
        skip(!provider.capabilities.refunds, 'the capabilities claim no refunds');
        const paid = await paidCharge();
        const input = { refundId: refundId(), amountCents: AMOUNT };
        const first = await provider.refund(paid, input);
        const again = await provider.refund(paid, input).catch((error: unknown) => error);
        if (again instanceof Error) {
          // Refused as already done: certain, so nobody is told the money may have moved again.
          expect(again).toBeInstanceOf(GatewayError);
          expect((again as GatewayError).uncertain).toBe(false);
        } else {
          expect((again as { refundId: string }).refundId).toBe(first.refundId);
        }
        await standIn.settleRefunds(paid.chargeId);
        expect(standIn.held(paid.chargeId).refundedCents).toBe(AMOUNT);
      });

      it('a charge not paid cannot be refunded: a certain refusal, and no money moves', async ({ skip }) => {
        skip(!provider.capabilities.refunds, 'the capabilities claim no refunds');
        const pending = await provider.getCharge((await pendingCharge()).chargeId);
        const error = await gatewayFailure(provider.refund(pending, { refundId: refundId(), amountCents: AMOUNT }));
        expect([error.kind, error.uncertain]).toEqual(['refund', false]);
        expect(standIn.held(pending.chargeId).refundedCents).toBe(0);
        expect((await provider.getCharge(pending.chargeId)).state).toBe('pending');
      });

      it('refunds part of a payment, which stays paid until the rest is refunded too', async ({ skip }) => {
        skip(!provider.capabilities.refunds || !provider.capabilities.partialRefunds, 'the capabilities claim no partial refunds');
        const paid = await paidCharge();
        await provider.refund(paid, { refundId: refundId(), amountCents: PART });
        await standIn.settleRefunds(paid.chargeId);
        expect((await provider.getCharge(paid.chargeId)).state).toBe('paid');
        expect(standIn.held(paid.chargeId).refundedCents).toBe(PART);
        await provider.refund(paid, { refundId: refundId(), amountCents: AMOUNT - PART });
        await standIn.settleRefunds(paid.chargeId);
        expect((await provider.getCharge(paid.chargeId)).state).toBe('reversed');
        expect(standIn.held(paid.chargeId).refundedCents).toBe(AMOUNT);
      });

      it('a partial refund where only whole ones exist is refused before anything is sent', async ({ skip }) => {
        skip(!provider.capabilities.refunds || provider.capabilities.partialRefunds, 'partial refunds are the provider’s to make');
        const paid = await paidCharge();
        const sent = standIn.requests();
        const error = await gatewayFailure(provider.refund(paid, { refundId: refundId(), amountCents: PART }));
        expect([error.kind, error.uncertain]).toEqual(['refund', false]);
        expect(standIn.requests()).toBe(sent);
        expect(standIn.held(paid.chargeId).refundedCents).toBe(0);
      });
    });

    describe('money units', () => {
      const amounts = fc.integer({ min: 1, max: 10_000_000 });

      it('every amount from 1 to 10.000.000 centavos round-trips: charged, shown, read back and refunded exactly', async () => {
        announceSeed(`provider-contract ${harness.name}`);
        await fc.assert(
          fc.asyncProperty(amounts, async (cents) => {
            const charge = await provider.createCharge(pixInput(cents));
            expect(charge.amountCents).toBe(cents);
            expect(standIn.held(charge.chargeId)).toMatchObject({ amountCents: cents, code: charge.pix.code });
            expect((await provider.getCharge(charge.chargeId)).amountCents).toBe(cents);
            if (!provider.capabilities.refunds) return;
            await standIn.pay(charge.chargeId);
            const paid = await provider.getCharge(charge.chargeId);
            expect(paid.amountCents).toBe(cents);
            await provider.refund(paid, { refundId: refundId(), amountCents: cents });
            expect(standIn.held(charge.chargeId).refundedCents).toBe(cents);
          }),
          { seed: FUZZ_SEED, numRuns: runs(25), examples: [[1], [99], [2980], [10_000_000]] },
        );
      });
    });
  });
}
