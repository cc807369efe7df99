import { createTribopayProvider } from '../../../../src/server/gateway/providers/tribopay/tribopay-provider.ts';
import { STAND_IN_PRODUCT_HASH, standInGatewayClient, startGatewayStandIn } from './tribopay-stand-in.ts';
import type { ProviderHarness } from '../../provider-contract.ts';

/**
 * TriboPay for the provider contract: the gateway's stand-in (tests/support/providers/tribopay/tribopay-stand-in.ts, docs/gateway.md)
 * remembering its charges like the real one, reached by the real gateway client. Its postbacks do not go through
 * `parseWebhook`: they reach the order's own route with the order's secret (src/server/gateway/postback.ts), so the
 * contract's webhook cases do not apply.
 */
export const tribopayHarness: ProviderHarness = {
  name: 'TriboPay',
  async start() {
    const gateway = await startGatewayStandIn();
    const ledger = gateway.rememberCharges();
    const transaction = (hash: string) => {
      const found = ledger.transactions.get(hash);
      if (!found) throw new Error(`the stand-in has no transaction ${hash}`);
      return found;
    };
    return {
      provider: createTribopayProvider(standInGatewayClient(gateway, { timeoutMs: 2_000 }), STAND_IN_PRODUCT_HASH),
      webhookUrl: 'https://loja.example/api/webhooks/gateway?t=ord_contract.secret',
      async pay(hash) {
        if (transaction(hash).status !== 'waiting_payment') throw new Error(`the stand-in's transaction ${hash} is not payable`);
        ledger.pay(hash);
      },
      held: (hash) => {
        const { amount, pixCode, status } = transaction(hash);
        // Whole transactions only (docs/gateway.md#11-refunds).
        return { amountCents: amount, code: pixCode, refundedCents: status === 'refunded' || status === 'pending_refund' ? amount : 0 };
      },
      charges: () => ledger.charges(),
      requests: () => gateway.requests.length,
      // The ledger refunds at once unless told otherwise.
      settleRefunds: async () => undefined,
      unknownChargeId: 'tx_never_issued',
      webhooks: null,
      stop: () => gateway.stop(),
    };
  },
};
