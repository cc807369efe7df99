import type { Browser, Page } from '@playwright/test';
import { signIn } from './admin-helpers.ts';
import { EVERY_INSTANCE_MS, liveVersionNumber, testOnSqliteAndCluster, type Site, type Story } from './editor-sites.ts';
import { contextApi, expect, test } from './fixtures.ts';

/**
 * Drafts, merges and autosave in the console's Página (docs/editing.md#drafts-and-merges), in Chromium at 390 px:
 * two editors publish different fields and both stay live; the same field asks the second which text to keep; a
 * reload, a tab switch and a re-login keep what was typed; "Descartar rascunho" resets the price box too. Each story
 * runs on one server on SQLite, and on two instances behind nginx on PostgreSQL.
 */

const PASSWORD = 'senha-do-painel-rascunhos';
const PHONE = { width: 390, height: 844 };
const HERO = 'Topo da página de vendas';
const FAQ = 'Perguntas frequentes';

async function chooseSection(panel: Page, name: string) {
  await panel.getByLabel('Seção').selectOption({ label: name });
  await expect(panel.getByRole('group', { name })).toBeVisible();
}

/** An editor: its own browser, signed in, on Página; `liveNumber` is the version live when it opened. */
async function openEditor(browser: Browser, site: Site) {
  const context = await browser.newContext({ baseURL: site.consoleUrl, locale: 'pt-BR', viewport: PHONE });
  const panel = await context.newPage();
  await signIn(panel, PASSWORD);
  await panel.getByRole('link', { name: 'Página' }).click();
  return { context, panel, liveNumber: await liveVersionNumber(panel) };
}

/** The autosave a second after the typing stops. */
async function autosaved(panel: Page) {
  await expect(panel.getByText('Rascunho salvo automaticamente.')).toBeVisible({ timeout: 45_000 });
}

/** What `/` serves now, read from the server. */
const liveHtml = async (url: string) => (await fetch(new URL('/', url))).text();

/** `/` on every instance carries each of `present` and none of `absent`, once each has swapped in the publish. */
async function expectLiveEverywhere(site: Site, present: string[], absent: string[] = []) {
  for (const url of site.pageUrls) {
    await expect(async () => {
      const html = await liveHtml(url);
      for (const text of present) expect(html, url).toContain(text);
      for (const text of absent) expect(html, url).not.toContain(text);
    }).toPass({ timeout: EVERY_INSTANCE_MS });
  }
}

/** Two editors on the site, each in its own browser; both closed after `run`. */
async function withTwoEditors(
  browser: Browser,
  site: Site,
  run: (a: Awaited<ReturnType<typeof openEditor>>, b: Awaited<ReturnType<typeof openEditor>>) => Promise<void>,
) {
  const a = await openEditor(browser, site);
  const b = await openEditor(browser, site);
  await run(a, b);
  await a.context.close();
  await b.context.close();
}

async function differentFieldsBothLive(browser: Browser, site: Site) {
  await withTwoEditors(browser, site, async (a, b) => {
    const base = a.liveNumber;
    await chooseSection(a.panel, HERO);
    await a.panel.getByRole('group', { name: HERO }).getByLabel('Subtítulo', { exact: true }).fill('Subtítulo escrito no celular');
    await chooseSection(b.panel, FAQ);
    await b.panel.getByRole('group', { name: FAQ }).getByLabel('Resposta').first().fill('Resposta escrita no computador.');
    await autosaved(a.panel);
    await autosaved(b.panel);

    await a.panel.getByRole('button', { name: 'Publicar alterações' }).click();
    await expect(a.panel.getByText(`Publicado: versão ${base + 1}. A página já está no ar.`)).toBeVisible({ timeout: 60_000 });
    // B's draft was not published in A's name, on any instance.
    await expectLiveEverywhere(site, ['Subtítulo escrito no celular'], ['Resposta escrita no computador.']);

    // B previewed its draft alone: the merge with A's version is shown first (form, diff, preview), then published.
    await b.panel.getByRole('button', { name: 'Publicar alterações' }).click();
    await expect(b.panel.getByText(/Juntamos as alterações dela às suas/)).toBeVisible();
    await expectLiveEverywhere(site, ['Subtítulo escrito no celular'], ['Resposta escrita no computador.']);
    await chooseSection(b.panel, HERO);
    await expect(b.panel.getByRole('group', { name: HERO }).getByLabel('Subtítulo', { exact: true })).toHaveValue(
      'Subtítulo escrito no celular',
    );
    await expect(b.panel.getByRole('region', { name: 'Escolha o texto de cada campo' })).toHaveCount(0);
    await autosaved(b.panel);
    await expect(b.panel.frameLocator('iframe').first().getByText('Subtítulo escrito no celular')).toBeVisible();
    await b.panel.getByRole('button', { name: 'Publicar alterações' }).click();
    await expect(b.panel.getByText(`Publicado: versão ${base + 2}. A página já está no ar.`)).toBeVisible({ timeout: 60_000 });
    await expectLiveEverywhere(site, ['Subtítulo escrito no celular', 'Resposta escrita no computador.']);
    // A's console learns of B's publish by itself (every 15 s, or at once on focus).
    await expect(a.panel.getByText(`No ar: versão ${base + 2}`)).toBeVisible({ timeout: 20_000 });
  });
}

async function sameFieldSecondPicks(browser: Browser, site: Site) {
  await withTwoEditors(browser, site, async (a, b) => {
    const base = a.liveNumber;
    await chooseSection(a.panel, HERO);
    await a.panel.getByRole('group', { name: HERO }).getByLabel('Subtítulo', { exact: true }).fill('Subtítulo da Ana');
    await chooseSection(b.panel, HERO);
    const heroB = b.panel.getByRole('group', { name: HERO });
    await heroB.getByLabel('Subtítulo', { exact: true }).fill('Subtítulo do Bruno');
    await heroB.getByLabel('Selo', { exact: true }).fill('Selo do Bruno');
    await autosaved(a.panel);
    await autosaved(b.panel);
    await a.panel.getByRole('button', { name: 'Publicar alterações' }).click();
    await expect(a.panel.getByText(`Publicado: versão ${base + 1}. A página já está no ar.`)).toBeVisible({ timeout: 60_000 });

    await b.panel.getByRole('button', { name: 'Publicar alterações' }).click();
    const choice = b.panel.getByRole('region', { name: 'Escolha o texto de cada campo' });
    await expect(choice.getByText('Topo da página de vendas: Subtítulo')).toBeVisible();
    await expect(choice.getByText('Subtítulo da Ana')).toBeVisible();
    await expect(choice.getByText('Subtítulo do Bruno')).toBeVisible();
    // The field only B changed is not asked about, and stays typed.
    await expect(choice.getByText('Selo do Bruno')).toHaveCount(0);
    await expect(heroB.getByLabel('Selo', { exact: true })).toHaveValue('Selo do Bruno');
    // A reload before picking brings the choice back, as it was.
    b.panel.once('dialog', (dialog) => void dialog.accept());
    await b.panel.reload();
    await b.panel.getByRole('link', { name: 'Página' }).click();
    await chooseSection(b.panel, HERO);
    await expect(choice.getByText('Subtítulo da Ana')).toBeVisible();
    await expect(heroB.getByLabel('Selo', { exact: true })).toHaveValue('Selo do Bruno');
    await choice.getByRole('button', { name: 'Manter o meu' }).click();
    await expect(heroB.getByLabel('Subtítulo', { exact: true })).toHaveValue('Subtítulo do Bruno');
    await autosaved(b.panel);

    // Typing while the publish runs: kept, and the publish is announced as B's own.
    let typed = () => {};
    const typing = new Promise<void>((resolve) => (typed = resolve));
    await b.panel.route('**/api/admin/page/publish', async (route) => {
      await typing;
      await route.continue();
    });
    await b.panel.getByRole('button', { name: 'Publicar alterações' }).click();
    await heroB.getByLabel('Selo', { exact: true }).press('End');
    await heroB.getByLabel('Selo', { exact: true }).pressSequentially(' e mais');
    typed();
    await expect(b.panel.getByText(`Publicado: versão ${base + 2}. A página já está no ar.`)).toBeVisible({ timeout: 60_000 });
    await expectLiveEverywhere(site, ['Subtítulo do Bruno', 'Selo do Bruno'], ['Subtítulo da Ana', 'Selo do Bruno e mais']);
    await expect(heroB.getByLabel('Selo', { exact: true })).toHaveValue('Selo do Bruno e mais');
    await expect(b.panel.getByText(`No ar: versão ${base + 2}`)).toBeVisible();
    await expect(b.panel.getByText(/Outra pessoa publicou/)).toHaveCount(0);
  });
}

async function sameAnswerBothKept(browser: Browser, site: Site) {
  await withTwoEditors(browser, site, async (a, b) => {
    const base = a.liveNumber;
    const answerOf = (panel: Page) => panel.getByRole('group', { name: FAQ }).getByLabel('Resposta').first();
    await chooseSection(a.panel, FAQ);
    await answerOf(a.panel).press('ControlOrMeta+a');
    await answerOf(a.panel).pressSequentially('Resposta da Ana.');
    await chooseSection(b.panel, FAQ);
    await answerOf(b.panel).press('ControlOrMeta+a');
    await answerOf(b.panel).pressSequentially('Resposta do Bruno.');
    await autosaved(a.panel);
    await autosaved(b.panel);
    await a.panel.getByRole('button', { name: 'Publicar alterações' }).click();
    await expect(a.panel.getByText(`Publicado: versão ${base + 1}. A página já está no ar.`)).toBeVisible({ timeout: 60_000 });

    // One answer changed by both: "Manter os dois" puts Ana's question and then Bruno's copy of it in the list.
    await b.panel.getByRole('button', { name: 'Publicar alterações' }).click();
    const choice = b.panel.getByRole('region', { name: 'Escolha o texto de cada campo' });
    await expect(choice.getByText('Resposta da Ana.')).toBeVisible();
    await choice.getByRole('button', { name: 'Manter os dois' }).click();
    await expect(choice.getByRole('button', { name: 'Escolhido' })).toBeVisible();
    const answers = b.panel.getByRole('group', { name: FAQ }).getByLabel('Resposta');
    await expect(answers.nth(0)).toHaveValue('Resposta da Ana.');
    await expect(answers.nth(1)).toHaveValue('Resposta do Bruno.');
    await autosaved(b.panel);
    await b.panel.getByRole('button', { name: 'Publicar alterações' }).click();
    await expect(b.panel.getByText(`Publicado: versão ${base + 2}. A página já está no ar.`)).toBeVisible({ timeout: 60_000 });
    await expectLiveEverywhere(site, ['Resposta da Ana.', 'Resposta do Bruno.']);
  });
}

async function typedTextSurvives(browser: Browser, site: Site) {
  const { context, panel } = await openEditor(browser, site);
  await chooseSection(panel, HERO);
  const hero = panel.getByRole('group', { name: HERO });
  // A reload at once, before the autosave: the browser asks first, and the typed text comes back.
  await hero.getByLabel('Subtítulo', { exact: true }).fill('Digitado antes de recarregar');
  let asked = '';
  panel.once('dialog', (dialog) => {
    asked = dialog.type();
    void dialog.accept();
  });
  await panel.reload();
  expect(asked).toBe('beforeunload');
  await panel.getByRole('link', { name: 'Página' }).click();
  await chooseSection(panel, HERO);
  await expect(hero.getByLabel('Subtítulo', { exact: true })).toHaveValue('Digitado antes de recarregar');

  // A tab switch unmounts the editor.
  await chooseSection(panel, FAQ);
  await panel.getByRole('group', { name: FAQ }).getByLabel('Resposta').first().fill('Digitado antes de trocar de aba.');
  await panel.getByRole('link', { name: 'Pedidos' }).click();
  await panel.getByRole('link', { name: 'Página' }).click();
  await chooseSection(panel, FAQ);
  await expect(panel.getByRole('group', { name: FAQ }).getByLabel('Resposta').first()).toHaveValue('Digitado antes de trocar de aba.');

  // The session ends while typing: the sign-in form, then the text is back.
  await chooseSection(panel, HERO);
  // Typed, then the cookie goes before the autosave a second later: the console's own background reads may not
  // notice first (they would show the sign-in form before the typing, on a loaded machine).
  await hero.getByLabel('Selo', { exact: true }).fill('Digitado com a sessão encerrada');
  await context.clearCookies();
  await expect(panel.getByLabel('Senha do painel')).toBeVisible({ timeout: 10_000 });
  await panel.getByLabel('Senha do painel').fill(PASSWORD);
  await panel.getByRole('button', { name: 'Entrar' }).click();
  await panel.getByRole('link', { name: 'Página' }).click();
  await chooseSection(panel, HERO);
  await expect(hero.getByLabel('Selo', { exact: true })).toHaveValue('Digitado com a sessão encerrada');
  await expect(hero.getByLabel('Subtítulo', { exact: true })).toHaveValue('Digitado antes de recarregar');
  await autosaved(panel);

  // An autosave the network holds back is not overtaken by the next one: the draft is the last text typed.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding = true;
  await panel.route('**/api/admin/page/draft', async (route) => {
    if (holding) {
      holding = false;
      await held;
    }
    await route.continue();
  });
  const badge = hero.getByLabel('Selo', { exact: true });
  await badge.press('ControlOrMeta+a');
  await badge.pressSequentially('Selo lento');
  await expect(panel.getByText('Salvando rascunho…')).toBeVisible({ timeout: 10_000 });
  await badge.pressSequentially(' e o seguinte');
  // Time for the next autosave, a second after the typing stops, to go out (before the fix it did, and landed first).
  await panel.waitForTimeout(3_000);
  release();
  await autosaved(panel);
  const api = contextApi(context, site.consoleUrl);
  const serverDraft = async () => {
    const state = (await (await api('/api/admin/page')).json()) as { draft: { offer: { hero: { badge: string } } } | null };
    return state.draft?.offer.hero.badge;
  };
  await expect.poll(serverDraft).toBe('Selo lento e o seguinte');
  await panel.unroute('**/api/admin/page/draft');

  // "Descartar rascunho", there without a reload, puts every field back, the price box's text included.
  await chooseSection(panel, 'Produto');
  const product = panel.getByRole('group', { name: 'Produto' });
  await product.getByLabel('Preço', { exact: true }).fill('34,90');
  await autosaved(panel);
  await panel.getByRole('button', { name: 'Descartar rascunho' }).click();
  await expect(product.getByLabel('Preço', { exact: true })).toHaveValue('19,90');
  await expect(panel.getByText('Nada muda: o rascunho é igual à versão no ar.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Descartar rascunho' })).toHaveCount(0);
  await panel.reload();
  await panel.getByRole('link', { name: 'Página' }).click();
  await chooseSection(panel, HERO);
  await expect(hero.getByLabel('Subtítulo', { exact: true })).not.toHaveValue('Digitado antes de recarregar');
  await context.close();
}

async function twoTabsOneSignIn(browser: Browser, site: Site) {
  const { context, panel: first, liveNumber } = await openEditor(browser, site);
  const second = await context.newPage();
  await second.goto('/painel');
  await second.getByRole('link', { name: 'Página' }).click();
  await expect(second.getByText(/^No ar: /)).toBeVisible();
  await chooseSection(first, HERO);
  const badge = first.getByRole('group', { name: HERO }).getByLabel('Selo', { exact: true });
  await badge.press('ControlOrMeta+a');
  await badge.pressSequentially('Selo da primeira aba');
  await autosaved(first);
  // The second tab, loaded before, shows the first's typing, and its own joins it.
  await chooseSection(second, 'Rodapé');
  const disclaimer = second.getByRole('group', { name: 'Rodapé' }).getByLabel('Aviso de marcas');
  await disclaimer.press('ControlOrMeta+a');
  await disclaimer.pressSequentially('Aviso da segunda aba.');
  await autosaved(second);
  await chooseSection(second, HERO);
  await expect(second.getByRole('group', { name: HERO }).getByLabel('Selo', { exact: true })).toHaveValue('Selo da primeira aba');

  await first.bringToFront();
  await chooseSection(first, 'Rodapé');
  await expect(first.getByRole('group', { name: 'Rodapé' }).getByLabel('Aviso de marcas')).toHaveValue('Aviso da segunda aba.');
  await autosaved(first);
  await first.getByRole('button', { name: 'Publicar alterações' }).click();
  await expect(first.getByText(`Publicado: versão ${liveNumber + 1}. A página já está no ar.`)).toBeVisible({ timeout: 60_000 });
  await expectLiveEverywhere(site, ['Selo da primeira aba', 'Aviso da segunda aba.']);
  await context.close();
}

async function overwrittenSaveTakenBack(browser: Browser, site: Site) {
  const { context, panel: first, liveNumber } = await openEditor(browser, site);
  const second = await context.newPage();
  await second.goto('/painel');
  await second.getByRole('link', { name: 'Página' }).click();
  await expect(second.getByText(/^No ar: /)).toBeVisible();
  const mine = 'Selo salvo na aba 1';
  const theirs = 'Selo digitado na aba 2 por cima';

  // The first tab saves its Selo and stays open.
  await chooseSection(first, HERO);
  const badge = first.getByRole('group', { name: HERO }).getByLabel('Selo', { exact: true });
  await badge.press('ControlOrMeta+a');
  await badge.pressSequentially(mine);
  await autosaved(first);
  // The second tab, which showed it, has the same field typed over, key by key: the draft and the local copy hold only
  // the second text now.
  await chooseSection(second, HERO);
  const field = second.getByRole('group', { name: HERO }).getByLabel('Selo', { exact: true });
  await expect(field).toHaveValue(mine);
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(theirs);
  await autosaved(second);
  // The first tab keeps what it typed there (a tab's own typing is never replaced by another's).
  await first.bringToFront();
  await expect(badge).toHaveValue(mine);
  await second.bringToFront();

  // The first tab's text is in the saves of the last 24 hours, with where it was saved and what it changes on the page.
  await second.getByRole('button', { name: 'Rascunhos salvos nas últimas 24 horas' }).click();
  const saves = second.getByRole('region', { name: 'Rascunhos salvos nas últimas 24 horas' });
  // Each save, newest first (a pause in the typing is a save too, in whichever tab heard it).
  const entries = saves.getByRole('listitem').filter({ has: second.getByRole('button', { name: /^Usar o rascunho salvo em / }) });
  // Whichever tab saved that text first is named for it: the other tab, which heard the typing, may have.
  const entry = entries.filter({ hasText: `Topo da página de vendas · Selo: ${mine}` }).first();
  await expect(entry).toBeVisible();
  await expect(
    entries
      .filter({ hasText: 'esta aba' })
      .filter({ hasText: `Topo da página de vendas · Selo: ${theirs}` })
      .first(),
  ).toBeVisible();

  // One tap: back in the form, autosaved, previewed, nothing published.
  await entry.getByRole('button', { name: /^Usar o rascunho salvo em / }).click();
  await expect(second.getByText(/voltou ao formulário e será salvo automaticamente\. Nada foi publicado\./)).toBeVisible();
  await expect(field).toHaveValue(mine);
  await autosaved(second);
  // The first tab, looked at again, still shows it and saves nothing else over it (the reload below finds it).
  await first.bringToFront();
  await expect(badge).toHaveValue(mine);
  await second.bringToFront();
  await expect(second.frameLocator('iframe[title^="Prévia"]').getByText(mine)).toBeVisible();
  await expect(second.locator('[data-live-version]')).toHaveAttribute('data-live-version', String(liveNumber));
  await expectLiveEverywhere(site, [], [mine]);
  // It is the draft now: a reload finds it.
  await second.reload();
  await second.getByRole('link', { name: 'Página' }).click();
  await chooseSection(second, HERO);
  await expect(field).toHaveValue(mine);
  await context.close();
}

const STORIES: Array<[string, Story]> = [
  [
    'two editors change different fields: the second previews the merge before publishing it, both changes live, nothing retyped',
    differentFieldsBothLive,
  ],
  [
    'two editors change the same field: the second is shown both texts, after a reload too, picks one, and what is typed while publishing stays',
    sameFieldSecondPicks,
  ],
  ['two editors change one FAQ answer: the second keeps both, one after the other, and both go live', sameAnswerBothKept],
  ['two tabs of one sign-in: each shows the other’s typing and the publish carries both', twoTabsOneSignIn],
  ['a reload, a console tab switch and a re-login keep typed text; Descartar resets every field, the price box too', typedTextSurvives],
  [
    'two tabs of one sign-in, both open: the Selo one saved and the other typed over is found in the saves of the last 24 hours and taken back',
    overwrittenSaveTakenBack,
  ],
];

test.describe('the page editor’s drafts', () => {
  testOnSqliteAndCluster(STORIES, { ADMIN_PASSWORD: PASSWORD }, 300_000);
});
