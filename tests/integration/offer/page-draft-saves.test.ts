import { describe, expect, it } from 'vitest';
import { offerDefaults } from '../../../src/content/offer.ts';
import { createRetentionJob } from '../../../src/server/jobs/retention.ts';
import { createLogger } from '../../../src/server/lib/logger.ts';
import { SAVES_PER_SESSION } from '../../../src/server/offer/draft-saves.ts';
import type { AdminInviteReply } from '../../../src/shared/admin-users.ts';
import type { AdminPageState, Offer, PageDraftSave } from '../../../src/shared/offer.ts';
import { signInToConsole } from '../../support/clients.ts';
import { consoleCall } from '../../support/purchase.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

const PASSWORD = 'senha-do-painel-rascunhos-salvos';
const OWNER = 'Ana Dona';
const HOUR = 60 * 60_000;

const withBadge = (badge: string): Offer => ({ ...offerDefaults, hero: { ...offerDefaults.hero, badge } });

/**
 * docs/editing.md#drafts-and-merges, "Rascunhos salvos nas últimas 24 horas": every draft save is kept for a day, so
 * what a later save (another tab, another device) overwrote is found again and taken back; over real HTTP on SQLite
 * and PostgreSQL.
 */
describe.each(databases)('the draft saves of the last 24 hours ($name)', (database) => {
  const running = useTestServer(
    database,
    { ADMIN_PASSWORD: PASSWORD, ADMIN_NAME: OWNER, SUPPORT_EMAIL: 'dono@example.com' },
    { smtp: true, clock: Date.UTC(2026, 10, 29, 12, 0, 0), each: true },
  );
  const url = () => running.server.url;
  const save = async (cookie: string, offer: Offer, tab: string, baseNumber = 0) => {
    const reply = await consoleCall(url(), cookie, '/page/draft', { offer, baseNumber, tab });
    expect(reply.status, await reply.clone().text()).toBe(200);
  };
  const saves = async (cookie: string) => {
    const reply = await consoleCall(url(), cookie, '/page/saves');
    expect(reply.status).toBe(200);
    return ((await reply.json()) as { saves: PageDraftSave[] }).saves;
  };
  const state = async (cookie: string) => (await (await consoleCall(url(), cookie, '/page')).json()) as AdminPageState;

  /** A console user with these permissions, signed in. */
  async function userWith(owner: string, email: string, name: string, permissions: string[]) {
    const invited = await consoleCall(url(), owner, '/users/invite', { email, permissions });
    expect(invited.status).toBe(200);
    const token = new URL(((await invited.json()) as AdminInviteReply).link).hash.replace('#convite=', '');
    const accepted = await fetch(`${url()}/api/admin/invite/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url() },
      body: JSON.stringify({ token, name, password: `${email}-senha-longa-123` }),
    });
    expect(accepted.status).toBe(200);
    return accepted.headers.get('Set-Cookie')!.split(';')[0]!;
  }

  it('keeps a save another tab overwrote, to take back into the draft; a save that changes nothing adds nothing', async () => {
    const owner = await signInToConsole(url(), PASSWORD);
    await save(owner, withBadge('Selo da primeira aba'), 'aba-1');
    running.clock.now += 5_000;
    // The second tab of the same sign-in saves over it: the draft is the second tab's now, and the first tab, which
    // heard that typing, saves the same text again.
    await save(owner, withBadge('Selo da segunda aba'), 'aba-2');
    running.clock.now += 1_000;
    await save(owner, withBadge('Selo da segunda aba'), 'aba-1');
    expect((await state(owner)).draft?.offer.hero.badge).toBe('Selo da segunda aba');

    const listed = await saves(owner);
    expect(listed.map((entry) => [entry.offer.hero.badge, entry.tab, entry.thisSession, entry.byName])).toEqual([
      ['Selo da segunda aba', 'aba-2', true, OWNER],
      ['Selo da primeira aba', 'aba-1', true, OWNER],
    ]);
    const first = listed[1]!;
    expect(first.savedAt).toBe(running.clock.now - 6_000);
    expect(first.baseNumber).toBe(0);

    // Taken back as the console does: into the form, saved as the draft; nothing published.
    running.clock.now += 5_000;
    await save(owner, first.offer, 'aba-1', first.baseNumber);
    const after = await state(owner);
    expect(after.draft?.offer.hero.badge).toBe('Selo da primeira aba');
    expect(after.live.number).toBe(0);
    // The one taken over stays there to take back in turn.
    expect((await saves(owner)).map((entry) => entry.offer.hero.badge)).toEqual([
      'Selo da primeira aba',
      'Selo da segunda aba',
      'Selo da primeira aba',
    ]);
  }, 120_000);

  it('keeps at most a bounded number per session, drops them after 24 hours, and the retention job prunes them', async () => {
    const owner = await signInToConsole(url(), PASSWORD);
    // A script saving in a loop: the session keeps its newest SAVES_PER_SESSION.
    for (let index = 0; index < SAVES_PER_SESSION + 5; index += 1) {
      running.clock.now += 1_000;
      await save(owner, withBadge(`Selo ${index}`), `aba-${index}`);
    }
    const listed = await running.db.db.selectFrom('page_draft_saves').select('content').execute();
    expect(listed).toHaveLength(SAVES_PER_SESSION);
    expect((await saves(owner))[0]!.offer.hero.badge).toBe(`Selo ${SAVES_PER_SESSION + 4}`);

    running.clock.now += 24 * HOUR + 1_000;
    // The session has idled out by then: a new sign-in, as the seller's next day.
    expect(await saves(await signInToConsole(url(), PASSWORD))).toEqual([]);
    const logger = createLogger({ level: 'error', sink: { write: () => undefined } });
    await createRetentionJob({ db: running.db.db, logger, unpaidRetentionDays: 30, now: () => running.clock.now }).runOnce();
    expect(await running.db.db.selectFrom('page_draft_saves').select('id').execute()).toEqual([]);
  }, 120_000);

  it('shows the owner every editor’s saves, a page editor only their own, and refuses a role without the page', async () => {
    const owner = await signInToConsole(url(), PASSWORD);
    const marina = await userWith(owner, 'marina@example.com', 'Marina Costa', ['page']);
    const paulo = await userWith(owner, 'paulo@example.com', 'Paulo Apoio', ['orders']);
    await save(owner, withBadge('Selo da dona'), 'aba-dona');
    running.clock.now += 1_000;
    await save(marina, withBadge('Selo da Marina'), 'aba-marina');

    expect((await saves(owner)).map((entry) => [entry.offer.hero.badge, entry.thisSession, entry.byName])).toEqual([
      ['Selo da Marina', false, 'Marina Costa'],
      ['Selo da dona', true, OWNER],
    ]);
    expect((await saves(marina)).map((entry) => [entry.offer.hero.badge, entry.thisSession])).toEqual([['Selo da Marina', true]]);
    // Marina on another device (a new sign-in): her own person's saves are hers there too.
    const marinaElsewhere = await signInAs('marina@example.com');
    expect((await saves(marinaElsewhere)).map((entry) => [entry.offer.hero.badge, entry.thisSession])).toEqual([['Selo da Marina', false]]);

    const refused = await consoleCall(url(), paulo, '/page/saves');
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).not.toContain('Selo');
  }, 120_000);

  async function signInAs(email: string) {
    const reply = await fetch(`${url()}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url() },
      body: JSON.stringify({ email, password: `${email}-senha-longa-123` }),
    });
    expect(reply.status).toBe(200);
    return reply.headers.get('Set-Cookie')!.split(';')[0]!;
  }
});
