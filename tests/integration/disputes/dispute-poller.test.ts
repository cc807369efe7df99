/**
 * The dispute poller (src/server/disputes/dispute-poller.ts) on a real database, reading Efí's infractions over HTTPS
 * from its stand-in (tests/support/providers/efi/efi-stand-in.ts; sources in tests/integration/gateway/provider-disputes.test.ts):
 * each window read once across instances, stored so a restart resumes it, read again when it failed.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CLAIM_MS,
  createDisputePoller,
  FOLLOW_MS,
  OVERLAP_MS,
  pollDisputes,
  pollDisputesNow,
  type DisputePollDeps,
} from '../../../src/server/disputes/dispute-poller.ts';
import { createPayments } from '../../../src/server/gateway/payments.ts';
import type { ProviderDispute, ProviderId } from '../../../src/server/gateway/pix-provider.ts';
import { createEfiProvider, type EfiProvider } from '../../../src/server/gateway/providers/efi/efi-provider.ts';
import { createLogger } from '../../../src/server/lib/logger.ts';
import { EfiStandIn, makeTestPki, type TestPki } from '../../support/providers/efi/efi-stand-in.ts';
import { databases, type TestDb } from '../test-db.ts';

const DAY = 24 * 60 * 60_000;
const POLL_SECONDS = 900;
const credentials = { clientId: 'Client_Id_poller', clientSecret: 'Client_Secret_poller', pixKey: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' };

for (const database of databases) {
  describe(`dispute poller on ${database.name}`, () => {
    let pki: TestPki;
    let bank: EfiStandIn;
    let db: TestDb;
    let clock: number;
    let efi: EfiProvider;
    let applied: Array<{ provider: ProviderId; dispute: ProviderDispute }>;
    const quiet = createLogger({ level: 'error', sink: { write: () => undefined } });

    /** One instance's view: the same database, its own deps (a restart or a second instance is another call). */
    const instance = (overrides: Partial<DisputePollDeps> = {}): DisputePollDeps => ({
      db: db.db,
      payments: createPayments([efi]),
      logger: quiet,
      now: () => clock,
      pollSeconds: POLL_SECONDS,
      applyDispute: async (provider, dispute) => {
        applied.push({ provider, dispute });
      },
      ...overrides,
    });
    const listCalls = () => bank.requests.filter((request) => request.path.startsWith('/v2/gn/infracoes'));
    const inicioOf = (index: number) => listCalls()[index]!.query.inicio;

    async function infractionOnPaidCharge(): Promise<string> {
      const charge = await efi.createCharge({
        idempotencyKey: `poller-${Math.random().toString(36).slice(2)}`,
        amountCents: 2980,
        items: [{ title: 'Guia', priceCents: 2980 }],
        customer: { name: 'Maria Silva', email: 'maria@example.com', phoneDigits: '11987654321', document: null },
        webhookUrl: 'https://loja.example/api/webhooks/efi',
        expiresInSeconds: 3600,
        requestedAt: clock,
      });
      bank.pay(charge.chargeId);
      return bank.openInfraction(charge.chargeId, { prazoFinalizacao: clock + 3 * DAY });
    }

    beforeAll(() => {
      pki = makeTestPki();
    });
    afterAll(() => pki.cleanup());
    beforeEach(async () => {
      clock = Date.parse('2026-04-10T12:00:00.000Z');
      applied = [];
      db = await database.create();
      bank = new EfiStandIn({ pki, ...credentials, now: () => clock });
      await bank.start();
      efi = createEfiProvider(
        { ...credentials, certificatePath: pki.sellerP12Path, apiUrl: bank.url },
        { ca: pki.caCert, now: () => clock, timeoutMs: 2_000 },
      );
    });
    afterEach(async () => {
      await bank.stop();
      await db.close();
      expect(bank.violations).toEqual([]);
    });

    it('polls each provider that lists disputes once per DISPUTES_POLL_SECONDS, over the last 30 days, and applies each dispute', async () => {
      const id = await infractionOnPaidCharge();
      expect(await pollDisputes(instance())).toEqual([{ provider: 'efi', outcome: 'polled', disputes: 1 }]);
      expect(applied).toEqual([{ provider: 'efi', dispute: expect.objectContaining({ disputeId: id, state: 'open' }) }]);
      expect(inicioOf(0)).toBe(new Date(clock - FOLLOW_MS).toISOString().replace('.000Z', 'Z'));

      // Not yet its turn: nothing asked of Efí, on this instance or another.
      clock += (POLL_SECONDS - 1) * 1000;
      expect(await pollDisputes(instance())).toEqual([{ provider: 'efi', outcome: 'not_due', disputes: 0 }]);
      expect(listCalls()).toHaveLength(1);

      clock += 1000;
      bank.setInfractionStatus(id, 'ACEITA');
      await pollDisputes(instance());
      expect(listCalls()).toHaveLength(2);
      expect(applied.at(-1)!.dispute).toMatchObject({ disputeId: id, state: 'lost' });
    });

    it('two instances polling at once ask Efí once; "poll now" does not wait for the turn, only for the other instance', async () => {
      await infractionOnPaidCharge();
      const results = await Promise.all([pollDisputes(instance()), pollDisputes(instance())]);
      expect(
        results
          .flat()
          .map((result) => result.outcome)
          .sort(),
      ).toEqual(['not_due', 'polled']);
      expect(listCalls()).toHaveLength(1);

      // Right after, from Saúde: read again at once.
      clock += 1000;
      expect(await pollDisputesNow(instance())).toEqual([{ provider: 'efi', outcome: 'polled', disputes: 1 }]);
      expect(listCalls()).toHaveLength(2);

      // While one instance holds the poll (it hangs on Efí), another's "poll now" is told it is busy.
      bank.script('GET', '/v2/gn/infracoes', { kind: 'hang' });
      const slow = instance({
        payments: createPayments([
          createEfiProvider(
            { ...credentials, certificatePath: pki.sellerP12Path, apiUrl: bank.url },
            { ca: pki.caCert, now: () => clock, timeoutMs: 500 },
          ),
        ]),
      });
      const hanging = pollDisputesNow(slow);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await pollDisputesNow(instance())).toEqual([{ provider: 'efi', outcome: 'busy', disputes: 0 }]);
      expect((await hanging)[0]!.outcome).toBe('failed');
    });

    it('a failed list is read again at the next turn; a dispute not recorded keeps the window; a crash frees the claim after CLAIM_MS', async () => {
      await infractionOnPaidCharge();
      bank.script('GET', '/v2/gn/infracoes', { kind: 'status', status: 500, body: '{"title":"Erro Interno","status":500}' });
      const [failed] = await pollDisputes(instance());
      expect(failed).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/não listou as infrações MED/) });
      expect(applied).toEqual([]);

      clock += POLL_SECONDS * 1000;
      let refuse = true;
      const flaky = instance({
        applyDispute: async () => {
          if (refuse) throw new Error('database busy');
        },
      });
      expect((await pollDisputes(flaky))[0]).toMatchObject({ outcome: 'failed', disputes: 1 });
      clock += POLL_SECONDS * 1000;
      refuse = false;
      expect((await pollDisputes(flaky))[0]).toMatchObject({ outcome: 'polled', disputes: 1 });

      // An instance dies holding the claim: nobody polls until it lapses, then the next one does.
      await db.db
        .updateTable('dispute_polls')
        .set({ claimed_until: clock + CLAIM_MS, next_poll_at: clock })
        .execute();
      expect((await pollDisputesNow(instance()))[0]!.outcome).toBe('busy');
      clock += CLAIM_MS;
      expect((await pollDisputesNow(instance()))[0]!.outcome).toBe('polled');
    });

    it('the scheduled job polls as the server starts its jobs, and stops with them', async () => {
      await infractionOnPaidCharge();
      const poller = createDisputePoller(instance());
      poller.start();
      await poller.stop();
      expect(listCalls()).toHaveLength(1);
      expect(applied).toHaveLength(1);
      // A shop whose providers list no disputes has nothing to poll: no job runs.
      const none = createDisputePoller(instance({ payments: { providers: [], retired: [] } }));
      none.start();
      await none.stop();
      expect(listCalls()).toHaveLength(1);
    });

    it('after a restart long down, the window starts where the last one read ended, a little before', async () => {
      await pollDisputes(instance());
      const lastEnd = clock;
      clock += 45 * DAY;
      // A new process: the same database, fresh deps.
      await pollDisputes(instance());
      expect(inicioOf(1)).toBe(new Date(lastEnd - OVERLAP_MS).toISOString().replace('.000Z', 'Z'));
    });
  });
}
