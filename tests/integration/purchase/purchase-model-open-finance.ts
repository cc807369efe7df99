import { fetchFrom, newClientAddress, uniqueCpf } from '../../support/clients.ts';
import { efiOpenFinanceEnv, OPEN_FINANCE_BANK, registerOpenFinance } from '../../support/open-finance-rig.ts';
import { EfiOpenFinanceStandIn, OPEN_FINANCE_TEST_SELLER } from '../../support/providers/efi/efi-open-finance-stand-in.ts';
import type { TestServer } from '../../support/test-server.ts';
import { ORDER_VIEW_KEY_HEADER } from '../../../src/shared/order-view-key.ts';
import { startEfiModel, type ModelProvider } from './purchase-model-providers.ts';
import { drainOutbox, type Shop } from './purchase-model-support.ts';

/**
 * Efí as the shop's only PIX provider with "Pagar no app do banco" on (docs/payments.md#open-finance): the API Pix
 * stand-in and the Open Finance stand-in with its bank page (their request and answer shapes, with sources, head
 * tests/integration/open-finance/provider-efi-open-finance.test.ts and provider-efi.test.ts). The buyer's steps at the bank, the
 * faults between Efí and the shop (a callback lost, sent twice, a read or a cancel refused), and what Efí holds for
 * each order: the money in (the PIX, the Open Finance payments) and out (devoluções, returns).
 */
const HMAC = 'hash-do-modelo-open-finance-41a9';

export type EfiOpenFinanceModel = ModelProvider & Awaited<ReturnType<typeof startEfiModel>> & { bank: EfiOpenFinanceStandIn };

export async function startEfiOpenFinanceModel(): Promise<EfiOpenFinanceModel> {
  const efi = await startEfiModel();
  const clock = { now: () => Date.now() };
  const bank = new EfiOpenFinanceStandIn({
    pki: efi.pki,
    clientId: efi.env.EFI_CLIENT_ID!,
    clientSecret: efi.env.EFI_CLIENT_SECRET!,
    pixKey: efi.env.EFI_PIX_KEY!,
    account: OPEN_FINANCE_TEST_SELLER.account,
    // Efí lists payments by date: its clock is the shop's.
    now: () => clock.now(),
  });
  await bank.start();
  return {
    ...efi,
    bank,
    name: 'Efí with Open Finance',
    env: { ...efi.env, ...efiOpenFinanceEnv(bank, HMAC) },
    async attach(server: TestServer, now: () => number) {
      clock.now = now;
      // The server registers its settings at start (PUBLIC_URL is not its port here): what `npm run
      // efi-open-finance` registers is set once that is done, pointing at this server.
      await server.background.idle();
      registerOpenFinance(bank, server.url, HMAC);
    },
    async stop() {
      await bank.stop();
      await efi.stop();
    },
  };
}

export const isOpenFinance = (provider: ModelProvider): provider is EfiOpenFinanceModel => 'bank' in provider;

/** A CPF of its own per model buyer: "Pagar no app do banco" sends the order's. */
export const modelCpf = uniqueCpf;

const cents = (reais: string) => Math.round(Number(reais) * 100);

/** How Efí's answer about a decision reaches the shop. */
export type Delivery = 'both' | 'callback' | 'wayBack' | 'lost' | 'twice' | 'readFails';
export const DELIVERIES: readonly Delivery[] = ['both', 'both', 'callback', 'wayBack', 'lost', 'twice', 'readFails'];

function orderCall(shop: Shop, path: string, viewKey: string, body: unknown) {
  // From an address of its own: the checkout's hourly limit is per address.
  return fetchFrom(newClientAddress())(`${shop.server.url}/api/orders/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [ORDER_VIEW_KEY_HEADER]: viewKey },
    body: JSON.stringify(body),
  });
}

/** "Pagar no app do banco" from the order's tab: the answer's status, and the payment Efí holds for it. */
export async function startAtBank(shop: Shop, provider: EfiOpenFinanceModel, orderId: string, viewKey: string) {
  const response = await orderCall(shop, `${orderId}/open-finance`, viewKey, { participantId: OPEN_FINANCE_BANK });
  const text = await response.text();
  await shop.server.background.idle();
  const payment = [...provider.bank.payments.values()].filter((held) => held.idProprio === orderId && held.status === 'pendente').at(-1);
  return { status: response.status, text, paymentId: response.status === 200 ? payment?.identificadorPagamento : undefined };
}

/**
 * The buyer decides at the bank; Efí's callback and the browser's way back reach the shop as `delivery` says
 * (`lost`: neither, for the reconciler to read back). Returns where the way back sent the browser, when it came.
 */
export async function decideAtBank(
  shop: Shop,
  provider: EfiOpenFinanceModel,
  paymentId: string,
  approve: boolean,
  delivery: Delivery,
): Promise<string | undefined> {
  const { bank } = provider;
  const jsr = bank.payments.get(paymentId)?.jsr ?? false;
  const config = bank.config!;
  const lostCallback = delivery === 'wayBack' || delivery === 'lost';
  // The callback's read meets an Efí error (the way back reads again).
  if (delivery === 'readFails') bank.script('GET', jsr ? '/pagamentos-biometria/pix' : '/pagamentos/pix', { kind: 'status', status: 500 });
  if (lostCallback) bank.config = { ...config, webhookURL: 'http://127.0.0.1:9/perdido' };
  let back: string;
  try {
    back = await bank.decide(paymentId, approve);
  } finally {
    bank.config = config;
  }
  await shop.server.background.idle();
  if (delivery === 'twice') {
    const sent = bank.deliveries.at(-1)!;
    await (await fetch(sent.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: sent.body })).body?.cancel();
    await shop.server.background.idle();
  }
  let location: string | undefined;
  if (delivery !== 'callback' && delivery !== 'lost') {
    // `twice`: the browser's way back lands at the same moment as a second read.
    const landings = await Promise.all((delivery === 'twice' ? [back, back] : [back]).map((url) => fetch(url, { redirect: 'manual' })));
    location = landings[0]!.headers.get('location') ?? undefined;
    for (const landing of landings) await landing.body?.cancel();
  }
  await drainOutbox(shop);
  return location;
}

/** "Salvar para pagar com biometria" on the order's tab, approved or refused at the bank; null when not offered. */
export async function saveBankLink(shop: Shop, provider: EfiOpenFinanceModel, mainId: string, viewKey: string, approve: boolean) {
  const saved = await orderCall(shop, `${mainId}/vinculo`, viewKey, {});
  if (saved.status !== 200) {
    await saved.body?.cancel();
    return { status: saved.status };
  }
  await saved.body?.cancel();
  const link = [...provider.bank.links.values()].at(-1)!;
  const back = await provider.bank.decide(link.identificador, approve);
  const landing = await fetch(back, { redirect: 'manual' });
  await landing.body?.cancel();
  await shop.server.background.idle();
  return { status: saved.status, location: landing.headers.get('location') ?? undefined };
}

/** "Quero adicionar" under the vínculo: the add-on order made and its JSR payment at Efí, or the refusal. */
export async function addonByLink(shop: Shop, provider: EfiOpenFinanceModel, mainId: string, viewKey: string, offerVersion?: number) {
  const before = new Set(provider.bank.payments.keys());
  const response = await orderCall(shop, `${mainId}/addon/biometria`, viewKey, offerVersion === undefined ? {} : { offerVersion });
  const text = await response.text();
  await shop.server.background.idle();
  const payment = [...provider.bank.payments.values()].find((held) => held.jsr && !before.has(held.identificadorPagamento));
  const again = payment ?? [...provider.bank.payments.values()].filter((held) => held.jsr && held.status === 'pendente').at(-1);
  return { status: response.status, text, payment: response.status === 200 ? again : undefined };
}

/** Efí ends each refund still pending (returns of a payment made twice are always taken), and the shop reads them past its backoff. */
export async function settleBankRefunds(shop: Shop, provider: EfiOpenFinanceModel, refused: boolean): Promise<void> {
  const returned = new Set(
    (await shop.db.db.selectFrom('open_finance_payments').select('payment_id').where('returned_at', 'is not', null).execute()).map(
      (row) => row.payment_id,
    ),
  );
  for (const payment of provider.bank.payments.values())
    while (payment.devolucoes.some((devolucao) => devolucao.status === 'pendente'))
      await provider.bank.settleRefund(
        payment.identificadorPagamento,
        refused && !returned.has(payment.identificadorPagamento) ? 'rejeitado' : 'aceito',
      );
  await shop.server.background.idle();
  // Past the gateway refund row's longest backoff (15 min).
  shop.clock.now += 20 * 60_000;
  await drainOutbox(shop);
}

/** The reconciler's pass a minute on, which reads back the payments whose callback and way back were both lost. */
export async function readBackLostPayments(shop: Shop): Promise<void> {
  shop.clock.now += 61_000;
  await shop.server.reconciler.runOnce();
  await shop.server.background.idle();
  await drainOutbox(shop);
}

/** What Efí holds for one order: money in (its PIX, its Open Finance payments) and out (devoluções and returns, pending ones too). */
export function heldAtEfi(provider: Pick<EfiOpenFinanceModel, 'standIn' | 'bank'>, chargeId: string | null, orderId: string) {
  const cob = chargeId ? provider.standIn.cob(chargeId) : undefined;
  const pix = cob?.pix ?? [];
  const pixIn = pix.reduce((sum, entry) => sum + cents(entry.valor), 0);
  const pixOut = pix
    .flatMap((entry) => entry.devolucoes)
    .filter((devolucao) => devolucao.status !== 'NAO_REALIZADO')
    .reduce((sum, devolucao) => sum + cents(devolucao.valor), 0);
  const payments = [...provider.bank.payments.values()].filter((held) => held.idProprio === orderId);
  const accepted = payments.filter((held) => held.status === 'aceito');
  const bankIn = accepted.reduce((sum, held) => sum + cents(held.valor), 0);
  const bankOut = accepted
    .flatMap((held) => held.devolucoes)
    .filter((devolucao) => devolucao.status !== 'rejeitado')
    .reduce((sum, devolucao) => sum + cents(devolucao.valor), 0);
  return {
    pixIn,
    pixOut,
    bankIn,
    bankOut,
    net: pixIn + bankIn - pixOut - bankOut,
    accepted,
    pending: payments.some((held) => held.status === 'pendente'),
  };
}
