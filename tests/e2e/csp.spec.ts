import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectIslandLive, paySandboxPage, test } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The Content-Security-Policy in real Chromium: every page of a purchase, the sandbox, the member
 * page, the legal pages, the 404 and the console run without a single violation, with trackers off
 * and with all three on (their hosts answered by stand-ins that also send their data like the real
 * loaders do).
 */
const PASSWORD = 'senha-do-painel-csp';

type Violation = { directive: string; blocked: string; url: string };

async function recordViolations(context: BrowserContext): Promise<Violation[]> {
  const violations: Violation[] = [];
  await context.exposeBinding('reportCspViolation', ({ page }, event: { directive: string; blocked: string }) => {
    violations.push({ ...event, url: page.url() });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (v: unknown) => void }).reportCspViolation({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
      });
    });
  });
  return violations;
}

/** Stand-ins for the trackers' hosts: each loader script also does what the real one does next. */
async function standInTrackers(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  const scripts: Array<[RegExp, string]> = [
    [
      /googletagmanager\.com\/gtag\/js/,
      `new Image().src = 'https://region1.google-analytics.com/g/collect?v=2';
       fetch('https://region1.analytics.google.com/g/collect?v=2', { method: 'POST', mode: 'no-cors', keepalive: true });`,
    ],
    [
      /connect\.facebook\.net\/en_US\/fbevents\.js/,
      `var s = document.createElement('script'); s.src = 'https://connect.facebook.net/signals/config/1234567890?v=2.9'; document.head.append(s);
       new Image().src = 'https://www.facebook.com/tr/?id=1234567890&ev=PageView';`,
    ],
    [
      /www\.clarity\.ms\/tag\//,
      `var s = document.createElement('script'); s.src = 'https://scripts.clarity.ms/0.8.0/clarity.js'; document.head.append(s);
       fetch('https://k.clarity.ms/collect', { method: 'POST', body: 'x', mode: 'no-cors' });
       new Image().src = 'https://c.bing.com/c.gif?uid=x';`,
    ],
  ];
  await context.route(
    /googletagmanager\.com|google-analytics\.com|analytics\.google\.com|facebook\.net|facebook\.com|clarity\.ms|c\.bing\.com/,
    async (route) => {
      const url = route.request().url();
      requests.push(url);
      const script = scripts.find(([pattern]) => pattern.test(url));
      if (script) await route.fulfill({ contentType: 'text/javascript', body: script[1] });
      else if (/\.js(\?|$)/.test(url)) await route.fulfill({ contentType: 'text/javascript', body: '/* stand-in */' });
      else await route.fulfill({ status: 204, body: '' });
    },
  );
  return requests;
}

/** Pre-sell → landing → PIX → sandbox "Simular pagamento" → paid panel → member page, then the other pages. */
async function visitEverything(context: BrowserContext, server: RunningServer) {
  const page = await context.newPage();
  const visit = async (target: Page, path: string) => {
    const response = await target.goto(path);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy, path).toContain("object-src 'none'");
    expect(
      policy.split(';').find((directive) => directive.trim().startsWith('script-src')),
      path,
    ).not.toMatch(/unsafe-inline|unsafe-eval/);
    await target.waitForLoadState('networkidle');
  };
  await visit(page, '/presell');
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Not a quiet network: the tap's event goes out with `keepalive` as the page leaves, and Chromium
  // may never report the end of a request that outlived its page, so the wait never ended.
  await expectIslandLive(page, 'buy-button');
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await dialog.getByLabel('Nome completo').fill('Clara Souza');
  await dialog.getByLabel('E-mail').fill(`clara-${Date.now()}@example.com`);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('21987654321');
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  const payHref = await dialog.getByRole('link', { name: 'Simular o pagamento deste PIX' }).getAttribute('href');
  const pay = await context.newPage();
  await visit(pay, payHref!);
  await paySandboxPage(pay);
  await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('link', { name: 'Acessar minha lista agora' }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Clara!' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  for (const path of ['/acesso', '/termos', '/privacidade', '/nao-existe', '/']) await visit(page, path);
  await visit(page, '/painel');
  await page.getByLabel('Senha do painel').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('navigation', { name: 'Seções do painel' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(server.url).toBeTruthy();
}

test('no page breaks the Content-Security-Policy, trackers off', async ({ browser }) => {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const violations = await recordViolations(context);
    await visitEverything(context, server);
    expect(violations).toEqual([]);
  } finally {
    await context.close();
    await server.stop();
  }
});

test('no page breaks the Content-Security-Policy with GA4, Meta and Clarity on and accepted', async ({ browser }) => {
  const server = await startServer({
    ADMIN_PASSWORD: PASSWORD,
    GA_ID: 'G-CSPTEST123',
    META_PIXEL_ID: '1234567890',
    CLARITY_ID: 'clarity123',
  });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    await context.addInitScript(() => localStorage.setItem('vitrine_consent', 'granted'));
    const violations = await recordViolations(context);
    const requests = await standInTrackers(context);
    await visitEverything(context, server);
    expect(violations).toEqual([]);
    // The trackers really loaded and sent (through the stand-ins), so the policy was put to the test.
    for (const host of [
      'www.googletagmanager.com',
      'google-analytics.com',
      'analytics.google.com',
      'connect.facebook.net/en_US',
      'connect.facebook.net/signals',
      'www.facebook.com/tr',
      'www.clarity.ms/tag',
      'scripts.clarity.ms',
      'k.clarity.ms',
      'c.bing.com',
    ]) {
      expect(
        requests.some((url) => url.includes(host)),
        host,
      ).toBe(true);
    }
  } finally {
    await context.close();
    await server.stop();
  }
});
