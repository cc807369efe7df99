// What the copy may promise (docs/editing.md#what-the-copy-may-promise): the editor and A/B refuse the same sentences.
import { beforeAll, describe, expect, it } from 'vitest';
import { offerDefaults } from '../../../src/content/offer.ts';
import type { ExperimentList } from '../../../src/shared/experiments/experiment-api.ts';
import type { AdminPageState, Offer } from '../../../src/shared/offer.ts';
import { signInToConsole } from '../../support/clients.ts';
import { consoleCall } from '../../support/purchase.ts';
import { useTestServer } from '../../support/test-server.ts';
import { builtSite, siteBuilt } from '../../support/built-site.ts';
import { databases } from '../test-db.ts';

const PASSWORD = 'senha-do-painel-de-teste';
const DAY = 86_400_000;

/** The build's price is R$ 19,90 with no "de R$", the bump R$ 9,90, and GUARANTEE_DAYS is left at 7. */
const refused: Array<[string, RegExp]> = [
  ['De R$ 97,00 por R$ 19,90.', /R\$\s97,00 não é um preço que o comprador pode pagar agora/],
  ['Hoje com -90 % no PIX.', /desconto de 90% só pode ser anunciado contra o preço de referência/],
  ['Garantia de 30 dias!', /garantia da loja é de 7 dias, não 30/],
  ['Produto digital: não tem reembolso.', /Código de Defesa do Consumidor \(art\. 49\)/],
];

const withSubheadline = (sentence: string): Offer => ({
  ...structuredClone(offerDefaults),
  hero: { ...offerDefaults.hero, subheadline: `Acesso na hora. ${sentence}` },
});

describe.skipIf(!siteBuilt).each(databases)('the copy claims only what the shop gives ($name)', (database) => {
  const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { site: () => builtSite(PASSWORD) });
  let cookie: string;
  const call = (pathname: string, body?: unknown) => consoleCall(running.server.url, cookie, pathname, body);
  const state = async () => (await (await call('/page')).json()) as AdminPageState;

  beforeAll(async () => {
    cookie = await signInToConsole(running.server.url, PASSWORD);
  });

  it.each(refused)('the editor refuses "%s" on its field while the seller types, naming the sentence and why', async (sentence, reason) => {
    const reply = await call('/page/draft', { baseNumber: 0, offer: withSubheadline(sentence) });
    expect(reply.status).toBe(422);
    const body = (await reply.json()) as { error: string; fields: Record<string, string> };
    expect(body.fields['hero.subheadline']).toContain(`"${sentence}"`);
    expect(body.fields['hero.subheadline']).toMatch(reason);
    expect(body.error).toBe(body.fields['hero.subheadline']);
  });

  it.each(refused)('a draft saved with "%s" before the rule is refused at publish, and nothing goes live', async (sentence, reason) => {
    expect((await call('/page/draft', { baseNumber: 0, offer: withSubheadline('Garantia de {garantia} dias.') })).status).toBe(200);
    // As an older Vitrine saved it: the rule reads the draft again at publish.
    await running.db.db
      .updateTable('page_editor_drafts')
      .set({ content: JSON.stringify(withSubheadline(sentence)) })
      .execute();
    const reply = await call('/page/publish', {});
    expect(reply.status).toBe(422);
    const body = (await reply.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toContain(`"${sentence}"`);
    expect(body.fields['hero.subheadline']).toMatch(reason);
    expect((await state()).live.number).toBe(0);
  });

  it('publishes the placeholders and the shop’s own prices', async () => {
    const offer = withSubheadline('Por {preco}, com {garantia} dias de garantia. R$ 19,90 no PIX.');
    expect((await call('/page/draft', { baseNumber: 0, offer })).status).toBe(200);
    expect((await call('/page/publish', {})).status).toBe(200);
    expect((await state()).live.offer.hero.subheadline).toBe(offer.hero.subheadline);
  });

  const test = (patch: unknown) => ({
    page: '/',
    name: 'Subtítulo do topo',
    variants: [
      { weight: 1, patch: {} },
      { weight: 1, patch },
    ],
    metric: 'revenue',
    plannedLift: 0.2,
    plannedVisitors: 53_276,
    endsAt: Date.now() + 28 * DAY,
  });

  it.each(refused)('A/B refuses a version B saying "%s" with the same reason', async (sentence, reason) => {
    const reply = await call('/experiments', test({ hero: { subheadline: `Acesso na hora. ${sentence}` } }));
    expect(reply.status).toBe(422);
    const body = (await reply.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toMatch(/^A versão B promete o que a loja não dá\./);
    expect(body.error).toContain(`"${sentence}"`);
    expect(body.fields['variants.1']).toMatch(reason);
    expect(((await (await call('/experiments')).json()) as ExperimentList).experiments).toEqual([]);
  });

  it.each(['__proto__', 'constructor', 'prototype'])('A/B refuses a version with a "%s" key, in Portuguese', async (key) => {
    const patch: unknown = JSON.parse(`{"hero":{"${key}":{"headline":"x"}}}`);
    const reply = await call('/experiments', test(patch));
    expect(reply.status).toBe(422);
    const body = (await reply.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe(`A versão B tem um campo chamado "${key}", que não existe na página e é recusado por segurança.`);
    expect(body.fields['variants.1']).toBe(body.error);
    const atTop: unknown = JSON.parse(`{"${key}":{"hero":{"headline":"x"}}}`);
    expect((await call('/experiments', test(atTop))).status).toBe(422);
    expect(((await (await call('/experiments')).json()) as ExperimentList).experiments).toEqual([]);
  });

  it('starts a version whose copy names the placeholders', async () => {
    const reply = await call('/experiments', test({ hero: { subheadline: 'Acesso na hora, {garantia} dias de garantia.' } }));
    expect(reply.status).toBe(201);
  });
});
