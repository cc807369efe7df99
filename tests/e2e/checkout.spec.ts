import type { Browser, Page } from '@playwright/test';
import { setBuyerOrderColumns } from '../support/db-reads.ts';
import { expect, presellAnsweredContext, test, withServerDb } from './fixtures.ts';
import { decodeQrOnScreen } from './qr.ts';
import { startServer, type RunningServer } from './server.ts';
import {
  gatewayReplies,
  standInEnv,
  STAND_IN_PRODUCT_HASH,
  startGatewayStandIn,
  type GatewayAnswer,
} from '../support/providers/tribopay/tribopay-stand-in.ts';

async function openModalFromHero(page: Page) {
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A fresh visitor on `server`'s landing page with the checkout modal open from the hero. */
async function openFreshModal(browser: Browser, server: RunningServer) {
  const context = await presellAnsweredContext(browser, server.url);
  const page = await context.newPage();
  await page.goto('/');
  return { context, page, dialog: await openModalFromHero(page) };
}

let buyers = 0;
/** A buyer of its own for each purchase: the server hands a buyer's open PIX back to the same buyer. */
async function fillBuyer(dialog: ReturnType<Page['getByRole']>, phone?: string) {
  buyers += 1;
  const tag = `${process.pid}${buyers}`;
  await dialog.getByLabel('Nome completo').fill('Maria Souza');
  await dialog.getByLabel('E-mail').fill(`maria.${tag}@example.com`);
  await dialog
    .getByLabel('WhatsApp', { exact: true })
    .fill(phone ?? `(11) 9${tag.padStart(8, '7').slice(-8, -4)}-${tag.padStart(8, '7').slice(-4)}`);
  return { email: `maria.${tag}@example.com` };
}

/** Milliseconds between two moments the page wrote into `window.copyTimes`, once it has both. */
async function copyTimeBetween(page: Page, from: string, to: string): Promise<number> {
  const handle = await page.waitForFunction(
    ([first, second]) => {
      const times = (window as unknown as { copyTimes: Record<string, number | undefined> }).copyTimes;
      const start = times[first!];
      const end = times[second!];
      return start !== undefined && end !== undefined && end - start;
    },
    [from, to],
  );
  return (await handle.jsonValue()) as number;
}

test.describe('PIX checkout in the sandbox', () => {
  test.beforeEach(async ({ acceptPresell, page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await acceptPresell();
    await page.goto('/');
  });

  test('the modal shows the offer, blocks an invalid phone, and a valid submit shows the PIX', async ({ page }) => {
    const dialog = await openModalFromHero(page);
    await expect(dialog.getByTestId('modal-price')).toHaveText('R$ 19,90');
    for (const benefit of ['R$ 8 de crédito hoje', 'Fornecedores verificados', 'Acesso vitalício', 'Revenda permitida']) {
      await expect(dialog.getByText(benefit)).toBeVisible();
    }
    await expect(dialog.getByText('+ R$ 220 por mês')).toBeVisible();
    await expect(dialog.getByLabel('E-mail')).toHaveAttribute('type', 'email');

    await fillBuyer(dialog, '1234-567');
    await dialog.getByLabel('WhatsApp', { exact: true }).blur();
    await expect(dialog.getByText('Telefone inválido')).toBeVisible();
    await expect(dialog.getByLabel('WhatsApp', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    const submit = dialog.getByRole('button', { name: 'GERAR PIX' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('WhatsApp', { exact: true }).press('Enter');
    await expect(dialog.getByText('Pagamento gerado com sucesso!')).toHaveCount(0);

    // Hold the order request a moment so the processing state can be seen.
    await page.route('**/api/orders', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await dialog.getByLabel('WhatsApp', { exact: true }).fill('(11) 98765-4321');
    await expect(dialog.getByText('Telefone inválido')).toHaveCount(0);
    await submit.click();
    await expect(dialog.getByRole('button', { name: 'Processando...' })).toBeDisabled();
    await expect(dialog.getByLabel('Nome completo')).toBeDisabled();

    await expect(dialog.getByText('Pagamento gerado com sucesso! Use as informações abaixo para pagar.')).toBeVisible();
    await expect(dialog.getByLabel('Nome completo')).toHaveCount(0);
    await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 19,90');
    await expect(dialog.getByText(/^Este código expira em (23:59:\d{2}|24:00:00)$/)).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Abra o app do seu banco' })).toBeVisible();
    await expect(dialog.getByText(/Garantia de 7 dias/)).toBeVisible();
    // Only payment takes a spot, and the panel says so plainly.
    await expect(dialog.getByText('Sua vaga fica garantida assim que o pagamento for confirmado.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Simular o pagamento deste PIX' })).toHaveAttribute('href', /^\/sandbox\/pay\//);

    const code = await dialog.getByLabel('PIX copia e cola').inputValue();
    expect(code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    // On a phone the QR (for paying with another device) is behind a disclosure.
    await dialog.getByText('Pagar com outro aparelho').click();
    const qr = dialog.getByTestId('pix-qr');
    const box = await qr.boundingBox();
    expect(Math.round(box!.width)).toBe(200);
    expect(Math.round(box!.height)).toBe(200);
    expect(await decodeQrOnScreen(qr)).toBe(code);
  });

  test('"Copiar" copies the code and reads "✓ Copiado" for 2 seconds', async ({ page }) => {
    // The small "Copiar" beside the code is the desktop layout's (a phone leads with "Copiar código PIX").
    await page.setViewportSize({ width: 1280, height: 800 });
    const dialog = await openModalFromHero(page);
    await fillBuyer(dialog);
    await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
    const code = await dialog.getByLabel('PIX copia e cola').inputValue();
    // Time the label in the page itself, by the frames that show it: the test process's clock would
    // add its own delays. A busy phone: the main thread is taken for half a second right after the
    // copy succeeds (so the label renders late) and again as the label is committed, before it is
    // painted. It must still be on screen for the whole 2 seconds.
    await page.evaluate(() => {
      const busy = (ms: number) => {
        const until = performance.now() + ms;
        while (performance.now() < until);
      };
      const times: Record<string, number> = {};
      (window as unknown as { copyTimes: Record<string, number> }).copyTimes = times;
      const seen = new Set<string>();
      new MutationObserver(() => {
        const labels = [...document.querySelectorAll('[role="dialog"] button')].map((button) => button.textContent);
        const state = labels.includes('✓ Copiado') ? 'copied' : seen.has('copied') && labels.includes('Copiar') ? 'back' : '';
        if (!state || seen.has(state)) return;
        seen.add(state);
        requestAnimationFrame(() => (times[state] = performance.now()));
        if (state === 'copied') busy(500);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      const clipboard = navigator.clipboard;
      const write = clipboard.writeText.bind(clipboard);
      clipboard.writeText = async (value: string) => {
        await write(value);
        window.setTimeout(() => busy(500), 0);
      };
    });
    const codeField = dialog.getByLabel('PIX copia e cola');
    const widthBefore = (await codeField.boundingBox())!.width;
    await dialog.getByRole('button', { name: 'Copiar' }).click();
    await expect(dialog.getByRole('button', { name: '✓ Copiado' })).toBeVisible();
    // The button fits both labels: the code beside it does not move when the label changes.
    expect((await codeField.boundingBox())!.width).toBe(widthBefore);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expect(dialog.getByRole('button', { name: 'Copiar' })).toBeVisible({ timeout: 5000 });
    const shownMs = await copyTimeBetween(page, 'copied', 'back');
    expect(shownMs).toBeGreaterThanOrEqual(1950);
    // Not a second 2 s either (4 s); a loaded machine paints the frame after the timer late.
    expect(shownMs).toBeLessThan(3500);
  });

  test('a second "Copiar" while "✓ Copiado" shows counts its 2 seconds again', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const dialog = await openModalFromHero(page);
    await fillBuyer(dialog);
    await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
    // The buyer taps again half a second into the label (the code may not have pasted). Timed in the
    // page's own clock, from the first frame that shows the label: the test process's round trips
    // can take longer than the label's 2 seconds on a busy machine. Recorded too: when the second
    // tap lands and the frame where "Copiar" is back.
    await page.evaluate(() => {
      const times: Record<string, number> = {};
      (window as unknown as { copyTimes: Record<string, number> }).copyTimes = times;
      let secondTapQueued = false;
      const copyButton = (): HTMLButtonElement | undefined =>
        [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find((button) =>
          /Copia/.test(button.textContent ?? ''),
        );
      document.addEventListener(
        'click',
        (event) => {
          if ((event.target as Element).closest('button')?.textContent === '✓ Copiado') times.secondTap = performance.now();
        },
        true,
      );
      new MutationObserver(() => {
        const label = copyButton()?.textContent;
        if (label === '✓ Copiado' && !secondTapQueued) {
          secondTapQueued = true;
          requestAnimationFrame(() => {
            times.shown = performance.now();
            window.setTimeout(() => copyButton()!.click(), 500);
          });
        }
        if (times.secondTap !== undefined && times.back === undefined && label === 'Copiar')
          requestAnimationFrame(() => (times.back ??= performance.now()));
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await dialog.getByRole('button', { name: 'Copiar' }).click();
    const shownAfterSecondTapMs = await copyTimeBetween(page, 'secondTap', 'back');
    // The tap landed on the label (the listener records it only then), at least 500 ms in (the
    // page's timer) and before its first 2 s ran out: alone they would bring "Copiar" back well
    // under 1950 ms after it. The timer runs late on a busy machine (1.09 s seen in CI).
    const tapIntoLabelMs = await copyTimeBetween(page, 'shown', 'secondTap');
    expect(tapIntoLabelMs).toBeLessThan(1900);
    // Without the restart the label would go back 1.5 s after the second tap.
    expect(shownAfterSecondTapMs).toBeGreaterThanOrEqual(1950);
    expect(shownAfterSecondTapMs).toBeLessThan(3500);
    await expect(dialog.getByRole('button', { name: 'Copiar' })).toBeVisible();
  });

  test('closing resets the form and the PIX but keeps the product (loaded once)', async ({ page }) => {
    let productRequests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/product')) productRequests++;
    });
    let dialog = await openModalFromHero(page);
    await fillBuyer(dialog);
    await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
    await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Focus returns to the button that opened it.
    await expect(page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' })).toBeFocused();

    dialog = await openModalFromHero(page);
    await expect(dialog.getByLabel('Nome completo')).toHaveValue('');
    await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toHaveCount(0);
    await expect(dialog.getByTestId('modal-price')).toHaveText('R$ 19,90');
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();
    await expect(dialog).toBeHidden();
    expect(productRequests).toBe(1);
  });

  test('an expired code says so and "Gerar novo código" makes a new charge', async ({ page, server }) => {
    await page.clock.install();
    await page.reload();
    const dialog = await openModalFromHero(page);
    const { email } = await fillBuyer(dialog);
    await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
    const firstCode = await dialog.getByLabel('PIX copia e cola').inputValue();
    await expect(dialog.getByText(/^Este código expira em (23:59:\d{2}|24:00:00)$/)).toBeVisible();

    // The gateway's day passes for the phone and for the server alike.
    await page.clock.fastForward('24:00:05');
    await withServerDb(server.dataDir, (db) => setBuyerOrderColumns(db, email, { expires_at: Date.now() - 5_000 }));
    await expect(dialog.getByText('Este código expirou.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Gerar novo código' }).click();
    await expect(dialog.getByLabel('PIX copia e cola')).not.toHaveValue(firstCode);
    expect(await dialog.getByLabel('PIX copia e cola').inputValue()).toMatch(/^000201/);
  });

  test("the code's validity is counted right even when the phone's clock is wrong", async ({ page }) => {
    await page.clock.install({ time: Date.now() + 2 * 60 * 60_000 }); // two hours ahead
    await page.reload();
    const dialog = await openModalFromHero(page);
    await fillBuyer(dialog);
    await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
    await expect(dialog.getByText(/^Este código expira em (23:59:\d{2}|24:00:00)$/)).toBeVisible();
  });

  test('a PIX in progress opens again, with the same code, after the page is reloaded', async ({ page }) => {
    // The buyer switches to the bank app and the phone reloads the tab on the way back.
    const dialog = await openModalFromHero(page);
    await fillBuyer(dialog);
    await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
    const code = await dialog.getByLabel('PIX copia e cola').inputValue();
    expect(code).toMatch(/^000201/);
    await page.reload();
    await expect(dialog.getByLabel('PIX copia e cola')).toHaveValue(code, { timeout: 20_000 });
    await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();
  });
});

// One test per answer: each opens a fresh landing page and modal (the modal reads the catalogue
// once), which took up to 20 s each in CI; as one test the five came close to its time limit.
test.describe('a catalogue error appears in the modal with its exact text', () => {
  // The gateway stand-in of this worker never answers with a product here, so the server has no
  // catalogue cached (a failure is not cached) and each test sees its own answer.
  let gateway: Awaited<ReturnType<typeof startGatewayStandIn>>;
  let server: RunningServer;
  test.beforeAll(async () => {
    gateway = await startGatewayStandIn();
    server = await startServer(standInEnv(gateway));
  });
  test.afterAll(async () => {
    await server?.stop();
    await gateway?.stop();
  });

  const productCases: Array<[GatewayAnswer, string]> = [
    [(c) => gatewayReplies.message(c, 500, 'Servidor em manutenção'), 'Erro ao buscar produtos: 500 - Servidor em manutenção'],
    [(c) => gatewayReplies.empty(c, 401), 'Erro ao buscar produtos: 401 - Erro desconhecido'],
    [(c) => gatewayReplies.products(c, [{ hash: 'outro', offers: [] }]), `Produto com hash ${STAND_IN_PRODUCT_HASH} não encontrado`],
    [(c) => c.json({ data: [{ hash: STAND_IN_PRODUCT_HASH, title: 'X', offers: [] }] }), 'Produto não possui ofertas disponíveis'],
    [(c) => c.text('<html>oops</html>', 200), 'Erro ao carregar produto'],
  ];
  for (const [answer, message] of productCases) {
    test(message, async ({ browser }) => {
      gateway.onProducts = answer;
      const { context, dialog } = await openFreshModal(browser, server);
      await expect(dialog.getByRole('alert')).toHaveText(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      // Submitting without a product is refused by the modal itself.
      await fillBuyer(dialog);
      await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
      await expect(dialog.getByText('Erro: informações do produto não disponíveis.')).toBeVisible();
      await context.close();
    });
  }
});

test('every charge error appears in the modal with its exact text; a charge without a PIX code says the QR is not available', async ({
  browser,
}) => {
  const gateway = await startGatewayStandIn();
  const server = await startServer(standInEnv(gateway));
  try {
    const chargeCases: Array<[GatewayAnswer, string]> = [
      [(c) => gatewayReplies.validation(c, { installments: ['installments é obrigatório'] }), 'installments é obrigatório'],
      [(c) => gatewayReplies.empty(c, 503), 'Erro ao processar pagamento: 503'],
      [(c) => c.text('not json', 201), 'Erro ao processar pagamento'],
    ];
    const { context, dialog } = await openFreshModal(browser, server);
    for (const [answer, message] of chargeCases) {
      gateway.onCreate = answer;
      await fillBuyer(dialog);
      await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(message);
    }

    // A charge without any PIX code: the panel says the QR is not available.
    gateway.onCreate = (c) => gatewayReplies.waitingCharge(c, 'tx_noqr', null);
    await fillBuyer(dialog);
    await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
    // Nothing to copy, so even on a phone the panel shows this first, not behind "Pagar com outro aparelho".
    await expect(dialog.getByText('QR Code não disponível')).toBeVisible();
    await expect(dialog.getByText('Pagar com outro aparelho')).toHaveCount(0);
    await context.close();
  } finally {
    await server.stop();
    await gateway.stop();
  }
});

test('with CHECKOUT_URL the buy button sends the whole page to the hosted checkout', async ({ browser }) => {
  const server = await startServer({ CHECKOUT_URL: 'https://pagamento.example.com/checkout/oferta' });
  const context = await presellAnsweredContext(browser, server.url);
  await context.route('https://pagamento.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Checkout externo</h1>' }),
  );
  const page = await context.newPage();
  try {
    await page.goto('/');
    const events: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/events')) events.push(request.postData() ?? '');
    });
    await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).click();
    await expect(page).toHaveURL('https://pagamento.example.com/checkout/oferta');
    await expect(page.getByRole('heading', { name: 'Checkout externo' })).toBeVisible();
    expect(events.some((body) => body.includes('begin_checkout'))).toBe(true);
  } finally {
    await context.close();
    await server.stop();
  }
});

test('no byte of PROVIDER_TOKEN reaches the browser', async ({ browser }) => {
  const token = 'tok_NEVER_IN_BROWSER_8f3a1c';
  const gateway = await startGatewayStandIn();
  gateway.onCreate = (c) => gatewayReplies.waitingCharge(c, 'tx_tok', '00020126360014br.gov.bcb.pix');
  const server = await startServer(standInEnv(gateway, { PROVIDER_TOKEN: token }));
  const context = await presellAnsweredContext(browser, server.url);
  const page = await context.newPage();
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => bodies.push(response.text().catch(() => '')));
  try {
    await page.goto('/presell');
    await page.goto('/');
    const dialog = await openModalFromHero(page);
    await fillBuyer(dialog);
    await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
    await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();
    await page.goto('/nao-existe');
    const all = await Promise.all(bodies);
    expect(all.length).toBeGreaterThan(5);
    for (const body of all) expect(body).not.toContain(token);
    expect(server.logs.join('\n')).not.toContain(token);
  } finally {
    await context.close();
    await server.stop();
    await gateway.stop();
  }
});
