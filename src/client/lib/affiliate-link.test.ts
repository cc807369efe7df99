import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../shared/public-config.ts';

/**
 * A buyer's journeys through an affiliate's link (docs/affiliates.md#links), on a fake browser: a tab's sessionStorage,
 * localStorage's cookie answer and a cookie jar that honours Max-Age. Each visit is a new tab; the jar and the answer stay.
 */
const DAY = 86_400_000;
let now = 0;
let jar = new Map<string, { value: string; expires: number }>();
let answer: string | null = null;

function cookieString(): string {
  return [...jar]
    .filter(([, cookie]) => cookie.expires > now)
    .map(([name, cookie]) => `${name}=${cookie.value}`)
    .join('; ');
}

function setCookie(text: string): void {
  const [pair, ...attributes] = text.split(';').map((part) => part.trim());
  const [name, value] = pair!.split('=') as [string, string];
  const maxAge = Number(attributes.find((part) => part.startsWith('Max-Age='))?.slice(8) ?? Infinity);
  jar.set(name, { value, expires: now + maxAge * 1000 });
}

async function visit(search: string, affiliateCookie = { days: 30, click: 'last' }) {
  vi.resetModules();
  const session = new Map<string, string>();
  const storage = (map: Map<string, string>) => ({
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => map.set(key, value),
  });
  vi.stubGlobal('window', {
    location: { search, protocol: 'https:' },
    sessionStorage: storage(session),
    localStorage: { getItem: () => answer, setItem: () => undefined },
    dispatchEvent: () => true,
  });
  vi.stubGlobal('document', {
    get cookie() {
      return cookieString();
    },
    set cookie(text: string) {
      setCookie(text);
    },
    getElementById: (id: string) => (id === PUBLIC_CONFIG_ELEMENT_ID ? { textContent: JSON.stringify({ affiliateCookie }) } : null),
  });
  const link = await import('./affiliate-link.ts');
  const { syncAffiliateCookie } = await import('./affiliate-cookie.ts');
  link.captureAffiliateCode();
  syncAffiliateCookie();
  return { checkout: () => link.readAffiliateCode(), answer: (choice: 'granted' | 'denied') => ((answer = choice), syncAffiliateCookie()) };
}

beforeEach(() => {
  vi.stubEnv('SSR', false);
  now = Date.UTC(2026, 10, 29, 12);
  jar = new Map();
  answer = null;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("an affiliate's link", () => {
  it('attributes a buyer who refuses cookies and pays in the same visit, and nothing is stored on the device', async () => {
    const page = await visit('?utm_source=ig&af=AB12cd34');
    page.answer('denied');
    expect(page.checkout()).toBe('ab12cd34');
    expect(cookieString()).toBe('');
    now += 2 * DAY;
    expect((await visit('')).checkout()).toBeNull();
  });

  it('is kept by the cookie for the seller\'s window after "Aceitar", and attributes a purchase days later', async () => {
    (await visit('?af=ab12cd34')).answer('granted');
    expect(cookieString()).toBe('vitrine_af=ab12cd34');
    now += 2 * DAY;
    expect((await visit('')).checkout()).toBe('ab12cd34');
    now += 29 * DAY;
    expect((await visit('')).checkout()).toBeNull();
  });

  it('"Recusar" after "Aceitar" deletes the cookie', async () => {
    (await visit('?af=ab12cd34')).answer('granted');
    (await visit('')).answer('denied');
    expect(cookieString()).toBe('');
  });

  it('gives a later link the sale with last click, and the first link with first click', async () => {
    answer = 'granted';
    await visit('?af=first111');
    expect((await visit('?af=second22')).checkout()).toBe('second22');
    expect((await visit('')).checkout()).toBe('second22');

    jar = new Map();
    const first = { days: 30, click: 'first' };
    await visit('?af=first111', first);
    expect((await visit('?af=second22', first)).checkout()).toBe('first111');
    expect(cookieString()).toBe('vitrine_af=first111');
  });

  it('keeps no cookie when the seller set the window to 0 days', async () => {
    answer = 'granted';
    expect((await visit('?af=ab12cd34', { days: 0, click: 'last' })).checkout()).toBe('ab12cd34');
    expect(cookieString()).toBe('');
  });
});
