import { createEfiProvider } from '../../../../src/server/gateway/providers/efi/efi-provider.ts';
import type { ProviderHarness } from '../../provider-contract.ts';
import { startEfiStandIn } from './efi-stand-in.ts';
import { startWebhookTerminator } from './efi-webhook-terminator.ts';

/** `\d{1,10}\.\d{2}` (the standard's amounts) in centavos, read apart from the adapter's own parser. */
function centavos(reais: string): number {
  const [whole = '', fraction = ''] = reais.split('.');
  return Number(whole) * 100 + Number(fraction);
}

/**
 * Efí for the provider contract: its mTLS stand-in of the standard API Pix (tests/support/providers/efi/efi-stand-in.ts,
 * sources in tests/integration/gateway/provider-efi.test.ts), and our TLS terminator as the registered webhook, so a
 * notification arrives as the bank sends it: over TLS with the bank's client certificate. The webhook is mTLS-only
 * here (no hmac): the certificate is the proof, and the body only names charges to read back.
 */
export const efiHarness: ProviderHarness = {
  name: 'Efí',
  async start() {
    const bank = await startEfiStandIn();
    const { standIn } = bank;
    const terminator = await startWebhookTerminator(bank.pki);
    standIn.webhookUrl = `${terminator.url}/api/webhooks/efi`;
    const env = bank.env();
    const cob = (txid: string) => {
      const found = standIn.cob(txid);
      if (!found) throw new Error(`the stand-in has no cob ${txid}`);
      return found;
    };
    const devolucoes = (txid: string) => cob(txid).pix.flatMap((pix) => pix.devolucoes.map((devolucao) => ({ pix, devolucao })));
    return {
      provider: createEfiProvider(
        {
          clientId: env.EFI_CLIENT_ID!,
          clientSecret: env.EFI_CLIENT_SECRET!,
          certificatePath: env.EFI_CERTIFICATE!,
          pixKey: env.EFI_PIX_KEY!,
          apiUrl: standIn.url,
          webhookHmacSecret: null,
        },
        { ca: bank.ca, timeoutMs: 5_000 },
      ),
      webhookUrl: `${terminator.url}/api/webhooks/efi`,
      pay: async (txid) => void standIn.pay(txid),
      held: (txid) => ({
        amountCents: centavos(cob(txid).original),
        code: standIn.copiaECola(cob(txid)),
        refundedCents: devolucoes(txid)
          .filter(({ devolucao }) => devolucao.status !== 'NAO_REALIZADO')
          .reduce((sum, { devolucao }) => sum + centavos(devolucao.valor), 0),
      }),
      charges: () => standIn.cobCount,
      requests: () => standIn.requests.length,
      settleRefunds: async (txid) => {
        for (const { pix, devolucao } of devolucoes(txid)) {
          if (devolucao.status === 'EM_PROCESSAMENTO') standIn.settleRefund(pix.endToEndId, devolucao.id, 'DEVOLVIDO');
        }
      },
      unknownChargeId: 'naoexiste'.padEnd(35, '0'),
      violations: () => standIn.violations,
      webhooks: {
        async deliver(txid) {
          const index = terminator.received.length;
          const status = await standIn.notify([txid]);
          const received = terminator.received[index];
          if (status !== 200 || !received) throw new Error(`the stand-in's notification was not received (${status})`);
          return received;
        },
        // Nothing signs the body: it can only name a charge, which is then read back.
        tamper: (request, txid, otherTxid) => ({ ...request, rawBody: request.rawBody.replaceAll(txid, otherTxid) }),
        forge: (request) => ({ ...request, clientCertificateVerified: false }),
        // `{ pix: [...] }` carries no signed time: a replay names the same charges again.
        replay: null,
      },
      async stop() {
        await terminator.close();
        await bank.stop();
      },
    };
  },
};
