import { beforeAll, describe, expect, it } from 'vitest';
import { offerDefaults } from '../../../src/content/offer.ts';
import type { AdminPageState, Offer, PagePublishConflictBody } from '../../../src/shared/offer.ts';
import { signInToConsole } from '../../support/clients.ts';
import { consoleCall } from '../../support/purchase.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

const PASSWORD = 'senha-do-painel-de-rascunhos';

function edited(from: Offer, change: (offer: Offer) => void): Offer {
  const offer = structuredClone(from);
  change(offer);
  return offer;
}

/** docs/editing.md#drafts-and-merges: one draft per editor, merged onto what others published, never a dead end. */
describe.each(databases)('each editor’s draft, and the merge at publish ($name)', (database) => {
  const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD });
  /** Two editors: two console sign-ins (a phone and a laptop, or two people). */
  const editor = (cookie: () => string) => {
    const call = (path: string, body?: unknown) => consoleCall(running.server.url, cookie(), path, body);
    return {
      state: async () => (await (await call('/page')).json()) as AdminPageState,
      save: async (offer: Offer, baseNumber: number) => {
        const saved = await call('/page/draft', { offer, baseNumber });
        if (saved.status !== 200) throw new Error(await saved.text());
        return ((await saved.json()) as { revision: number }).revision;
      },
      publish: (revision: number) => call('/page/publish', { revision }),
      discard: () => call('/page/draft/discard', {}),
    };
  };
  let cookieA = '';
  let cookieB = '';
  const a = editor(() => cookieA);
  const b = editor(() => cookieB);
  const live = async () => (await a.state()).live;

  beforeAll(async () => {
    cookieA = await signInToConsole(running.server.url, PASSWORD);
    cookieB = await signInToConsole(running.server.url, PASSWORD);
  });

  it('keeps each editor’s draft its own, and a publish puts live only the publisher’s', async () => {
    const revisionA = await a.save(
      edited(offerDefaults, (offer) => (offer.hero.headline = `Título de A, ${offer.hero.highlight}`)),
      0,
    );
    const revisionB = await b.save(
      edited(offerDefaults, (offer) => (offer.faq.items[0]!.answer = 'Resposta de B')),
      0,
    );
    expect((await a.state()).draft?.offer.hero.headline).toBe(`Título de A, ${offerDefaults.hero.highlight}`);
    expect((await b.state()).draft?.offer.hero.headline).toBe(offerDefaults.hero.headline);

    const published = await a.publish(revisionA);
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ number: 1 });
    const now = await live();
    expect(now.offer.hero.headline).toBe(`Título de A, ${offerDefaults.hero.highlight}`);
    // B's draft was not published in A's name, and is still B's.
    expect(now.offer.faq.items[0]!.answer).toBe(offerDefaults.faq.items[0]!.answer);
    expect((await a.state()).draft).toBeNull();
    expect((await b.state()).draft).toMatchObject({ baseNumber: 0, revision: revisionB });
  });

  it('shows a draft based on an older version merged before publishing it, when the two changed different fields', async () => {
    const { draft } = await b.state();
    // The preview showed B's draft alone: the merge is answered for B to preview, and nothing is published.
    const unseen = await b.publish(draft!.revision);
    expect(unseen.status).toBe(409);
    const shown = (await unseen.json()) as PagePublishConflictBody;
    expect(shown.error).toContain('Juntamos as alterações dela às suas');
    expect(shown).toMatchObject({ liveNumber: 1, conflicts: [] });
    expect(shown.merged.hero.headline).toBe(`Título de A, ${offerDefaults.hero.highlight}`);
    expect(shown.merged.faq.items[0]!.answer).toBe('Resposta de B');
    expect(await live()).toMatchObject({ number: 1 });

    const published = await b.publish(await b.save(shown.merged, shown.liveNumber));
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ number: 2 });
    const now = await live();
    expect(now.offer.hero.headline).toBe(`Título de A, ${offerDefaults.hero.highlight}`);
    expect(now.offer.faq.items[0]!.answer).toBe('Resposta de B');
    expect((await b.state()).draft).toBeNull();
  });

  it('answers a field both changed with both texts, publishes nothing, then publishes the seller’s pick', async () => {
    const base = (await live()).offer;
    await a.save(
      edited(base, (offer) => (offer.hero.subheadline = 'Subtítulo de A')),
      2,
    );
    await b.save(
      edited(base, (offer) => {
        offer.hero.subheadline = 'Subtítulo de B';
        offer.hero.badge = 'Selo de B';
      }),
      2,
    );
    expect((await a.publish((await a.state()).draft!.revision)).status).toBe(200);

    const refused = await b.publish((await b.state()).draft!.revision);
    expect(refused.status).toBe(409);
    const conflict = (await refused.json()) as PagePublishConflictBody;
    expect(conflict.error).toContain('Escolha qual texto manter');
    expect(conflict.liveNumber).toBe(3);
    expect(conflict.conflicts).toEqual([{ path: 'hero.subheadline', theirs: 'Subtítulo de A', mine: 'Subtítulo de B' }]);
    // Every other change is kept, laid on the new live version.
    expect(conflict.merged.hero.badge).toBe('Selo de B');
    expect(conflict.merged.faq.items[0]!.answer).toBe('Resposta de B');
    expect(await live()).toMatchObject({ number: 3 });
    // The draft is unchanged: a reload publishes into the same question, never into a dead end.
    expect((await b.publish((await b.state()).draft!.revision)).status).toBe(409);

    const picked = edited(conflict.merged, (offer) => (offer.hero.subheadline = conflict.conflicts[0]!.theirs as string));
    const revision = await b.save(picked, conflict.liveNumber);
    const published = await b.publish(revision);
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ number: 4 });
    const now = await live();
    expect(now.offer.hero.subheadline).toBe('Subtítulo de A');
    expect(now.offer.hero.badge).toBe('Selo de B');
  });

  it('publishes exactly the revision the editor previewed, never one saved after it', async () => {
    const base = (await live()).offer;
    const previewed = await a.save(
      edited(base, (offer) => (offer.footer.disclaimer = 'Rodapé da prévia')),
      4,
    );
    // Another tab of the same sign-in saves over it after the preview.
    const later = await a.save(
      edited(base, (offer) => (offer.footer.disclaimer = 'Rodapé de outra aba')),
      4,
    );
    expect(later).toBe(previewed + 1);
    // The autosave that follows the preview sends the same text: the revision stays the one previewed.
    expect(
      await a.save(
        edited(base, (offer) => (offer.footer.disclaimer = 'Rodapé de outra aba')),
        4,
      ),
    ).toBe(later);
    const refused = await a.publish(previewed);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain('outra aba');
    expect(await live()).toMatchObject({ number: 4 });
    expect((await a.publish(later)).status).toBe(200);
    expect((await live()).offer.footer.disclaimer).toBe('Rodapé de outra aba');
  });

  it('discards only the editor’s own draft', async () => {
    const base = (await live()).offer;
    await a.save(
      edited(base, (offer) => (offer.hero.badge = 'Rascunho de A')),
      5,
    );
    await b.save(
      edited(base, (offer) => (offer.hero.badge = 'Rascunho de B')),
      5,
    );
    expect((await a.discard()).status).toBe(200);
    expect((await a.state()).draft).toBeNull();
    expect((await b.state()).draft?.offer.hero.badge).toBe('Rascunho de B');
    expect((await a.state()).editorKey).toBe((await b.state()).editorKey);
  });
});
