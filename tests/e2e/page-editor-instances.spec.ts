import fs from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { startCluster, startPinnedNginx, type Cluster } from '../support/cluster.ts';
import type { RunningNginx } from '../support/nginx.ts';
import { EVERY_INSTANCE_MS, liveVersionNumber } from './editor-sites.ts';
import { contextApi, expect, test, watchConsole } from './fixtures.ts';

/**
 * Two tabs and two people on two instances behind nginx (docs/editing.md#drafts-and-merges),
 * typed key by key as sellers type. Each tab is pinned to one instance: its requests go through an nginx of their own
 * on the shipped site whose one upstream is that instance, while the browser still sees the shop's one address (one
 * origin, one local copy, one cookie), as two tabs behind a round-robin nginx would be served.
 */

const PASSWORD = 'senha-do-painel-instancias';
interface Viewport {
  width: number;
  height: number;
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const HERO = 'Topo da página de vendas';
const FOOTER = 'Rodapé';
const FAQ = 'Perguntas frequentes';
/** The browser's own log line for a 409, which the console answers with its merge: not a script error. */
const CONFLICT_STATUS = [/status of 409/];

let cluster: Cluster | undefined;
/** nginx in front of instance 0 alone, and in front of instance 1 alone. */
let pinned: RunningNginx[] = [];

/** Every request `panel` makes to the shop's address (pages, the console's API, the preview frame) reaches the instance behind `through`. */
async function servedThrough(panel: Page, through: RunningNginx) {
  const site = new URL(cluster!.url).origin;
  await panel.route(
    (url) => url.origin === site,
    async (route) => {
      const { pathname, search } = new URL(route.request().url());
      await route.fulfill({
        response: await route.fetch({ url: `${through.url}${pathname}${search}`, maxRedirects: 0, timeout: 120_000 }),
      });
    },
  );
}

/** A console tab of `context` on the instance behind `through`, on Página; signs in first when `signIn`. */
async function consoleTab(context: BrowserContext, through: RunningNginx, signIn: boolean): Promise<Page> {
  const panel = await context.newPage();
  await servedThrough(panel, through);
  await panel.goto('/painel');
  if (signIn) {
    await panel.getByLabel('Senha do painel').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Entrar' }).click();
  }
  await panel.getByRole('link', { name: 'Página' }).click();
  await expect(panel.getByText(/^No ar: /)).toBeVisible();
  return panel;
}

/** A person at `viewport` in a browser of their own, signed in on the instance behind `through`. */
async function openEditor(browser: Browser, viewport: Viewport, through: RunningNginx) {
  const context = await browser.newContext({ baseURL: cluster!.url, locale: 'pt-BR', viewport });
  const panel = await consoleTab(context, through, true);
  return { context, panel, noConsoleErrors: watchConsole(panel, CONFLICT_STATUS) };
}

type Editor = Awaited<ReturnType<typeof openEditor>>;

/** Ana on instance 0 and Bruno on instance 1, each signed in at their viewport; `base` is the version live as they open. */
async function withAnaAndBruno(
  browser: Browser,
  viewports: { ana: Viewport; bruno: Viewport },
  run: (ana: Editor, bruno: Editor, base: number) => Promise<void>,
) {
  const ana = await openEditor(browser, viewports.ana, pinned[0]!);
  const bruno = await openEditor(browser, viewports.bruno, pinned[1]!);
  try {
    await run(ana, bruno, await liveVersionNumber(ana.panel));
    ana.noConsoleErrors();
    bruno.noConsoleErrors();
  } finally {
    // Before the pinned nginx stop: a tab left open would keep sending its polls to them.
    await close(ana.context);
    await close(bruno.context);
  }
}

async function close(context: BrowserContext) {
  for (const page of context.pages()) await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();
}

async function chooseSection(panel: Page, name: string): Promise<Locator> {
  await panel.getByLabel('Seção').selectOption({ label: name });
  const group = panel.getByRole('group', { name });
  await expect(group).toBeVisible();
  return group;
}

/** The field's text replaced as a seller does it: select all, then type key by key. */
async function retype(field: Locator, text: string) {
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
}

/** The autosave a second after the typing stops. */
async function autosaved(panel: Page) {
  await expect(panel.getByText('Rascunho salvo automaticamente.')).toBeVisible({ timeout: 45_000 });
}

const publishButton = (panel: Page) => panel.getByRole('button', { name: 'Publicar alterações' });
const published = (panel: Page, number: number) => panel.getByText(`Publicado: versão ${number}. A página já está no ar.`);

/** "Publicar alterações" tapped: the server's answer to it. */
async function publish(panel: Page) {
  const [answer] = await Promise.all([
    panel.waitForResponse((response) => response.url().endsWith('/api/admin/page/publish'), { timeout: 90_000 }),
    publishButton(panel).click(),
  ]);
  return answer.status();
}

/** `/` on every instance, read from each directly, carries each of `present` and none of `absent`, once each has swapped in the publish. */
async function expectLiveEverywhere(present: string[], absent: string[] = []) {
  for (const { url } of cluster!.instances) {
    await expect(async () => {
      const html = await (await fetch(new URL('/', url))).text();
      for (const text of present) expect(html, url).toContain(text);
      for (const text of absent) expect(html, url).not.toContain(text);
    }).toPass({ timeout: EVERY_INSTANCE_MS });
  }
}

/** How many requests `line` ("POST /api/admin/page/draft") nginx `through` passed to its instance. */
function passed(through: RunningNginx, line: string): number {
  return fs
    .readFileSync(through.accessLog, 'utf8')
    .split('\n')
    .filter((entry) => entry.includes(`"${line} `)).length;
}

const previewOf = (panel: Page) => panel.frameLocator('iframe[title^="Prévia"]');

/** The draft's preview of both pages as served to `panel`'s sign-in: not a script in it, nor an event handler that runs one. */
async function expectPreviewWithoutScripts(panel: Page) {
  for (const page of ['landing', 'presell']) {
    const reply = await contextApi(panel.context(), cluster!.url)(`/api/admin/page/preview/${page}`);
    expect(reply.status).toBe(200);
    const html = await reply.text();
    expect(html).not.toMatch(/<script\b/i);
    expect(html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
  }
}

// A retry's trace without DOM snapshots: the snapshotter runs a script of its own in every frame, and in the preview
// frame, sandboxed without `allow-scripts` (docs/editing.md#how-a-version-is-published), Chromium refuses it and logs
// "Blocked script execution in '…/page/preview/…'", which the console check would count as the page's. The preview
// itself carries no script: each story reads its HTML and finds none (`expectPreviewWithoutScripts`).
test.use({ trace: { mode: 'on-first-retry', snapshots: false } });

test.describe.serial('the page editor on two instances behind nginx on PostgreSQL', () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cluster = await startCluster({ instances: 2, env: { ADMIN_PASSWORD: PASSWORD } });
    pinned = [await startPinnedNginx(cluster.instances[0]!), await startPinnedNginx(cluster.instances[1]!)];
  });
  test.afterAll(async () => {
    for (const through of pinned) await through.stop();
    await cluster?.stop();
  });

  test('E2 at 390 px: two tabs of one sign-in on different instances: the Selo of one and the Rodapé of the other both go live, nothing typed is lost', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ baseURL: cluster!.url, locale: 'pt-BR', viewport: PHONE });
    const first = await consoleTab(context, pinned[0]!, true);
    const liveNumber = await liveVersionNumber(first);
    // Loaded before the first tab types anything.
    const second = await consoleTab(context, pinned[1]!, false);
    try {
      const checks = [watchConsole(first, CONFLICT_STATUS), watchConsole(second, CONFLICT_STATUS)];
      const badge = 'Selo da primeira aba';
      const disclaimer = 'Aviso de marcas escrito na segunda aba.';

      await retype((await chooseSection(first, HERO)).getByLabel('Selo', { exact: true }), badge);
      await autosaved(first);
      await retype((await chooseSection(second, FOOTER)).getByLabel('Aviso de marcas'), disclaimer);
      await autosaved(second);
      await expectPreviewWithoutScripts(second);
      // Each tab's saves went to its own instance.
      expect(passed(pinned[0]!, 'POST /api/admin/page/draft')).toBeGreaterThan(0);
      expect(passed(pinned[1]!, 'POST /api/admin/page/draft')).toBeGreaterThan(0);

      /** Both tabs' typing is in `panel`'s form. */
      const expectBothTyped = async (panel: Page) => {
        await expect((await chooseSection(panel, HERO)).getByLabel('Selo', { exact: true })).toHaveValue(badge);
        await expect((await chooseSection(panel, FOOTER)).getByLabel('Aviso de marcas')).toHaveValue(disclaimer);
      };

      await first.bringToFront();
      const status = await publish(first);
      if (status === 409) {
        // The second tab saved after the first's preview: the first shows that draft, which must hold its own Selo too.
        await expect(first.getByText(/salvo de novo em outra aba/)).toBeVisible();
        await expectBothTyped(first);
        expect(await publish(first)).toBe(200);
      } else expect(status).toBe(200);
      await expect(published(first, liveNumber + 1)).toBeVisible({ timeout: 60_000 });
      await expectLiveEverywhere([badge, disclaimer]);
      await expectBothTyped(first);
      await second.bringToFront();
      await expect(second.getByText(`No ar: versão ${liveNumber + 1}`)).toBeVisible({ timeout: 20_000 });
      await expectBothTyped(second);
      for (const check of checks) check();
    } finally {
      await close(context);
    }
  });

  test('E3 at 390 px and 1280 px: after Ana publishes on the other instance, Bruno’s "Publicar" shows the merged preview first, and live is what he confirmed', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    await withAnaAndBruno(browser, { ana: PHONE, bruno: DESKTOP }, async (ana, bruno, base) => {
      const subtitle = 'Subtítulo que o Bruno revisou na prévia';
      const badge = 'Selo publicado pela Ana';
      const disclaimer = 'Aviso que a Ana publicou depois da prévia do Bruno.';

      // Bruno previews his subtitle on the version live when he opened.
      await retype((await chooseSection(bruno.panel, HERO)).getByLabel('Subtítulo', { exact: true }), subtitle);
      await autosaved(bruno.panel);
      await expect(previewOf(bruno.panel).getByText(subtitle)).toBeVisible();

      // Ana publishes the Selo through the other instance.
      await retype((await chooseSection(ana.panel, HERO)).getByLabel('Selo', { exact: true }), badge);
      await autosaved(ana.panel);
      expect(await publish(ana.panel)).toBe(200);
      await expect(published(ana.panel, base + 1)).toBeVisible({ timeout: 60_000 });

      // Bruno's "Publicar" publishes nothing yet: it shows the merge (form, preview) for him to confirm.
      expect(await publish(bruno.panel)).toBe(409);
      await expect(bruno.panel.getByText(/Juntamos as alterações dela às suas/)).toBeVisible();
      await expect(bruno.panel.getByRole('region', { name: 'Escolha o texto de cada campo' })).toHaveCount(0);
      await expectLiveEverywhere([badge], [subtitle]);
      await expect(bruno.panel.getByRole('group', { name: HERO }).getByLabel('Selo', { exact: true })).toHaveValue(badge);
      await autosaved(bruno.panel);
      await expect(previewOf(bruno.panel).getByText(badge)).toBeVisible();
      await expect(previewOf(bruno.panel).getByText(subtitle)).toBeVisible();

      // Ana publishes again while Bruno reads that preview: what he previewed is no longer what would go live, so the
      // server refuses his publish again and the new merge is shown.
      await retype((await chooseSection(ana.panel, FOOTER)).getByLabel('Aviso de marcas'), disclaimer);
      await autosaved(ana.panel);
      expect(await publish(ana.panel)).toBe(200);
      await expect(published(ana.panel, base + 2)).toBeVisible({ timeout: 60_000 });
      expect(await publish(bruno.panel)).toBe(409);
      await expectLiveEverywhere([badge, disclaimer], [subtitle]);
      await expect((await chooseSection(bruno.panel, FOOTER)).getByLabel('Aviso de marcas')).toHaveValue(disclaimer);
      await autosaved(bruno.panel);
      await expect(previewOf(bruno.panel).getByText(disclaimer)).toBeVisible();
      await expect(previewOf(bruno.panel).getByText(subtitle)).toBeVisible();
      await expect(previewOf(bruno.panel).getByText(badge)).toBeVisible();

      // The publish he confirms is the page he saw.
      expect(await publish(bruno.panel)).toBe(200);
      await expect(published(bruno.panel, base + 3)).toBeVisible({ timeout: 60_000 });
      await expectLiveEverywhere([badge, disclaimer, subtitle]);
    });
  });

  test('E5 at 1280 px and 390 px: Ana adds a FAQ question and rewrites question 2, Bruno rewrites its answer and moves it up, each on a different instance: all land', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    await withAnaAndBruno(browser, { ana: DESKTOP, bruno: PHONE }, async (ana, bruno, base) => {
      const question = 'Posso usar a lista no celular e no computador?';
      const answer = 'Sim: a lista abre em qualquer navegador, no celular ou no computador.';
      const rewritten = 'Quais formas de pagamento vocês aceitam?';
      const edited = 'Resposta que o Bruno reescreveu pelo celular.';

      const anaFaq = await chooseSection(ana.panel, FAQ);
      const count = await anaFaq.getByLabel('Pergunta', { exact: true }).count();
      await anaFaq.getByRole('button', { name: 'Adicionar: pergunta' }).click();
      await anaFaq.getByLabel('Pergunta', { exact: true }).nth(count).pressSequentially(question);
      await anaFaq.getByLabel('Resposta', { exact: true }).nth(count).pressSequentially(answer);
      await retype(anaFaq.getByLabel('Pergunta', { exact: true }).nth(1), rewritten);
      await autosaved(ana.panel);

      // The same question's answer, and the question moved to the top: matched by their text, Ana's and Bruno's
      // question 2 are two different items, and the list one conflict; by the item's id, one item edited twice.
      const brunoFaq = await chooseSection(bruno.panel, FAQ);
      await retype(brunoFaq.getByLabel('Resposta', { exact: true }).nth(1), edited);
      await brunoFaq.getByRole('button', { name: 'Subir' }).nth(1).click();
      await expect(brunoFaq.getByLabel('Resposta', { exact: true }).first()).toHaveValue(edited);
      await autosaved(bruno.panel);

      expect(await publish(ana.panel)).toBe(200);
      await expect(published(ana.panel, base + 1)).toBeVisible({ timeout: 60_000 });

      // Bruno's publish shows the merge: Ana's question and her words on his moved item, his answer, nothing to pick.
      expect(await publish(bruno.panel)).toBe(409);
      await expect(bruno.panel.getByText(/Juntamos as alterações dela às suas/)).toBeVisible();
      await expect(bruno.panel.getByRole('region', { name: 'Escolha o texto de cada campo' })).toHaveCount(0);
      await expect(brunoFaq.getByLabel('Pergunta', { exact: true })).toHaveCount(count + 1);
      await expect(brunoFaq.getByLabel('Pergunta', { exact: true }).first()).toHaveValue(rewritten);
      await expect(brunoFaq.getByLabel('Resposta', { exact: true }).first()).toHaveValue(edited);
      await expect(brunoFaq.getByLabel('Pergunta', { exact: true }).nth(count)).toHaveValue(question);
      await expect(brunoFaq.getByLabel('Resposta', { exact: true }).nth(count)).toHaveValue(answer);
      await autosaved(bruno.panel);
      await expect(previewOf(bruno.panel).getByText(question)).toBeVisible();
      expect(await publish(bruno.panel)).toBe(200);
      await expect(published(bruno.panel, base + 2)).toBeVisible({ timeout: 60_000 });
      await expectLiveEverywhere([question, answer, rewritten, edited]);
    });
  });
});
