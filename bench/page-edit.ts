import { offerDefaults } from '../src/content/offer.ts';
import type { AdminPageState, Offer, PagePublishReply } from '../src/shared/offer.ts';
import { signInToConsole } from '../tests/support/clients.ts';

/**
 * The seller's edit the Lighthouse section publishes before measuring `/` again (docs/benchmarks.md, "After an
 * edit"): the three fields, through the console's API as the editor sends them (page-editor.spec.ts,
 * tests/integration/offer/page-editor.test.ts). The headline is longer than the build's, the FAQ's first answer is the
 * one thing the data block cannot avoid, and the price travels in it too.
 */
export const BENCH_CONSOLE_PASSWORD = 'senha-do-painel-do-bench';
export const EDITED_HEADLINE = 'Assine Netflix, Disney+, Spotify, Prime Video, Max e +30 apps por R$ 1,00 por mês';
const EDITED_ANSWER = 'O link chega no seu e-mail em poucos minutos depois do PIX, com {garantia} dias de garantia.';
const EDITED_PRICE_CENTS = 2490;
/** Every instance serves a publish within 5 s (docs/editing.md#several-instances); this one server, at once. */
const SERVED_WITHIN_MS = 10_000;

/** The edit's copy without its price: also an A/B test's variant (bench/variants.ts), where the price never changes. */
export function headlineOffer(live: Offer): Offer {
  const offer = structuredClone(live);
  offer.hero.headline = EDITED_HEADLINE;
  offer.faq.items[0]!.answer = EDITED_ANSWER;
  return offer;
}

function editedOffer(live: Offer): Offer {
  const offer = headlineOffer(live);
  offer.product.priceCents = EDITED_PRICE_CENTS;
  return offer;
}

export async function consoleRequest<Reply>(url: string, cookie: string, path: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${url}/api/admin${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Cookie: cookie, Origin: url, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`console ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Reply;
}

/** Polls `/` until `served(html)`; the milliseconds it took. */
async function landingServes(url: string, served: (html: string) => boolean): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < SERVED_WITHIN_MS) {
    if (served(await (await fetch(`${url}/`)).text())) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/ did not serve the published version within ${SERVED_WITHIN_MS} ms`);
}

/** The headline as `/` prints it: its highlight in an element of its own. */
const printsEditedHeadline = (html: string) => html.includes(EDITED_HEADLINE.split(offerDefaults.hero.highlight)[0]!.trim());

export interface PublishedEdit {
  number: number;
  /** `/`'s brotli bytes as the publish measured them (the budget's check). */
  landingBytes: number;
  /** From the publish's reply to `/` serving it. */
  servedAfterMs: number;
  /** "Restaurar" on the build's content, so what runs after measures the page it always did. */
  restore(): Promise<void>;
}

/**
 * The layout the bench measures `/` after (docs/editing.md#layout): the catalogue, the tallest section and an island,
 * moved right after the hero in place of "Como funciona" (whose first-screen styles then wait like the others'),
 * Vantagens and Recarga de celular swapped, the FAQ accordion hidden.
 */
export function reorderedOffer(live: Offer): Offer {
  const offer = structuredClone(live);
  const order = offer.layout.sections.order.filter((id) => id !== 'catalogue');
  const benefits = order.indexOf('benefits');
  const topUp = order.indexOf('topUp');
  [order[benefits], order[topUp]] = [order[topUp]!, order[benefits]!];
  offer.layout.sections = { order: ['catalogue', ...order], hidden: ['faq'] };
  return offer;
}

const FAQ_ISLAND = 'data-island="faq-accordion"';

/** Signs in, saves the draft, publishes it and waits for `/` to serve it. */
async function publishBenchVersion(
  url: string,
  password: string,
  change: (live: Offer) => Offer,
  served: (html: string) => boolean,
): Promise<PublishedEdit> {
  const cookie = await signInToConsole(url, password);
  const state = await consoleRequest<AdminPageState>(url, cookie, '/page');
  const baseNumber = state.live.number;
  await consoleRequest(url, cookie, '/page/draft', { baseNumber, offer: change(state.live.offer) });
  const published = await consoleRequest<PagePublishReply>(url, cookie, '/page/publish', { baseNumber });
  const servedAfterMs = await landingServes(url, served);
  return {
    ...published,
    servedAfterMs,
    async restore() {
      await consoleRequest(url, cookie, `/page/versions/${baseNumber}/restore`, { baseNumber: published.number });
      await landingServes(url, (html) => !served(html));
    },
  };
}

export const publishBenchEdit = (url: string, password: string) => publishBenchVersion(url, password, editedOffer, printsEditedHeadline);

/** The reordered layout published: served once `/` has no FAQ accordion. */
export const publishBenchReorder = (url: string, password: string) =>
  publishBenchVersion(url, password, reorderedOffer, (html) => !html.includes(FAQ_ISLAND));
