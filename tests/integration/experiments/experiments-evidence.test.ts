import { describe, expect, it } from 'vitest';
import type { AdminPageState } from '../../../src/shared/offer.ts';
import { useExperimentConsole } from '../../support/experiment-console.ts';
import { seedExperimentStore, type ArmSeed } from '../../support/experiment-store.ts';
import { headlineExperiment } from '../../support/headline-experiment.ts';
import { databases } from '../test-db.ts';

/**
 * "Declarar vencedor" needs evidence (docs/experiments.md#console): the server judges the test again on the request and
 * publishes a version the verdict does not name only on the seller's typed "SEM EVIDÊNCIA", recorded as no proven winner.
 * The verdicts come from stores seeded in the shape the server writes them (support/experiment-store.ts).
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REFUSAL = /^O resultado do teste não aponta essa versão como vencedora\..*digite SEM EVIDÊNCIA na confirmação\.$/;

describe.each(databases)('"Declarar vencedor" needs evidence ($name)', (database) => {
  const { running, call, testOf } = useExperimentConsole(database);
  const live = async () => ((await (await call('/page')).json()) as AdminPageState).live;
  const declare = (id: string, variant: number, confirmation?: string) => call(`/experiments/${id}/winner`, { variant, confirmation });

  /** A conversion test of `/`'s headline tuned to 1,600 visitors, with what each version's visitors did written to the store. */
  async function seededTest(headline: string, arms: readonly ArmSeed[], endsIn = 28 * DAY): Promise<string> {
    const created = await call(
      '/experiments',
      headlineExperiment(running.clock.now + endsIn, { headline, metric: 'conversion', plannedVisitors: 1_600 }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await seedExperimentStore(running.db, id, arms, running.clock.now);
    return id;
  }

  /** Every version refused as a winner, with no confirmation or a wrong one: nothing published, the test still running. */
  async function expectEveryVersionRefused(id: string) {
    const before = (await live()).number;
    for (const variant of [0, 1])
      for (const confirmation of [undefined, '', 'sim', 'SEM EVIDÊNCIAS']) {
        const reply = await declare(id, variant, confirmation);
        expect(reply.status, `${variant} ${confirmation}`).toBe(409);
        expect(((await reply.json()) as { error: string }).error).toMatch(REFUSAL);
      }
    expect((await live()).number).toBe(before);
    expect((await testOf(id)).status).toBe('running');
  }

  it('refuses a test held by the split check, then publishes B only as the seller’s typed choice, never as a winner', async () => {
    const headline = 'Os fornecedores que as lojas grandes usam, em uma lista só';
    // 900 / 700 visitors where the seller chose half and half; B converts at 1.6 times A's rate.
    const id = await seededTest(headline, [
      { visitors: 900, paid: 120 },
      { visitors: 700, paid: 150 },
    ]);
    expect((await testOf(id)).judgement.verdict).toEqual({ kind: 'held' });
    await expectEveryVersionRefused(id);

    const before = (await live()).number;
    const chosen = await declare(id, 1, ' Sem Evidencia ');
    expect(chosen.status).toBe(200);
    const { number } = (await chosen.json()) as { number: number };
    expect(number).toBe(before + 1);
    const after = await live();
    expect([after.number, after.offer.hero.headline]).toEqual([number, headline]);
    const test = await testOf(id);
    expect([test.status, test.winner, test.chosen, test.winnerVersion]).toEqual(['chosen', null, 1, number]);
    // Ended: neither another version nor the same one is declared again.
    expect((await declare(id, 0, 'SEM EVIDÊNCIA')).status).toBe(409);
    expect((await declare(id, 1, 'SEM EVIDÊNCIA')).status).toBe(409);
    expect((await live()).number).toBe(number);
  });

  it('refuses every version while one has fewer than 100 sales, however far ahead the other looks', async () => {
    const id = await seededTest('Fornecedores de verdade, em uma lista só', [
      { visitors: 800, paid: 40 },
      { visitors: 800, paid: 99 },
    ]);
    expect((await testOf(id)).judgement.verdict).toEqual({ kind: 'continue', reason: 'few-conversions' });
    await expectEveryVersionRefused(id);
    expect((await call(`/experiments/${id}/stop`, {})).status).toBe(200);
  });

  it('refuses every version of a test that reached its end date without a verdict (inconclusivo)', async () => {
    // A test of an hour: the server's clock moves past its end date within the console session's 12 idle hours.
    const id = await seededTest(
      'Os atacadistas que os revendedores usam, numa lista só',
      [
        { visitors: 800, paid: 120 },
        { visitors: 800, paid: 130 },
      ],
      HOUR,
    );
    expect((await testOf(id)).judgement.verdict).toEqual({ kind: 'continue', reason: 'undecided' });
    running.clock.now += 2 * HOUR;
    expect((await testOf(id)).judgement.verdict).toEqual({ kind: 'inconclusive' });
    await expectEveryVersionRefused(id);
    expect((await call(`/experiments/${id}/stop`, {})).status).toBe(200);
  });

  it('accepts the version the verdict names as the winner, and refuses the other', async () => {
    const headline = 'Tudo o que as lojas grandes compram, em uma lista só';
    const id = await seededTest(headline, [
      { visitors: 800, paid: 120 },
      { visitors: 800, paid: 240 },
    ]);
    expect((await testOf(id)).judgement.verdict).toEqual({ kind: 'winner', arm: 1 });
    const before = (await live()).number;
    const other = await declare(id, 0);
    expect(other.status).toBe(409);
    expect(((await other.json()) as { error: string }).error).toMatch(REFUSAL);
    expect((await live()).number).toBe(before);

    const won = await declare(id, 1);
    expect(won.status).toBe(200);
    const { number } = (await won.json()) as { number: number };
    expect((await live()).offer.hero.headline).toBe(headline);
    const test = await testOf(id);
    expect([test.status, test.winner, test.chosen, test.winnerVersion]).toEqual(['decided', 1, null, number]);
  });
});
