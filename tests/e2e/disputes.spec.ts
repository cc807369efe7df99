import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { createPostgresDb, type TestDb } from '../integration/test-db.ts';
import { businessDay } from '../../src/shared/time.ts';
import { ordersBy } from '../support/db-reads.ts';
import { accessLinkIn, buyInSandbox, signIn } from './admin-helpers.ts';
import { contextApi, expect, test, watchConsole, withServerDb } from './fixtures.ts';
import { expectNoAxeViolations, shoot, waitForMail } from './mails-and-shots.ts';
import { expectAccessEndedOnReload } from './member-helpers.ts';
import { fillCheckout, PRODUCT, shopAddress, tapForPix } from './provider-rigs.ts';
import { efiRig } from '../support/providers/efi/efi-journey-rig.ts';
import { mercadoPagoRig } from '../support/providers/mercadopago/mercadopago-journey-rig.ts';
import { wooviRig } from '../support/providers/woovi/woovi-journey-rig.ts';
import type { JourneyRig } from '../support/provider-rig.ts';
import type { AdminDisputeList } from '../../src/shared/disputes.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The seller's "Contestações" (docs/disputes.md) in real Chromium at a phone's width, against the production
 * build: a dispute entered by hand shows in Contestações and on Visão geral with its deadline; "Enviar defesa"
 * (a provider without a defence API: the PDF and the text for its panel) goes once, a stale second press gets the
 * server's words; closing it as lost shows "Devolvido pelo MED" and blocks the buyer, which "Desbloquear" undoes;
 * and a refund while a dispute is open asks twice, for "Reembolsar" and for "Marcar como reembolsado". Then the
 * same story from the providers' stand-ins: Efí's infraction read by "Verificar contestações agora" and defended by
 * its API, Woovi's dispute webhooks with the defence as its evidence, Mercado Pago's in_mediation and charged_back.
 */
const PASSWORD = 'senha-do-painel-contestacoes-e2e';
const DAY = 24 * 60 * 60_000;
/** The refusals a test provokes: an unknown buyer, the stale "Enviar defesa", the refunds' first answer under a dispute. */
const PROVOKED = [/status of 409/, /status of 404/, /status of 422/];

async function registerDispute(panel: Page, query: string, fields: { amount?: string; dueOn?: string } = {}): Promise<string> {
  const form = panel.getByRole('region', { name: 'Registrar contestação' });
  await form.getByLabel('E-mail, referência ou ID E2E').fill(query);
  if (fields.amount) await form.getByLabel('Valor contestado (deixe vazio para o valor pago)').fill(fields.amount);
  if (fields.dueOn) await form.getByLabel('Prazo da defesa (se o provedor informou)').fill(fields.dueOn);
  await form.getByRole('button', { name: 'Registrar' }).click();
  const done = panel.getByRole('status').filter({ hasText: /^Contestação registrada no pedido / });
  await expect(done).toBeVisible();
  return /no pedido (\S+)\.$/.exec(await done.innerText())![1]!;
}

const openDisputesTab = (panel: Page) =>
  panel.getByRole('navigation', { name: 'Seções do painel' }).getByRole('link', { name: 'Contestações' }).click();

async function disputeJourney(browser: Browser, server: RunningServer, options: { shots?: boolean } = {}) {
  const buyers = {
    lost: { name: 'Joana Lima', email: 'joana.lima@example.com' },
    // Another phone: the same one would make his order a duplicate of hers.
    refunded: { name: 'Paulo Mendes', email: 'paulo.mendes@example.com', phone: '11912345678' },
  };
  // Each buyer in a browser of their own (the pre-sell's answer is remembered per browser).
  for (const buyer of Object.values(buyers)) {
    const shop = await browser.newContext({ baseURL: server.url });
    await buyInSandbox(shop, buyer);
    await shop.close();
  }

  const seller = await browser.newContext({ baseURL: server.url });
  await seller.grantPermissions(['clipboard-read', 'clipboard-write']);
  const panel = await seller.newPage();
  const consoleErrors = watchConsole(panel, PROVOKED);
  await signIn(panel, PASSWORD);
  await openDisputesTab(panel);
  await expect(panel.getByText('Nenhuma contestação registrada.')).toBeVisible();

  // "Registrar contestação": the form's own refusal first, in Portuguese; then the order by e-mail, due in three days.
  const form = panel.getByRole('region', { name: 'Registrar contestação' });
  await form.getByLabel('E-mail, referência ou ID E2E').fill(buyers.lost.email);
  await form.getByLabel('Valor contestado (deixe vazio para o valor pago)').fill('19,9,0');
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(form.getByText('Valor inválido: escreva em reais, por exemplo 19,90 ou 1.234,56.')).toBeVisible();
  await form.getByLabel('Valor contestado (deixe vazio para o valor pago)').fill('R$ 19,90');
  await form.getByLabel('E-mail, referência ou ID E2E').fill('ninguem@example.com');
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Nenhum pedido pago encontrado com esse e-mail, referência ou ID E2E.');
  await form.getByLabel('Valor contestado (deixe vazio para o valor pago)').fill('');
  const ref = await registerDispute(panel, buyers.lost.email, { dueOn: businessDay(Date.now() + 3 * DAY) });

  const card = panel.getByRole('article', { name: `Pedido ${ref}` });
  await expect(card).toContainText('Aberta');
  await expect(card).toContainText('Registrada à mão');
  await expect(card).toContainText(/R\$\s19,90/);
  await expect(card).toContainText(/Faltam 3 dias/);
  await expect(card).toContainText(PRODUCT);
  const defence = card.getByRole('textbox', { name: 'Texto da defesa' });
  await expect(defence).toHaveValue(new RegExp(PRODUCT));
  if (options.shots) {
    await expectNoAxeViolations(panel);
    await shoot(panel, 'console-dispute-open', card);
    await shoot(panel, 'console-disputes-area', undefined, { fullPage: true });
  }

  // Visão geral: the open dispute with its time left, and the way to it.
  await panel.getByRole('link', { name: 'Visão geral' }).click();
  const overview = panel.getByRole('region', { name: 'Contestações abertas' });
  await expect(overview).toContainText(new RegExp(`Pedido ${ref}, R\\$\\s19,90`));
  await expect(overview).toContainText(/Faltam 3 dias/);
  if (options.shots) await shoot(panel, 'console-overview-disputes', overview);
  await overview.getByRole('link', { name: 'Ver contestações' }).click();
  await expect(card).toBeVisible();

  // The WhatsApp alert's button names the dispute in the query: Contestações opens with it marked, the query becomes the hash.
  const listed = (await (await contextApi(seller, server.url)('/api/admin/disputes')).json()) as AdminDisputeList;
  const disputeId = listed.disputes.find((dispute) => dispute.orderRef === ref)!.id;
  await panel.goto(`/painel?contestacao=${disputeId}`);
  await expect(panel.getByRole('listitem').filter({ has: card })).toHaveAttribute('aria-current', 'true');
  await expect(panel).toHaveURL(new RegExp(`/painel#contestacoes/${disputeId}$`));

  // Saúde: the providers' disputes read now.
  await panel.getByRole('link', { name: 'Saúde' }).click();
  await panel.getByRole('button', { name: 'Verificar contestações agora' }).click();
  await expect(panel.getByText('Verificação feita. As contestações novas aparecem em “Contestações”.')).toBeVisible();
  if (options.shots) await shoot(panel, 'console-health-dispute-poll', panel.getByRole('region', { name: 'Contestações' }));
  await openDisputesTab(panel);

  // A second tab, opened before the defence goes: its press comes too late and gets the server's words.
  const stale = await seller.newPage();
  const staleErrors = watchConsole(stale, PROVOKED);
  await stale.goto('/painel#contestacoes');
  const staleCard = stale.getByRole('article', { name: `Pedido ${ref}` });
  await expect(staleCard.getByRole('button', { name: 'Enviar defesa' })).toBeEnabled();

  // "Enviar defesa" for a provider whose panel takes it: sent once, then the PDF and the text to paste.
  await expect(card.getByRole('link', { name: 'Baixar PDF da defesa' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Enviar defesa' }).click();
  await expect(card).toContainText(/Defesa enviada em \d{2}\/\d{2}\/\d{4}/);
  await expect(card.getByRole('button', { name: 'Enviar defesa' })).toBeDisabled();
  await expect(card).toContainText('Em defesa');
  const download = panel.waitForEvent('download');
  await card.getByRole('link', { name: 'Baixar PDF da defesa' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`defesa-${ref}.pdf`);
  expect(
    fs
      .readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await card.getByRole('button', { name: 'Copiar o texto da defesa' }).click();
  await expect(card.getByRole('button', { name: 'Copiado o texto da defesa' })).toBeVisible();
  expect(await panel.evaluate(() => navigator.clipboard.readText())).toBe(await defence.inputValue());
  if (options.shots) await shoot(panel, 'console-dispute-defence-sent', card);

  await staleCard.getByRole('button', { name: 'Enviar defesa' }).click();
  await expect(staleCard.getByRole('alert')).toHaveText('A defesa desta contestação já foi enviada. O provedor aceita uma só defesa.');
  await expect(staleCard.getByRole('button', { name: 'Enviar defesa' })).toBeDisabled();
  staleErrors();
  await stale.close();

  // Closed as lost: "Devolvido pelo MED", never a refund, and the buyer's details blocked.
  await card.getByRole('button', { name: 'Perdida' }).click();
  const lost = panel.getByRole('dialog', { name: 'Registrar a contestação como perdida?' });
  await expect(lost).toContainText('o acesso aos itens contestados termina');
  await lost.getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByText('Contestação registrada como perdida.')).toBeVisible();
  await expect(card).toContainText(/Devolvido pelo MED: R\$\s19,90/);
  await expect(card).not.toContainText('Reembolsad');
  await expect(card.getByRole('button', { name: 'Enviar defesa' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Perdida' })).toHaveCount(0);
  const blocks = panel.getByRole('list', { name: 'Bloqueios após contestação perdida' });
  await expect(blocks.getByRole('listitem').filter({ hasText: `E-mail · Pedido ${ref}` })).toBeVisible();
  const blocked = await blocks.getByRole('listitem').count();
  if (options.shots) {
    await expectNoAxeViolations(panel);
    await shoot(panel, 'console-dispute-lost', card);
    await shoot(panel, 'console-dispute-blocks', panel.getByRole('region', { name: 'Bloqueios após contestação perdida' }));
  }

  // "Desbloquear" the e-mail: its row goes, the others stay.
  await blocks.getByRole('button', { name: `Desbloquear E-mail Pedido ${ref}` }).click();
  await panel.getByRole('dialog', { name: 'Desbloquear este comprador?' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByText('Bloqueio desfeito.')).toBeVisible();
  await expect(blocks.getByRole('listitem').filter({ hasText: `E-mail · Pedido ${ref}` })).toHaveCount(0);
  if (blocked > 1) await expect(blocks.getByRole('listitem')).toHaveCount(blocked - 1);
  else await expect(panel.getByText('Nenhum comprador bloqueado.')).toBeVisible();

  // Never twice: a refund of an order under dispute warns and asks again, for each way of refunding.
  // His dispute's deadline was yesterday: the time is up, the button is off and says why (the server refuses it too).
  const other = await registerDispute(panel, buyers.refunded.email, { dueOn: businessDay(Date.now() - DAY) });
  const late = panel.getByRole('article', { name: `Pedido ${other}` });
  await expect(late).toContainText('Prazo encerrado');
  await expect(late.getByRole('button', { name: 'Enviar defesa' })).toBeDisabled();
  await expect(late).toContainText('O prazo para enviar a defesa terminou. O provedor não aceita mais defesa nesta contestação.');
  // "Toque em “Enviar defesa”" would ask for what the card refuses.
  await expect(late).not.toContainText('Toque em “Enviar defesa”');
  if (options.shots) await shoot(panel, 'console-dispute-late', late);
  await panel.getByRole('link', { name: 'Pedidos' }).click();
  await panel.getByLabel('Buscar').fill(buyers.refunded.email);
  await panel.getByRole('button', { name: 'Filtrar' }).click();
  await panel.getByRole('button', { name: `Ver pedido de ${buyers.refunded.name}` }).click();
  const refund = panel.getByRole('region', { name: 'Reembolso' });
  await refund.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  await panel
    .getByRole('dialog', { name: /^Reembolsar R\$\s19,90\?$/ })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  const again = panel.getByRole('dialog', { name: 'Reembolsar mesmo com a contestação aberta?' });
  await expect(again).toContainText('o MED pode devolver o dinheiro também');
  if (options.shots) await shoot(panel, 'console-refund-dispute-warning');
  // Cancelled: nothing was approved.
  await again.getByRole('button', { name: 'Cancelar' }).click();
  await expect(again).toHaveCount(0);
  await expect(refund.getByRole('button', { name: 'Reembolsar', exact: true })).toBeVisible();
  await refund.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  await panel
    .getByRole('dialog', { name: /^Reembolsar R\$\s19,90\?$/ })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await again.getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByText('Reembolso aprovado. Agora devolva o valor no painel do gateway.')).toBeVisible();

  await refund.getByRole('button', { name: 'Marcar como reembolsado' }).click();
  await panel.getByRole('dialog', { name: 'Marcar como reembolsado?' }).getByRole('button', { name: 'Confirmar' }).click();
  const markAgain = panel.getByRole('dialog', { name: 'Marcar como reembolsado mesmo com a contestação aberta?' });
  await expect(markAgain).toContainText('o MED pode devolver o dinheiro também');
  await markAgain.getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByText('Pedido marcado como reembolsado.')).toBeVisible();

  consoleErrors();
  await seller.close();
}

test.describe('Contestações', () => {
  test('on SQLite: entered by hand, on Visão geral, defended once, lost and blocked, unblocked; a refund asks twice', async ({
    browser,
  }) => {
    const server = await startServer({ ADMIN_PASSWORD: PASSWORD });
    try {
      await disputeJourney(browser, server, { shots: true });
    } finally {
      await server.stop();
    }
  });

  test('on PostgreSQL: the same journey', async ({ browser }) => {
    const database = await createPostgresDb();
    const server = await startServer({ ADMIN_PASSWORD: PASSWORD, DATABASE_URL: database.url });
    try {
      await disputeJourney(browser, server);
    } finally {
      await server.stop();
      await database.close();
    }
  });

  test('Efí: an infraction read by "Verificar contestações agora", defended once through its API, lost with the MED devolução', async ({
    browser,
  }) => {
    await providerDisputeJourney(browser, efiStory);
  });

  test('Efí at 390 px: a MED devolução of part of the PIX shows "(parte)", keeps the access and blocks no one', async ({ browser }) => {
    await providerDisputeJourney(browser, (shopUrl) => efiStory(shopUrl, 500));
  });

  test('Efí on PostgreSQL: the same story', async ({ browser }) => {
    const database = await createPostgresDb();
    try {
      await providerDisputeJourney(browser, efiStory, database);
    } finally {
      await database.close();
    }
  });

  test('Woovi: OPENPIX:DISPUTE_CREATED, the defence as its evidence, lost with DISPUTE_ACCEPTED', async ({ browser }) => {
    await providerDisputeJourney(browser, wooviStory);
  });

  test('Woovi at 390 px, spelled as its panel sends it: woovi:DISPUTE_CREATED, then woovi:DISPUTE_ACCEPTED', async ({ browser }) => {
    await providerDisputeJourney(browser, (shopUrl) => wooviStory(shopUrl, 'woovi:'));
  });

  test('Mercado Pago: in_mediation, the defence by the PDF and text for its panel, lost with charged_back', async ({ browser }) => {
    await providerDisputeJourney(browser, mercadoPagoStory);
  });
});

/** A provider's side of one dispute, as its stand-in plays it (tests/support/providers/, from its public documents). */
interface DisputeStory {
  rig: JourneyRig;
  /** The buyer contests the paid charge in their bank app; the provider lists it (`polled`) or posts its webhook. */
  open(chargeId: string): Promise<void>;
  /** Efí has no dispute webhook: the console's "Verificar contestações agora" reads its infractions. */
  polled: boolean;
  /** What the card says of the deadline. */
  deadline: RegExp;
  channel: 'provider' | 'panel';
  /** What the provider was sent by "Enviar defesa", one entry a defence. */
  defences(chargeId: string): string[];
  /** The bank decides for the payer and the money goes back to them. */
  lose(chargeId: string): Promise<void>;
  /** What the MED takes back: the whole PIX (19,90), or a part of it tied to no item. */
  returnedCents: number;
}

/** Efí lists a MED infraction (`GET /v2/gn/infracoes`), takes one `defesa`, and returns the money as a MED devolução. */
async function efiStory(shopUrl: string, returnedCents = 1990): Promise<DisputeStory> {
  const rig = await efiRig(shopUrl);
  let infraction = '';
  return {
    rig,
    async open(txid) {
      const payer = { nome: 'RENATO ALVES', documento: '52998224725' };
      infraction = rig.standIn.openInfraction(txid, { prazoFinalizacao: Date.now() + 3 * DAY, payer });
    },
    polled: true,
    deadline: /Faltam (2 dias e 23 h|3 dias)/,
    channel: 'provider',
    defences: () =>
      rig.standIn.defences
        .filter((defence) => defence.idInfracao === infraction)
        .map((defence) => `${defence.analise}: ${defence.justificativa}`),
    async lose(txid) {
      rig.standIn.setInfractionStatus(infraction, 'ACEITA');
      rig.standIn.medReturn(rig.standIn.cob(txid)!.pix[0]!.endToEndId, returnedCents);
    },
    returnedCents,
  };
}

/** Woovi posts DISPUTE_CREATED (spelled `OPENPIX:` or `woovi:`), takes the defence as evidence on the dispute, and posts DISPUTE_ACCEPTED when it is lost. */
async function wooviStory(shopUrl: string, prefix: 'OPENPIX:' | 'woovi:' = 'OPENPIX:'): Promise<DisputeStory> {
  const rig = await wooviRig(shopUrl);
  rig.standIn.eventPrefix = prefix;
  const delivered = (event: string) => expect(rig.standIn.deliveries.at(-1)).toMatchObject({ event, status: 200 });
  return {
    rig,
    async open(id) {
      await rig.standIn.dispute(id);
      delivered(`${prefix}DISPUTE_CREATED`);
    },
    polled: false,
    deadline: /Faltam \d|Prazo não informado pelo provedor/,
    channel: 'provider',
    defences: (id) => (rig.standIn.charges.get(id)?.dispute?.evidence ?? []).map((evidence) => `${evidence.description} ${evidence.url}`),
    async lose(id) {
      await rig.standIn.endDispute(id, 'ACCEPTED');
      delivered(`${prefix}DISPUTE_ACCEPTED`);
    },
    returnedCents: 1990,
  };
}

/** Mercado Pago's payment turns `in_mediation`, then `charged_back`, each with its notification; it takes no defence by API. */
async function mercadoPagoStory(): Promise<DisputeStory> {
  const rig = await mercadoPagoRig();
  const notified = async (id: string) => expect((await rig.standIn.notify(id)).status).toBe(200);
  return {
    rig,
    async open(id) {
      rig.standIn.mediate(id);
      await notified(id);
    },
    polled: false,
    deadline: /Faltam \d|Prazo não informado pelo provedor/,
    channel: 'panel',
    defences: () => [],
    async lose(id) {
      rig.standIn.chargeBack(id);
      await notified(id);
    },
    returnedCents: 1990,
  };
}

/**
 * One dispute at a provider, from the buyer's bank to the console: it shows with its deadline and the seller gets the
 * e-mail; "Enviar defesa" goes once, by the provider's API or as the PDF for its panel; when lost, "Devolvido pelo MED"
 * in Contestações and Pedidos, the access ends and the buyer's next checkout gets no PIX.
 */
async function providerDisputeJourney(
  browser: Browser,
  makeStory: (shopUrl: string) => Promise<DisputeStory>,
  database?: TestDb & { url: string },
) {
  const sellerEmail = 'vendas@example.com';
  const shop = await shopAddress();
  const story = await makeStory(shop.url);
  const server = await startServer({
    ...shop.env,
    ...story.rig.env,
    ADMIN_PASSWORD: PASSWORD,
    SUPPORT_EMAIL: sellerEmail,
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const buyerContext = await browser.newContext({ baseURL: server.url });
  const sellerContext = await browser.newContext({ baseURL: server.url });
  try {
    const buyer = { name: 'Renato Alves', email: 'renato.alves@example.com' };
    const checkout = await buyerContext.newPage();
    const { dialog } = await tapForPix(checkout, buyer);
    const [order] = database
      ? await ordersBy(database, 'buyer_email', buyer.email)
      : await withServerDb(server.dataDir, (db) => ordersBy(db, 'buyer_email', buyer.email));
    const chargeId = order!.charge_id!;
    await story.rig.pay(chargeId);
    await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible();
    const member = await buyerContext.newPage();
    await member.goto(accessLinkIn((await waitForMail(server, buyer.email, `Seu acesso à ${PRODUCT} está liberado`)).file));
    await expect(member.getByRole('heading', { name: 'Olá, Renato!' })).toBeVisible();

    await story.open(chargeId);
    const panel = await sellerContext.newPage();
    const consoleErrors = watchConsole(panel);
    await signIn(panel, PASSWORD);
    const readDisputes = async () => {
      if (story.polled) {
        await panel.getByRole('link', { name: 'Saúde' }).click();
        await panel.getByRole('button', { name: 'Verificar contestações agora' }).click();
        // Each provider's outcome in words, never a bare "ok".
        await expect(panel.getByText(/^Efí: lista lida/)).toBeVisible();
      }
      await openDisputesTab(panel);
    };
    await readDisputes();
    const card = panel.getByRole('article', { name: `Pedido ${order!.public_ref}` });
    await expect(card).toContainText('Do provedor');
    await expect(card).toContainText('Aberta');
    await expect(card).toContainText(story.deadline);
    await waitForMail(server, sellerEmail, `Contestação aberta no pedido ${order!.public_ref}`);

    // The buyer's member page says there is a contestação before any tap, and offers no refund to ask for.
    await member.reload();
    const guarantee = member.getByRole('region', { name: /^Garantia de 7 dias/ });
    await expect(guarantee).toContainText('Esta compra tem uma contestação em análise no seu banco.');
    await expect(guarantee.getByRole('button')).toHaveCount(0);
    await expect(member.getByRole('button', { name: 'Pedir reembolso' })).toHaveCount(0);
    if (story.returnedCents < 1990) await shoot(member, 'member-guarantee-disputed', guarantee);

    // "Enviar defesa": once, naming the delivery and the member page's openings; the button stays off.
    await card.getByRole('button', { name: 'Enviar defesa' }).click();
    await expect(card).toContainText(/Defesa enviada em \d{2}\/\d{2}\/\d{4}/);
    await expect(card.getByRole('button', { name: 'Enviar defesa' })).toBeDisabled();
    const pdf = card.getByRole('link', { name: 'Baixar PDF da defesa' });
    if (story.channel === 'panel') {
      await expect(pdf).toBeVisible();
      await expect(card.getByRole('textbox', { name: 'Texto da defesa' })).toHaveValue(/página de membro/i);
    } else {
      await expect(pdf).toHaveCount(0);
      expect(story.defences(chargeId)).toHaveLength(1);
    }
    if (story.polled) {
      // Efí's text itself: the seller rejects the claim, with the delivery and the member page's openings.
      expect(story.defences(chargeId)[0]).toMatch(/^rejeitado: /);
      expect(story.defences(chargeId)[0]).toMatch(/e-mail de acesso/i);
      expect(story.defences(chargeId)[0]).toMatch(/página de membro foi aberta/i);
    }

    // The bank decides for the payer: lost, "Devolvido pelo MED", the access ends, the buyer is blocked.
    await story.lose(chargeId);
    if (story.returnedCents < 1990) {
      // A part tied to no item: counted as what went back, the access kept, no one blocked (docs/money.md#med-part).
      await expect(async () => {
        await readDisputes();
        await expect(card).toContainText('Perdida', { timeout: 2000 });
        await expect(card).toContainText(/Devolvido pelo MED \(parte\): R\$\s5,00\. O acesso do comprador continua\./, { timeout: 2000 });
      }).toPass({ timeout: 90_000 });
      await expect(panel.getByText('Nenhum comprador bloqueado.')).toBeVisible();
      await shoot(panel, 'console-dispute-med-part', card);
      await member.reload();
      await expect(member.getByRole('heading', { name: 'Olá, Renato!' })).toBeVisible();
      consoleErrors();
      return;
    }
    // The provider's answer is handled in the background: on a loaded machine that has taken over 30 s.
    // At Efí the money is counted from the devolução on the Pix, read after the infraction ACEITA (docs/disputes.md#lost).
    await expect(async () => {
      await readDisputes();
      await expect(card).toContainText('Perdida', { timeout: 2000 });
      await expect(card).toContainText(/Devolvido pelo MED: R\$\s19,90/, { timeout: 2000 });
    }).toPass({ timeout: 90_000 });
    const blocks = panel.getByRole('list', { name: 'Bloqueios após contestação perdida' });
    await expect(blocks.getByRole('listitem').filter({ hasText: `E-mail · Pedido ${order!.public_ref}` })).toBeVisible();
    await expectAccessEndedOnReload(member);

    // Pedidos says where the money went: returned by the MED, not refunded by the seller.
    await panel.getByRole('link', { name: 'Pedidos' }).click();
    await panel.getByLabel('Buscar').fill(buyer.email);
    await panel.getByRole('button', { name: 'Filtrar' }).click();
    await expect(panel.getByRole('button', { name: `Ver pedido de ${buyer.name}` })).toContainText('Devolvido pelo MED');
    consoleErrors();

    // The same buyer's next checkout gets no PIX, with a message that accuses no one.
    const again = await browser.newContext({ baseURL: server.url });
    const blocked = await fillCheckout(await again.newPage(), buyer);
    await blocked.getByRole('button', { name: 'GERAR PIX' }).click();
    await expect(blocked).toContainText('Não foi possível gerar o PIX para estes dados.');
    await again.close();
  } finally {
    await buyerContext.close();
    await sellerContext.close();
    await server.stop();
    await story.rig.stop();
  }
}
