import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/server/http/site.ts';
import { REVIEWS_CHECK_MS } from '../../../src/server/reviews/landing-reviews.ts';
import { reviewToken } from '../../../src/server/orders/order-links.ts';
import type { MemberArea } from '../../../src/shared/access.ts';
import type { AdminHealth } from '../../../src/shared/admin.ts';
import type { AdminReviewList, ReviewPageReply, ReviewReply } from '../../../src/shared/reviews.ts';
import { pageKeys } from '../../../src/shared/route-lookup.ts';
import { REVIEWS_MARKER } from '../../../src/shared/reviews-marker.ts';
import { documentFile } from '../../../src/shared/routes.ts';
import { fetchFrom, signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { auditRows, findReviewRow, insertOrderRow, orderRow, outboxRows, reviewRow } from '../../support/db-reads.ts';
import { askRefund, buyAndPay, consoleCall, drainOutbox, memberCookie } from '../../support/purchase.ts';
import type { TestSmtpServer } from '../smtp-test-server.ts';
import { databases } from '../test-db.ts';
import { openSameDatabase, startTestServer, useTestServer, type TestServerRig } from '../../support/test-server.ts';

/**
 * Verified-buyer reviews end to end over real HTTP, on SQLite and PostgreSQL: the one request
 * e-mail after REVIEW_REQUEST_DAYS (none after a refund or an erasure, one across two servers),
 * the e-mailed review page, the member page's card, the console's moderation with its audit, and
 * the signal the landing page listens to.
 */
const DAY = 24 * 60 * 60_000;
const PASSWORD = 'senha-do-painel-depoimentos';

type Running = TestServerRig & { signals: number };

/**
 * A stand-in for the client build whose `/` carries the reviews' marker, for the tests that read
 * the landing page; removed after the enclosing `describe`.
 */
function standInSite(): { dir: string } {
  const site = { dir: '' };
  beforeAll(() => {
    site.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-reviews-site-'));
    for (const key of pageKeys) {
      const file = path.join(site.dir, documentFile(key));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `<!doctype html><title>PAGE-${key}</title>${key === 'landing' ? `<main>${REVIEWS_MARKER}</main>` : ''}`);
    }
  });
  afterAll(() => fs.rmSync(site.dir, { recursive: true, force: true }));
  return site;
}

function useReviewServer(
  database: (typeof databases)[number],
  env: Record<string, string>,
  options: { siteDir?: () => string; jobs?: boolean } = {},
): Running {
  const running: Running = Object.assign(
    useTestServer(
      database,
      { ADMIN_PASSWORD: PASSWORD, SUPPORT_EMAIL: 'ajuda@example.com', MONTHLY_CAPACITY: '50', ...env },
      { smtp: true, clock: Date.UTC(2026, 10, 2, 15, 0, 0), ...(options.siteDir ? { site: () => loadSite(options.siteDir!()) } : {}) },
    ),
    { signals: 0 },
  );
  beforeAll(() => {
    running.server.reviewsSignal.onChange(() => (running.signals += 1));
    // The jobs as main.ts runs them: among them the landing page's 2 s check of the shown reviews.
    if (options.jobs) running.server.startJobs();
  });
  afterAll(async () => {
    if (options.jobs) await running.server?.stopJobs();
  });
  return running;
}

/** A buyer pays in the sandbox; with the review page's token and reference. */
async function paidBuyer(running: Running, name = 'Joana Prado') {
  const { orderId, buyer, order } = await buyAndPay(running, { buyer: uniqueBuyer(name) });
  return { orderId, email: buyer.email, order, token: reviewToken(order), ref: order.public_ref };
}

/** The review requests one address received, their bodies with quoted-printable soft breaks undone. */
const reviewRequests = (smtp: TestSmtpServer, to: string) =>
  smtp.received
    .filter((mail) => mail.to.includes(to))
    .map((mail) => mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((raw) => raw.includes('/avaliar/'));

function reviewCall(running: Running, ref: string, token: string | undefined, path = '', body?: unknown) {
  return fetch(`${running.server.url}/api/reviews/${ref}${path}`, {
    method: body === undefined && path === '' ? 'GET' : 'POST',
    headers: { ...(token ? { 'X-Review-Token': token } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** "Publicar" as the console sends it: with the contentKey of the review as its list shows it now. */
async function publishAsSeen(running: Running, cookie: string, orderId: string) {
  const list = (await (await consoleCall(running.server.url, cookie, '/reviews')).json()) as AdminReviewList;
  const contentKey = list.reviews.find((review) => review.orderId === orderId)?.contentKey ?? 'none-listed';
  return consoleCall(running.server.url, cookie, `/reviews/${orderId}/publish`, { contentKey });
}

const goodReview = {
  rating: 5,
  text: 'A lista me ajudou a achar bons fornecedores logo na primeira semana.',
  displayName: 'Joana P.',
  city: 'Recife',
  state: 'PE',
  consent: true,
};

const reviewRows = (running: Running, orderId: string) => outboxRows(running.db, orderId, 'review_request');

for (const database of databases) {
  describe(`reviews on ${database.name}`, () => {
    const running = useReviewServer(database, {});

    it('sends "Como está sendo a lista?" once, after REVIEW_REQUEST_DAYS, with the review link', async () => {
      const { server, smtp } = running;
      const { email, ref, token, orderId } = await paidBuyer(running);
      await drainOutbox(server);
      expect(reviewRequests(smtp, email)).toHaveLength(0);

      running.clock.now += 3 * DAY - 60_000;
      await drainOutbox(server);
      expect(reviewRequests(smtp, email)).toHaveLength(0);
      // A request waiting its days is not a stuck e-mail in Saúde.
      const admin = await signInToConsole(server.url, PASSWORD);
      const health = (await (await consoleCall(running.server.url, admin, '/health')).json()) as AdminHealth;
      expect(health.checks.find((check) => check.key === 'outbox')?.ok).toBe(true);

      running.clock.now += 2 * 60_000;
      await drainOutbox(server);
      const sent = reviewRequests(smtp, email);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain(`/avaliar/${ref}#t=${token}`);
      expect(sent[0]).toMatch(/Subject: .*Como/);

      running.clock.now += 5 * DAY;
      await drainOutbox(server);
      expect(reviewRequests(smtp, email)).toHaveLength(1);
      expect(await reviewRows(running, orderId)).toHaveLength(1);
    });

    it('sends no request after a refund or an erasure', async () => {
      const { server, smtp } = running;
      const admin = await signInToConsole(server.url, PASSWORD);
      const refunded = await paidBuyer(running);
      const erased = await paidBuyer(running);
      expect((await consoleCall(running.server.url, admin, `/orders/${refunded.orderId}/refund`, {})).status).toBe(200);
      const deleted = await consoleCall(running.server.url, admin, '/buyer/delete', { email: erased.email, confirmation: erased.email });
      expect(deleted.status).toBe(200);

      running.clock.now += 4 * DAY;
      await drainOutbox(server);
      expect(reviewRequests(smtp, refunded.email)).toHaveLength(0);
      expect(reviewRequests(smtp, erased.email)).toHaveLength(0);
      // The refunded order's request was dropped unsent; the erased one's went with the erasure.
      expect(await reviewRows(running, refunded.orderId)).toHaveLength(0);
      expect(await reviewRows(running, erased.orderId)).toHaveLength(0);

      // The refunded order cannot be reviewed, even with its link.
      const page = await reviewCall(running, refunded.ref, refunded.token);
      expect(page.status).toBe(409);
      expect(((await page.json()) as { error: string }).error).toMatch(/não está mais ativo/);
    });

    it('opens the review page with the e-mailed key only, and saves a pending review', async () => {
      const { orderId, ref, token, order } = await paidBuyer(running);
      expect((await reviewCall(running, ref, undefined)).status).toBe(403);
      const wrong = await reviewCall(running, ref, 'x'.repeat(32));
      expect(wrong.status).toBe(403);
      expect(((await wrong.json()) as { error: string }).error).toMatch(/link de avaliação não é válido/);
      expect((await reviewCall(running, 'ZZZZZZZZZZ', token)).status).toBe(404);

      const opened = await reviewCall(running, ref, token);
      expect(opened.status).toBe(200);
      expect((await opened.json()) as ReviewPageReply).toEqual({
        suggestedName: 'Joana P.',
        purchasedAt: Number(order.paid_at),
        refunded: false,
        review: null,
      });

      const short = await reviewCall(running, ref, token, '', { ...goodReview, text: 'Curto demais.' });
      expect(short.status).toBe(422);
      expect(((await short.json()) as { error: string }).error).toBe('O depoimento precisa ter de 20 a 500 caracteres.');
      const noConsent = await reviewCall(running, ref, token, '', { ...goodReview, consent: false });
      expect(noConsent.status).toBe(422);
      expect(((await noConsent.json()) as { error: string }).error).toBe('Marque a autorização para publicar o seu depoimento.');
      expect((await reviewCall(running, ref, 'x'.repeat(32), '', goodReview)).status).toBe(403);

      const saved = await reviewCall(running, ref, token, '', goodReview);
      expect(saved.status).toBe(200);
      expect(((await saved.json()) as ReviewReply).review).toMatchObject({ rating: 5, status: 'pending', city: 'Recife', state: 'PE' });
      const row = await reviewRow(running.db, orderId);
      expect(Number(row.consent_at)).toBe(running.clock.now);

      // Written already: the request due later is dropped, not sent.
      running.clock.now += 4 * DAY;
      await drainOutbox(running.server);
      expect(await reviewRows(running, orderId)).toHaveLength(0);
    });

    it('refuses control and bidi-override characters in the name and the text, in Portuguese, naming the field', async () => {
      const { ref, token } = await paidBuyer(running);
      const HIDDEN = 'O texto tem caracteres invisíveis ou de controle. Apague-os e tente de novo.';
      for (const [field, value] of [
        ['displayName', 'Joana\u202e .P'],
        ['displayName', 'Joana\u0000 P.'],
        ['text', `${goodReview.text}\u0000`],
        ['text', `\u2067${goodReview.text}\u2069`],
        ['city', 'Recife\u0007'],
      ] as const) {
        const refused = await reviewCall(running, ref, token, '', { ...goodReview, [field]: value });
        expect(refused.status, JSON.stringify(value)).toBe(422);
        expect(await refused.json()).toEqual({ error: HIDDEN, fields: { [field]: HIDDEN } });
      }
    });

    it('console publishes, orders and hides, audited; the member page withdraws; the landing page is told', async () => {
      const { server } = running;
      const admin = await signInToConsole(server.url, PASSWORD);
      const first = await paidBuyer(running, 'Ana Lima');
      const second = await paidBuyer(running, 'Bruno Costa');
      expect((await reviewCall(running, first.ref, first.token, '', { ...goodReview, displayName: 'Ana L.' })).status).toBe(200);
      const cookie = await memberCookie(running.server.url, running.db, second.orderId, running.clock.now);
      const card = ((await (await fetch(`${server.url}/api/access`, { headers: { Cookie: cookie } })).json()) as MemberArea).review;
      expect(card).toEqual({ canReview: true, refunded: false, suggestedName: 'Bruno C.', review: null });
      const written = await fetch(`${server.url}/api/access/review`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...goodReview, rating: 4, displayName: 'Bruno C.', city: undefined, state: undefined }),
      });
      expect(written.status).toBe(200);

      const signalsBefore = running.signals;
      const publish = async (orderId: string) => {
        const response = await publishAsSeen(running, admin, orderId);
        expect(response.status).toBe(200);
        return (await response.json()) as AdminReviewList;
      };
      await publish(first.orderId);
      let list = await publish(second.orderId);
      const position = (list: AdminReviewList, orderId: string) => list.reviews.find((review) => review.orderId === orderId)?.position;
      expect([position(list, first.orderId), position(list, second.orderId)]).toEqual([0, 1]);
      expect(list.publishedCount).toBeGreaterThanOrEqual(2);
      expect(list.minimumToShow).toBe(3);

      const ordered = await consoleCall(running.server.url, admin, '/reviews/order', { orderIds: [second.orderId, first.orderId] });
      expect(ordered.status).toBe(200);
      list = (await ordered.json()) as AdminReviewList;
      expect([position(list, second.orderId), position(list, first.orderId)]).toEqual([0, 1]);
      expect(list.reviews[0]?.orderId).toBe(second.orderId);

      const hidden = await consoleCall(running.server.url, admin, `/reviews/${first.orderId}/hide`, {});
      expect(hidden.status).toBe(200);
      list = (await hidden.json()) as AdminReviewList;
      expect(list.reviews.find((review) => review.orderId === first.orderId)).toMatchObject({ status: 'hidden', position: null });
      expect(running.signals - signalsBefore).toBe(4);
      expect((await consoleCall(running.server.url, admin, '/reviews/not-an-order/publish', { contentKey: 'x' })).status).toBe(404);

      const audit = (await auditRows(running.db)).filter(
        (entry) =>
          ['review_publish', 'review_hide', 'review_order'].includes(entry.action) &&
          ([first.orderId, second.orderId].includes(entry.order_id ?? '') || entry.action === 'review_order'),
      );
      expect(audit.map((entry) => entry.action).sort()).toEqual(['review_hide', 'review_order', 'review_publish', 'review_publish']);

      // The buyer takes it back on the member page: off the published list at once.
      const withdrawn = await fetch(`${server.url}/api/access/review/withdraw`, { method: 'POST', headers: { Cookie: cookie } });
      expect(withdrawn.status).toBe(200);
      expect(((await withdrawn.json()) as ReviewReply).review).toMatchObject({ status: 'withdrawn', text: '' });
      expect(running.signals - signalsBefore).toBe(5);
      list = (await (await consoleCall(running.server.url, admin, '/reviews')).json()) as AdminReviewList;
      expect(list.reviews.map((review) => review.orderId)).not.toContain(second.orderId);
      const area = (await (await fetch(`${server.url}/api/access`, { headers: { Cookie: cookie } })).json()) as MemberArea;
      expect(area.review.review?.status).toBe('withdrawn');
      // A withdrawn review cannot be published again by the seller.
      expect((await consoleCall(running.server.url, admin, `/reviews/${second.orderId}/publish`, { contentKey: 'x' })).status).toBe(404);
    });

    it('an erasure deletes the buyer’s published review and tells the landing page', async () => {
      const admin = await signInToConsole(running.server.url, PASSWORD);
      const buyer = await paidBuyer(running);
      expect((await reviewCall(running, buyer.ref, buyer.token, '', goodReview)).status).toBe(200);
      expect((await publishAsSeen(running, admin, buyer.orderId)).status).toBe(200);
      const exported = await consoleCall(running.server.url, admin, '/buyer/export', { email: buyer.email });
      const data = (await exported.json()) as { orders: Array<{ review: { status: string } | null }> };
      expect(data.orders[0]?.review).toMatchObject({ status: 'published' });
      const before = running.signals;
      expect(
        (await consoleCall(running.server.url, admin, '/buyer/delete', { email: buyer.email, confirmation: buyer.email })).status,
      ).toBe(200);
      expect(running.signals).toBe(before + 1);
      expect(await findReviewRow(running.db, buyer.orderId)).toBeUndefined();
    });

    it('limits review writes per client: the 21st in an hour gets 429 in Portuguese, another client still writes', async () => {
      const buyer = await paidBuyer(running);
      const other = await paidBuyer(running, 'Rui Costa');
      const scripted = fetchFrom('127.0.1.37');
      const post = (send: typeof fetch | ReturnType<typeof fetchFrom>, who: typeof buyer, path = '') =>
        send(`${running.server.url}/api/reviews/${who.ref}${path}`, {
          method: 'POST',
          headers: { 'X-Review-Token': who.token, 'Content-Type': 'application/json' },
          body: path ? '' : JSON.stringify({ ...goodReview, text: `${goodReview.text} Edição ${Math.random()}` }),
        });
      for (let write = 0; write < 20; write++) expect((await post(scripted, buyer, write % 2 ? '/withdraw' : '')).status).toBe(200);
      const refused = await post(scripted, buyer);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: string }).error).toBe(
        'Você já alterou o depoimento várias vezes. Aguarde um pouco e tente de novo.',
      );
      // Refused before anything was read or written: the review is still the withdrawn one.
      const row = await reviewRow(running.db, buyer.orderId);
      expect(row.status).toBe('withdrawn');
      expect((await post(fetchFrom('127.0.1.38'), other)).status).toBe(200);
      // An hour later the first client writes again.
      running.clock.now += 61 * 60_000;
      expect((await post(scripted, buyer)).status).toBe(200);
    });

    it('sends the request once across two servers on the same database', async () => {
      const { server, smtp, db } = running;
      const other = openSameDatabase(db);
      const second = await startTestServer(other, running.env, { now: () => running.clock.now });
      try {
        const { email } = await paidBuyer(running);
        await drainOutbox(server);
        running.clock.now += 3 * DAY + 60_000;
        await Promise.all([drainOutbox(server), drainOutbox(second), drainOutbox(server), drainOutbox(second)]);
        expect(reviewRequests(smtp, email)).toHaveLength(1);
      } finally {
        await second.stopJobs();
        await second.stop();
        await other.close();
      }
    });
  });

  describe(`what the landing page shows on ${database.name}`, () => {
    const site = standInSite();
    const running = useReviewServer(database, { REVIEWS_MIN: '1' }, { siteDir: () => site.dir, jobs: true });
    const landing = async () => (await fetch(`${running.server.url}/`)).text();
    /** `/` as every instance serves it within its 2 s check of the shown reviews, and no later. */
    const expectLanding = async (check: (html: string) => void) => {
      const started = Date.now();
      await expect
        .poll(
          async () => {
            try {
              check(await landing());
              return true;
            } catch {
              return false;
            }
          },
          { timeout: 10_000, interval: 200 },
        )
        .toBe(true);
      expect(Date.now() - started).toBeLessThan(REVIEWS_CHECK_MS + 3_000);
    };

    async function publishedReview(name: string, text: string) {
      const admin = await signInToConsole(running.server.url, PASSWORD);
      const buyer = await paidBuyer(running, name);
      const written = await reviewCall(running, buyer.ref, buyer.token, '', { ...goodReview, text, displayName: name });
      expect(written.status).toBe(200);
      expect((await publishAsSeen(running, admin, buyer.orderId)).status).toBe(200);
      await expectLanding((html) => expect(html).toContain(text));
      return { ...buyer, admin };
    }

    const consoleEntry = async (admin: string, orderId: string) => {
      const list = (await (await consoleCall(running.server.url, admin, '/reviews')).json()) as AdminReviewList;
      return { list, review: list.reviews.find((review) => review.orderId === orderId) };
    };

    it('hides it from the refund request on, shows it again when the refund is declined', async () => {
      const kept = 'Outra compradora, sem reembolso: esta continua na página.';
      await publishedReview('Rita M.', kept);
      const text = 'Gostei da lista, mas depois pedi o reembolso da compra.';
      const buyer = await publishedReview('Carla S.', text);
      expect(await landing()).toContain('de 2 avaliações');

      const cookie = await memberCookie(running.server.url, running.db, buyer.orderId, running.clock.now);
      const asked = await askRefund(running.server.url, cookie);
      expect(asked.status).toBe(200);
      // Off `/` and out of the average and the count, with no console action.
      await expectLanding((html) => {
        expect(html).not.toContain(text);
        expect(html).toContain(kept);
        expect(html).toContain('de 1 avaliação');
      });
      // The seller sees why it is not on the site.
      let entry = await consoleEntry(buyer.admin, buyer.orderId);
      expect(entry.review).toMatchObject({ status: 'published', hiddenByRefund: true });
      expect(entry.list.publishedCount).toBe(1);

      const declined = await consoleCall(running.server.url, buyer.admin, `/orders/${buyer.orderId}/refund/decline`, {
        reason: 'O pedido chegou fora do prazo da garantia.',
      });
      expect(declined.status).toBe(200);
      await expectLanding((html) => {
        expect(html).toContain(text);
        expect(html).toContain('de 2 avaliações');
      });
      entry = await consoleEntry(buyer.admin, buyer.orderId);
      expect(entry.review).toMatchObject({ status: 'published', hiddenByRefund: false });
    });

    it('hides it after "Marcar como reembolsado"; the buyer still opens the review page and withdraws it', async () => {
      const text = 'Comprei, usei e o vendedor devolveu o dinheiro depois.';
      const buyer = await publishedReview('Paulo R.', text);
      expect((await consoleCall(running.server.url, buyer.admin, `/orders/${buyer.orderId}/refund`, {})).status).toBe(200);
      await expectLanding((html) => expect(html).not.toContain(text));

      // The e-mailed review page still opens: the review, marked as off the site for the refund.
      const page = await reviewCall(running, buyer.ref, buyer.token);
      expect(page.status).toBe(200);
      expect((await page.json()) as ReviewPageReply).toMatchObject({ refunded: true, review: { text, status: 'published' } });
      // No new words for a purchase that was refunded...
      const edited = await reviewCall(running, buyer.ref, buyer.token, '', { ...goodReview, text: `${text} Editado depois.` });
      expect(edited.status).toBe(409);
      expect(((await edited.json()) as { error: string }).error).toMatch(/reembols/);
      // ...but the buyer can take it back.
      const withdrawn = await reviewCall(running, buyer.ref, buyer.token, '/withdraw');
      expect(withdrawn.status).toBe(200);
      expect(((await withdrawn.json()) as ReviewReply).review).toMatchObject({ status: 'withdrawn', text: '' });
      const reopened = await reviewCall(running, buyer.ref, buyer.token);
      expect(reopened.status).toBe(200);
      expect((await reopened.json()) as ReviewPageReply).toMatchObject({ refunded: true, review: { status: 'withdrawn' } });
    });

    it('"Publicar" puts on the site only the words the seller read: 409 "o texto mudou" after the buyer saved others', async () => {
      const admin = await signInToConsole(running.server.url, PASSWORD);
      const buyer = await paidBuyer(running, 'Lia Souza');
      const first = 'Primeira versão: a lista me ajudou a achar fornecedores de roupas.';
      const second = 'Segunda versão, salva depois que o vendedor abriu a lista de depoimentos.';
      expect((await reviewCall(running, buyer.ref, buyer.token, '', { ...goodReview, text: first })).status).toBe(200);
      const seen = (await consoleEntry(admin, buyer.orderId)).review!;
      expect(seen.text).toBe(first);

      expect((await reviewCall(running, buyer.ref, buyer.token, '', { ...goodReview, text: second })).status).toBe(200);
      const stale = await consoleCall(running.server.url, admin, `/reviews/${buyer.orderId}/publish`, { contentKey: seen.contentKey });
      expect(stale.status).toBe(409);
      expect(((await stale.json()) as { error: string }).error).toBe(
        'O texto mudou desde que você abriu a lista: leia de novo antes de publicar.',
      );
      const row = await reviewRow(running.db, buyer.orderId);
      expect(row.status).toBe('pending');
      // Past two checks of the shown reviews, the words nobody read are not on the site.
      await new Promise((resolve) => setTimeout(resolve, 2 * REVIEWS_CHECK_MS + 500));
      expect(await landing()).not.toContain(second);

      // Read again, published.
      const reread = (await consoleEntry(admin, buyer.orderId)).review!;
      expect(reread.text).toBe(second);
      const published = await consoleCall(running.server.url, admin, `/reviews/${buyer.orderId}/publish`, {
        contentKey: reread.contentKey,
      });
      expect(published.status).toBe(200);
      await expectLanding((html) => expect(html).toContain(second));
      // The marker is required: a console that sends none publishes nothing.
      expect((await consoleCall(running.server.url, admin, `/reviews/${buyer.orderId}/publish`, {})).status).toBe(422);
    });

    it('keeps it when only the add-on bought after payment is refunded', async () => {
      const text = 'A lista principal vale a pena; o extra eu devolvi.';
      const buyer = await publishedReview('Nina F.', text);
      // The one-time offer's order, paid after its parent (docs/offers.md), then marked refunded alone.
      const addonId = `${buyer.orderId}_addon`;
      await insertOrderRow(running.db, {
        ...buyer.order,
        id: addonId,
        checkout_key: `${buyer.order.checkout_key}-addon`,
        public_ref: `${buyer.order.public_ref}X`,
        charge_id: `${buyer.order.charge_id}-addon`,
        postback_secret: `${buyer.order.postback_secret}-addon`,
        kind: 'addon',
        parent_order_id: buyer.orderId,
      });
      expect((await consoleCall(running.server.url, buyer.admin, `/orders/${addonId}/refund`, {})).status).toBe(200);
      const addon = await orderRow(running.db, addonId);
      expect(addon.status).toBe('reversed');
      // Past two checks of the shown reviews, still there.
      await new Promise((resolve) => setTimeout(resolve, 2 * REVIEWS_CHECK_MS + 500));
      expect(await landing()).toContain(text);
      expect((await consoleEntry(buyer.admin, buyer.orderId)).review).toMatchObject({ hiddenByRefund: false });
    });
  });

  describe(`no review request with REVIEW_REQUEST_DAYS='' on ${database.name}`, () => {
    const running = useReviewServer(database, { REVIEW_REQUEST_DAYS: '' });

    it('queues and sends nothing', async () => {
      const { orderId, email } = await paidBuyer(running);
      running.clock.now += 30 * DAY;
      await drainOutbox(running.server);
      expect(reviewRequests(running.smtp, email)).toHaveLength(0);
      expect(await reviewRows(running, orderId)).toHaveLength(0);
    });
  });
}
