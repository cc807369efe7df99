import { describe, expect, it } from 'vitest';
import { affiliateFormMessages, affiliatePage, affiliateRequestMessages, affiliateTerms } from '../../../src/content/affiliates.ts';
import { affiliateEmails } from '../../../src/content/emails.ts';
import { apiErrors } from '../../../src/content/api-errors.ts';
import { limits } from '../../../src/server/http/rate-limit.ts';
import { PIX_KEY_HOLD_MS, SIGN_IN_LINK_TTL_MS } from '../../../src/server/affiliates/affiliate-access.ts';
import type { AdminAffiliate, AdminAffiliateList, AffiliatePage } from '../../../src/shared/affiliates.ts';
import { fetchFrom, newClientAddress, signInToConsole, uniqueCpf } from '../../support/clients.ts';
import { tableRows } from '../../support/db-reads.ts';
import { buyAndPay, consoleCall, drainOutbox } from '../../support/purchase.ts';
import { useTestServer } from '../../support/test-server.ts';
import { decodeHeader, parseMail } from '../mime.ts';
import { databases } from '../test-db.ts';

/**
 * The affiliate's own pages (docs/affiliates.md#the-affiliates-page) over real HTTP, on SQLite and PostgreSQL, with the
 * e-mails taken by a real SMTP server: a request from /afiliados (a known address answers the same), the seller's
 * approval, refusal and invitation each e-mailed, the sign-in link used once and expiring, the page's data without any
 * buyer's, a PIX key changed by an e-mailed confirmation that holds payouts 24 h, and the per-client rate limits.
 */
const PASSWORD = 'senha-do-painel-afiliados-paginas';
const START = Date.UTC(2026, 10, 3, 15);
const LINK = /\/afiliado\/(afl_[\w-]+)/;

let people = 0;
function person(name = 'Bruna Alves') {
  people += 1;
  const tag = `${process.pid}${people}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name,
    email: `afiliada${tag}@example.com`,
    document: uniqueCpf(),
    pixKey: `pix${tag}@example.com`,
    promotes: 'Grupo de WhatsApp',
  };
}

for (const database of databases) {
  describe(`the affiliate's pages on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { smtp: true, clock: START });
    const url = () => running.server.url;

    const post = (path: string, body: unknown, options: { from?: string; cookie?: string; origin?: string | null } = {}) =>
      fetchFrom(options.from ?? newClientAddress())(`${url()}/api/affiliates${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(options.cookie ? { Cookie: options.cookie } : {}),
          ...(options.origin === null ? {} : { Origin: options.origin ?? url() }),
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const ask = (form: ReturnType<typeof person>, from?: string) =>
      post('/request', { ...form, acceptTerms: true, termsVersion: affiliateTerms.version }, { from });
    const me = (cookie: string) => fetch(`${url()}/api/affiliates/me`, { headers: { Cookie: cookie } });

    async function consoleList(): Promise<AdminAffiliate[]> {
      const admin = await signInToConsole(url(), PASSWORD);
      return ((await (await consoleCall(url(), admin, '/affiliates')).json()) as AdminAffiliateList).affiliates;
    }
    const inConsole = async (email: string) => (await consoleList()).find((affiliate) => affiliate.email === email);

    async function mailsTo(email: string) {
      await drainOutbox(running.server);
      return running.smtp.received
        .filter((mail) => mail.to.includes(email))
        .map((mail) => {
          const parsed = parseMail(mail.raw);
          return { subject: decodeHeader(parsed.headers.get('subject') ?? ''), text: parsed.text, token: LINK.exec(parsed.text)?.[1] };
        });
    }

    /** `/afiliado/{token}`: the cookie it sets (`name=value`), or null, and where it sends the browser. */
    async function open(token: string) {
      const reply = await fetch(`${url()}/afiliado/${token}`, { redirect: 'manual' });
      const cookie = reply.headers.getSetCookie().find((header) => header.startsWith('vitrine_affiliate='));
      return { status: reply.status, location: reply.headers.get('location'), cookie: cookie?.split(';')[0] ?? null, setCookie: cookie };
    }

    async function state(id: string, body: unknown) {
      const admin = await signInToConsole(url(), PASSWORD);
      return consoleCall(url(), admin, `/affiliates/${id}/state`, body);
    }

    /** Asks, is approved, and signs in by the approval's link: the session cookie. */
    async function approvedAffiliate(form = person()) {
      expect((await ask(form)).status).toBe(202);
      const listed = await inConsole(form.email);
      expect((await state(listed!.id, { state: 'active' })).status).toBe(200);
      const [approval] = await mailsTo(form.email);
      const opened = await open(approval!.token!);
      return { form, id: listed!.id, code: listed!.code, cookie: opened.cookie! };
    }

    it('takes a request as pending with the terms, answers a known address the same, and refuses bad fields in Portuguese', async () => {
      const form = person('Carla Nunes');
      const first = await ask(form);
      expect([first.status, await first.json()]).toEqual([202, { ok: true }]);
      const listed = await inConsole(form.email);
      expect(listed).toMatchObject({
        name: 'Carla Nunes',
        state: 'pending',
        terms: { version: affiliateTerms.version, acceptedAt: START },
      });

      // The same address again, another name: the same answer, nothing changed, no account revealed.
      const again = await ask({ ...form, name: 'Outra Pessoa' });
      expect([again.status, await again.json()]).toEqual([202, { ok: true }]);
      expect((await consoleList()).filter((affiliate) => affiliate.email === form.email)).toHaveLength(1);
      expect(await mailsTo(form.email)).toEqual([]);

      const badKey = await ask({ ...form, email: `x${form.email}`, pixKey: '529.982.247-24' });
      expect([badKey.status, ((await badKey.json()) as { fields: unknown }).fields]).toEqual([
        422,
        { pixKey: affiliateFormMessages.pixKeyInvalid },
      ]);
      const noTerms = await post('/request', { ...form, email: `y${form.email}`, termsVersion: affiliateTerms.version });
      expect([noTerms.status, await noTerms.json()]).toEqual([
        422,
        { error: apiErrors.checkFields, fields: { acceptTerms: affiliateRequestMessages.termsRequired } },
      ]);
      const oldTerms = await post('/request', { ...form, email: `z${form.email}`, acceptTerms: true, termsVersion: '1999-01' });
      expect(oldTerms.status).toBe(409);
      expect((await post('/request', JSON.stringify({ ...form, promotes: 'x'.repeat(5000) }))).status).toBe(413);
      expect((await post('/request', '{"__proto__":{"state":"active"}}')).status).toBe(422);

      // Nothing of the person reaches the log.
      const log = running.server.logLines.map((line) => line.line).join('\n');
      for (const secret of [form.email, form.document, form.pixKey, 'Carla']) expect(log).not.toContain(secret);
    });

    it('approves by e-mail with a link that signs in once; refuses with the reason; a pending address gets no link', async () => {
      const form = person('Dora Lima');
      expect((await ask(form)).status).toBe(202);
      const pending = await inConsole(form.email);
      // Pending: "Receber link de acesso" answers the same and sends nothing.
      expect((await post('/sign-in', { email: form.email })).status).toBe(202);
      expect(await mailsTo(form.email)).toEqual([]);

      expect((await state(pending!.id, { state: 'active' })).status).toBe(200);
      const [approval] = await mailsTo(form.email);
      expect(approval!.subject).toBe(affiliateEmails.approved.subject);
      expect(approval!.text).toContain('Dora');
      const opened = await open(approval!.token!);
      expect([opened.status, opened.location]).toEqual([303, '/afiliado']);
      expect(opened.setCookie!.toLowerCase()).toEqual(expect.stringContaining('httponly'));
      expect(opened.setCookie!.toLowerCase()).toEqual(expect.stringContaining('samesite=lax'));
      const page = (await (await me(opened.cookie!)).json()) as AffiliatePage;
      expect(page).toMatchObject({ name: 'Dora Lima', code: pending!.code, state: 'active', sales: [], pendingCents: 0 });
      // The link worked once: a second opening signs in no one.
      expect(await open(approval!.token!)).toMatchObject({ status: 404, cookie: null });
      // The token is nowhere in the database in clear.
      expect(JSON.stringify(await tableRows(running.db, 'affiliate_links'))).not.toContain(approval!.token!);

      const other = person('Elisa Prado');
      expect((await ask(other)).status).toBe(202);
      const refused = await inConsole(other.email);
      expect((await state(refused!.id, { state: 'removed', reason: 'Perfil sem publicações.' })).status).toBe(200);
      const [refusal] = await mailsTo(other.email);
      expect(refusal!.subject).toBe(affiliateEmails.refused.subject);
      expect(refusal!.text).toContain('Perfil sem publicações.');
      expect(refusal!.token).toBeUndefined();
    });

    it("the console's invitation e-mails a link to the page; a sign-in link expires after 30 minutes", async () => {
      const form = person('Fabi Rocha');
      const admin = await signInToConsole(url(), PASSWORD);
      expect((await consoleCall(url(), admin, '/affiliates', form)).status).toBe(200);
      const [invitation] = await mailsTo(form.email);
      expect(invitation!.subject.startsWith(affiliateEmails.invite.subject.split('{')[0]!)).toBe(true);
      const opened = await open(invitation!.token!);
      expect(opened.status).toBe(303);
      // Invited: no terms accepted yet, until the page's button.
      const page = (await (await me(opened.cookie!)).json()) as AffiliatePage;
      expect(page.terms).toBeNull();
      const accepted = await post('/terms', { termsVersion: affiliateTerms.version }, { cookie: opened.cookie! });
      expect(((await accepted.json()) as AffiliatePage).terms).toEqual({ version: affiliateTerms.version, acceptedAt: running.clock.now });

      expect((await post('/sign-in', { email: form.email })).status).toBe(202);
      const signIn = (await mailsTo(form.email)).find((mail) => mail.subject === affiliateEmails.signIn.subject);
      running.clock.now += SIGN_IN_LINK_TTL_MS + 1;
      try {
        expect(await open(signIn!.token!)).toMatchObject({ status: 404, cookie: null });
      } finally {
        running.clock.now = START;
      }
      // An address no affiliate has answers exactly the same.
      const unknown = await post('/sign-in', { email: `ninguem${Date.now()}@example.com` });
      expect([unknown.status, await unknown.json()]).toEqual([202, { ok: true }]);
    });

    it("shows the affiliate's sales and money and never a buyer's name or contact; pausing and removing change the way in", async () => {
      const { id, code, cookie } = await approvedAffiliate(person('Gabi Souza'));
      const { buyer } = await buyAndPay(running, { fields: { affiliate: code } });
      const reply = await me(cookie);
      const text = await reply.text();
      for (const secret of [buyer.email, buyer.name, buyer.phone, buyer.phone.replace(/\D/g, ''), 'Maria'])
        expect(text).not.toContain(secret);
      const page = JSON.parse(text) as AffiliatePage;
      expect(page.sales).toEqual([{ at: START, saleCents: 1990, commissionCents: 796, state: 'pendente' }]);
      expect(page).toMatchObject({ pendingCents: 796, availableCents: 0, paidCents: 0 });

      expect((await state(id, { state: 'paused' })).status).toBe(200);
      expect(((await (await me(cookie)).json()) as AffiliatePage).state).toBe('paused');
      expect((await state(id, { state: 'removed', reason: 'Fim da parceria.' })).status).toBe(200);
      const gone = await me(cookie);
      expect([gone.status, await gone.json()]).toEqual([401, { error: affiliatePage.api.signedOut }]);
    });

    it('changes the PIX key only from the e-mailed confirmation, then holds payouts 24 hours', async () => {
      const { form, cookie } = await approvedAffiliate(person('Helena Dias'));
      const before = (await mailsTo(form.email)).length;
      expect((await post('/pix-key', { pixKey: '(21) 99876-5432' }, { cookie, origin: 'https://elsewhere.example' })).status).toBe(403);
      const bad = await post('/pix-key', { pixKey: 'não é chave' }, { cookie });
      expect([bad.status, ((await bad.json()) as { fields: unknown }).fields]).toEqual([
        422,
        { pixKey: affiliateFormMessages.pixKeyInvalid },
      ]);

      const asked = await post('/pix-key', { pixKey: '(21) 99876-5432' }, { cookie });
      const waiting = (await asked.json()) as AffiliatePage;
      expect(waiting).toMatchObject({ pixKey: { type: 'email', value: form.pixKey }, pixKeyPending: true, payoutsHeldUntil: null });
      // START is a Tuesday, the shop's default payout day, before the day ends in Brasília: the next payout is today's.
      expect(waiting.nextPayout).toEqual({ date: '2026-11-03', minCents: 5000 });
      const mails = await mailsTo(form.email);
      expect(mails).toHaveLength(before + 1);
      const confirmation = mails.at(-1)!;
      expect(confirmation.subject).toBe(affiliateEmails.pixKey.subject);
      expect(confirmation.text).toContain('+5521998765432');

      running.clock.now = START + 60_000;
      try {
        const opened = await open(confirmation.token!);
        expect([opened.status, opened.location, opened.cookie]).toEqual([303, '/afiliado?chave=confirmada', null]);
        const after = (await (await me(cookie)).json()) as AffiliatePage;
        expect(after).toMatchObject({
          pixKey: { type: 'phone', value: '+5521998765432' },
          pixKeyPending: false,
          payoutsHeldUntil: START + 60_000 + PIX_KEY_HOLD_MS,
        });
        expect((await inConsole(form.email))!.payoutsHeldUntil).toBe(START + 60_000 + PIX_KEY_HOLD_MS);
        const row = (await tableRows(running.db, 'affiliates')).find((affiliate) => affiliate.email === form.email)!;
        expect(Number(row.payouts_held_until)).toBe(START + 60_000 + PIX_KEY_HOLD_MS);
        // Used once.
        expect((await open(confirmation.token!)).status).toBe(404);
      } finally {
        running.clock.now = START;
      }
    });

    it('limits each client on its own: a sixth sign-in request in the hour is refused, another client still asks', async () => {
      const client = newClientAddress();
      const statuses = [];
      for (let attempt = 0; attempt <= limits.affiliateSignIn.max; attempt += 1)
        statuses.push((await post('/sign-in', { email: `limite${attempt}@example.com` }, { from: client })).status);
      expect(statuses).toEqual([...Array<number>(limits.affiliateSignIn.max).fill(202), 429]);
      expect((await post('/sign-in', { email: 'outro@example.com' }, { from: newClientAddress() })).status).toBe(202);

      const asker = newClientAddress();
      const asked = [];
      for (let attempt = 0; attempt <= limits.affiliateRequest.max; attempt += 1) asked.push((await ask(person(), asker)).status);
      expect(asked).toEqual([...Array<number>(limits.affiliateRequest.max).fill(202), 429]);
      expect((await ask(person(), newClientAddress())).status).toBe(202);
    });
  });
}
