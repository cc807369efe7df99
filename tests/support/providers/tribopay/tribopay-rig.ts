import { expect } from 'vitest';
import type { StandInRig } from '../../provider-rig.ts';
import { type ChargeLedger, type GatewayStandIn, startGatewayStandIn, tribopayVariables } from './tribopay-stand-in.ts';

/** TriboPay's stand-in, its charges remembered, as the end-to-end tests through the real server drive it (tests/integration/checkout/provider-checkout.test.ts). */
export async function tribopayRig(): Promise<StandInRig & { ledger: ChargeLedger; gateway: GatewayStandIn }> {
  const gateway = await startGatewayStandIn();
  const ledger = gateway.rememberCharges();
  return {
    gateway,
    ledger,
    // TriboPay sells the bump as its own product and offer (the demo's hashes are the sandbox's).
    env: { ...tribopayVariables(gateway), BUMP_PRODUCT_HASH: 'prd_bump_standin', BUMP_OFFER_HASH: 'off_bump_standin' },
    codeOf: (hash) => ledger.transactions.get(hash)!.pixCode,
    charges: () => ledger.charges(),
    async payAndNotify(_server, hash) {
      const transaction = ledger.pay(hash);
      // TriboPay's postback, to the URL (with the order's secret) the server gave with the charge.
      const response = await fetch(transaction.postbackUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ledger.toJson(transaction)),
      });
      expect(response.status).toBe(200);
    },
    readsOf: (hash) =>
      gateway.requests.filter((request) => request.method === 'GET' && decodeURIComponent(request.path).endsWith(`/transactions/${hash}`))
        .length,
    refundsOf: (hash) => Array.from({ length: gateway.refundCalls(hash) }, () => ledger.transactions.get(hash)!.amount),
    stop: () => gateway.stop(),
  };
}
