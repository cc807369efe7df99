// F4: each sentence of the defence says one recorded fact; flipping the fact changes the sentence (docs/disputes.md#defending).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputeDefence as copy } from '../../../src/content/disputes.ts';
import { OPENINGS_KEPT_PER_ORDER, recordMemberPageOpen } from '../../../src/server/access/access-repository.ts';
import { loadConfig } from '../../../src/server/config/config.ts';
import { buildDefenceText } from '../../../src/server/disputes/dispute-defence.ts';
import { PayerCheck, checkPayer } from '../../../src/server/disputes/payer-check.ts';
import { recordEvidence } from '../../../src/server/evidence/delivery-record.ts';
import { formatBRL } from '../../../src/shared/money.ts';
import { formatDateTime } from '../../../src/shared/time.ts';
import { insertOrderItems, insertOrderRow, rowsOfOrder } from '../../support/db-reads.ts';
import { databases } from '../test-db.ts';

type TestDb = Awaited<ReturnType<(typeof databases)[number]['create']>>;

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const config = loadConfig({ DATA_DIR: '/tmp/vitrine-unused' });
let serial = 0;

async function paidOrder(db: TestDb) {
  const id = `ord_defence_${process.pid}_${++serial}`;
  await insertOrderRow(db, {
    id,
    status: 'paid',
    buyer_name: 'Maria da Silva',
    buyer_document: '52998224725',
    created_at: 1_700_000_000_000,
  });
  await insertOrderItems(db, [
    { order_id: id, item: 'main', title: 'Lista de Fornecedores Secretos', price_cents: 1990, product_hash: 'p', offer_hash: 'o' },
  ]);
  return id;
}

const defence = (db: TestDb, orderId: string, payerMatches: number | null = null) =>
  buildDefenceText(
    { db: db.db, config, publicUrl: () => 'https://loja.example', now: () => 1_700_000_000_000 + 40 * HOUR },
    {
      order_id: orderId,
      payer_matches: payerMatches,
    },
  );

describe('what was compared with the payer', () => {
  const order = { buyer_document: '529.982.247-25', buyer_name: 'Maria da Silva' };
  it.each([
    ['both', { name: 'MARIA DA SILVA', document: '52998224725' }, PayerCheck.both],
    ['the document only (the bank shortened the name)', { name: 'MARIA D SILVA', document: '52998224725' }, PayerCheck.document],
    ['the name only (Woovi gives no document)', { name: 'Maria da Silva', document: null }, PayerCheck.name],
    ['a document that differs', { name: 'Maria da Silva', document: '11144477735' }, PayerCheck.documentDiffers],
    ['nothing comparable', { name: 'Outra Pessoa', document: null }, null],
  ])('%s', (_label, payer, expected) => {
    expect(checkPayer(payer, order)).toBe(expected);
  });
});

for (const database of databases) {
  describe(`the defence's sentences (${database.name})`, () => {
    let db: TestDb;
    beforeAll(async () => {
      db = await database.create();
    });
    afterAll(async () => {
      await db.close();
    });

    it.each([
      [PayerCheck.both, copy.payer.both],
      [PayerCheck.document, copy.payer.document],
      [PayerCheck.name, copy.payer.name],
      [PayerCheck.matched, copy.payer.matched],
      [PayerCheck.documentDiffers, copy.payer.documentDiffers],
    ])('payer check %i says exactly what was compared', async (check, sentence) => {
      const text = await defence(db, await paidOrder(db), check);
      expect(text).toContain(sentence);
      for (const other of Object.values(copy.payer).filter((each) => each !== sentence)) expect(text).not.toContain(other);
    });

    it('says nothing about the payer when the provider gave nothing to compare', async () => {
      const text = await defence(db, await paidOrder(db));
      for (const sentence of Object.values(copy.payer)) expect(text).not.toContain(sentence);
    });

    it('says the access e-mail was accepted only when it was, and never that the page was used unopened', async () => {
      const orderId = await paidOrder(db);
      const unopened = await defence(db, orderId);
      expect(unopened).toContain(copy.notDelivered);
      expect(unopened).toContain(copy.noOpenings);
      expect(unopened).toContain(copy.closing.recorded);
      // The product line tells how it is delivered, never that it was.
      expect(unopened).toContain(copy.product('Lista de Fornecedores Secretos', formatBRL(1990)));
      expect(unopened).not.toMatch(/usad|aberta \d|entregue/);

      await recordEvidence(db.db, { orderId, kind: 'access_email_accepted', at: 1_700_000_000_000 + HOUR, detail: '<m@x>' });
      const delivered = await defence(db, orderId);
      expect(delivered).toContain(copy.delivered(formatDateTime(1_700_000_000_000 + HOUR)));
      expect(delivered).not.toContain(copy.notDelivered);
      expect(delivered).toContain(copy.closing.delivered);
      expect(delivered).not.toContain(copy.closing.used);

      await recordMemberPageOpen(db.db, orderId, 1_700_000_000_000 + 2 * HOUR, 'aparelho-a');
      const opened = await defence(db, orderId);
      expect(opened).toContain(`${copy.openings(1, 1, 0)}\n- ${formatDateTime(1_700_000_000_000 + 2 * HOUR)} (aparelho-a)`);
      expect(opened).toContain('A página de membro foi aberta 1 vez, de 1 endereço de internet:');
      expect(opened).toContain(copy.closing.used);
      expect(opened).not.toContain(copy.noOpenings);
    });

    it('counts sixty openings from sixty addresses within an hour as sixty, from sixty', async () => {
      const orderId = await paidOrder(db);
      const start = 1_700_000_000_000 + 3 * HOUR;
      for (let index = 0; index < 60; index++) await recordMemberPageOpen(db.db, orderId, start + index * 30_000, `aparelho-${index}`);
      const text = await defence(db, orderId);
      expect(text).toContain('A página de membro foi aberta 60 vezes, de 60 endereços de internet:');
      expect(text).not.toMatch(/aberta 1 vez|horas diferentes/);
      // The first ones listed, then the rest counted with the last one's time.
      expect(text).toContain(`- ${formatDateTime(start)} (aparelho-0)`);
      expect(text).toContain(copy.moreOpenings(50, formatDateTime(start + 59 * 30_000)));
      expect(await rowsOfOrder(db, 'member_page_opens', orderId)).toHaveLength(60);
    });

    it('keeps counting past the cap, exactly, while the rows stay bounded', async () => {
      const orderId = await paidOrder(db);
      const start = 1_700_000_000_000 + 5 * HOUR;
      // The cap's openings from two addresses; a day later 2,000 more, from one of those and from a third.
      for (let index = 0; index < OPENINGS_KEPT_PER_ORDER; index++)
        await recordMemberPageOpen(db.db, orderId, start + index * 1_000, index % 2 === 0 ? 'aparelho-a' : 'aparelho-b');
      const past = 2_000;
      const last = start + DAY + past;
      for (let index = 0; index < past; index++)
        await recordMemberPageOpen(db.db, orderId, start + DAY + index + 1, index % 3 === 0 ? 'aparelho-c' : 'aparelho-a');
      const text = await defence(db, orderId);
      expect(text).toContain(`A página de membro foi aberta ${OPENINGS_KEPT_PER_ORDER + past} vezes, de 3 endereços de internet:`);
      expect(text).toContain(copy.moreOpenings(OPENINGS_KEPT_PER_ORDER + past - 10, formatDateTime(last)));
      expect(await rowsOfOrder(db, 'member_page_opens', orderId)).toHaveLength(OPENINGS_KEPT_PER_ORDER);
      // Past the cap, one row per day and address: two addresses on one day.
      expect(await rowsOfOrder(db, 'member_page_open_tallies', orderId)).toHaveLength(2);
    });

    it('says which openings have no address recorded (those kept before addresses were)', async () => {
      const orderId = await paidOrder(db);
      await recordMemberPageOpen(db.db, orderId, 1_700_000_000_000 + 2 * HOUR);
      expect(await defence(db, orderId)).toContain('A página de membro foi aberta 1 vez (endereço não registrado):');
      await recordMemberPageOpen(db.db, orderId, 1_700_000_000_000 + 3 * HOUR, 'aparelho-a');
      expect(await defence(db, orderId)).toContain(
        'A página de membro foi aberta 2 vezes, de 1 endereço de internet (1 sem endereço registrado):',
      );
    });
  });
}
