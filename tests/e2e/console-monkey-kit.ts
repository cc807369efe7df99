import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import fc from 'fast-check';
import { admin as adminCopy } from '../../src/content/admin.ts';
import { affiliatesConsole } from '../../src/content/affiliates.ts';
import { consoleUsers } from '../../src/content/console-users.ts';
import { experimentsConsole } from '../../src/content/experiments.ts';
import { pageEditor } from '../../src/content/offer.ts';
import { parseReais } from '../../src/shared/money.ts';
import { newCheckoutKey, postOrder, uniqueBuyer } from '../support/clients.ts';

/**
 * The console's seeded monkey: for each console area, random sequences of what a seller's hands do — type
 * key by key, erase, select all and retype, paste text of every class (empty, huge, Unicode, bidi, HTML, numbers in
 * Brazilian formats, a spreadsheet's cells), pick options, go to another area and back, reload, open a second tab,
 * publish — and after each action: no uncaught page error, the page is not blank, no 5xx from the server, and every
 * value typed is still where the seller sees it. The actions are drawn by fast-check from one seed, so a run replays
 * from its seed (FUZZ_SEED, tests/fuzz/fuzz-kit.ts). Used by tests/e2e/console-monkey.spec.ts (a bounded run in
 * `npm test`) and bench/monkey.ts (`npm run bench -- monkey`, 500 sequences per area).
 */

interface ConsoleArea {
  /** The tab's name in "Seções do painel". */
  name: string;
  /**
   * The area keeps typed work through a reload, a trip to another area and a second tab (the page editor's local
   * copy and server draft, docs/editing.md): a value typed there is checked until the seller changes it. Elsewhere a
   * typed value is checked while its field is on screen; leaving or reloading the area starts its forms afresh.
   */
  keepsWork?: true;
  /** The area has a publish (the page editor's "Salvar rascunho e ver prévia" then "Publicar alterações"). */
  publishes?: true;
  /** Buttons that open an item of the area's list (its detail has forms of its own), by name. */
  opens?: RegExp;
}

/** Every tab of the console (client/admin/admin-console.tsx), as the owner sees them. */
export const CONSOLE_AREAS: ConsoleArea[] = [
  { name: adminCopy.nav.overview },
  { name: adminCopy.nav.orders, opens: /^Ver pedido de / },
  { name: adminCopy.nav.disputes },
  { name: affiliatesConsole.tab },
  { name: adminCopy.nav.page, keepsWork: true, publishes: true },
  { name: experimentsConsole.tab },
  { name: adminCopy.nav.reviews },
  { name: adminCopy.nav.suppliers },
  { name: adminCopy.nav.health },
  { name: adminCopy.nav.privacy },
  { name: consoleUsers.section.tab },
  { name: adminCopy.nav.notifications },
];

// --- what is typed and pasted ------------------------------------------------------------------------

const digits = (count: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: count, maxLength: count });

/** An amount of reais as Brazilians write it, and the ways it goes wrong on the way (`29,`, `,90`, `R$`). */
const brazilianNumber: fc.Arbitrary<string> = fc
  .tuple(
    fc.integer({ min: 0, max: 99_999_999 }),
    fc.integer({ min: 0, max: 17 }),
    fc.tuple(digits(11), digits(14), digits(11), digits(8), fc.integer({ min: 1, max: 31 }), fc.integer({ min: 1, max: 12 })),
  )
  .map(([cents, format, [cpf, cnpj, phone, cep, day, month]]) => {
    const whole = Math.floor(cents / 100);
    const grouped = whole.toLocaleString('pt-BR');
    const cc = String(cents % 100).padStart(2, '0');
    const pad = (n: number) => String(n).padStart(2, '0');
    switch (format) {
      case 0:
        return `${grouped},${cc}`;
      case 1:
        return `R$ ${grouped},${cc}`;
      case 2:
        return `R$${whole},${cc}`;
      case 3:
        return `R$\u00a0${grouped},${cc}`; // Intl.NumberFormat's own, with a no-break space
      case 4:
        return `${whole}.${cc}`;
      case 5:
        return String(whole);
      case 6:
        return `${grouped}`;
      case 7:
        return `-R$ ${grouped},${cc}`;
      case 8:
        return `${whole},${cc.slice(0, 1)}`;
      case 9:
        return `${whole},`;
      case 10:
        return `,${cc}`;
      case 11:
        return `${whole.toLocaleString('pt-BR').replace(/\./g, ' ')},${cc}`;
      case 12:
        return `${(cents / 100).toExponential(2)}`;
      case 13:
        return `${whole},${cc}%`;
      case 14:
        return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
      case 15:
        return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
      case 16:
        return `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`;
      default:
        return `${cep.slice(0, 5)}-${cep.slice(5)} ${pad(day)}/${pad(month)}/2026`;
    }
  });

const portugueseWords = fc
  .array(
    fc.constantFrom(
      'Acesso',
      'vitalício',
      'à',
      'lista',
      'ação',
      'pão',
      'de',
      'açúcar',
      'Olá',
      'você',
      'garantia',
      'fornecedor',
      'R$',
      'PIX',
      '—',
      '“aspas”',
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((words) => words.join(' '));

/** Directional controls, zero-width characters and right-to-left scripts, as a copy from a chat or a PDF brings them. */
const bidiText = fc
  .array(
    fc.constantFrom(
      '\u202e',
      '\u202d',
      '\u202a',
      '\u202b',
      '\u202c',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u061c',
      '\u200b',
      '\u200c',
      '\u200d',
      '\ufeff',
      '\u2060',
      'שלום',
      'مرحبا',
      'abc',
      '19,90',
      ' ',
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(''));

const htmlText = fc.constantFrom(
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '<b>negrito</b>',
  '&amp; &lt; &#x27; &nbsp;',
  '</textarea><h1>x</h1>',
  "' OR 1=1 --",
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '{garantia}',
  '{preco} {desconhecido}',
  '<svg onload=alert(1)>',
  'javascript:alert(1)',
);

const unicodeText = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 });

/**
 * Longer than any field takes: the browser's maxlength or the schema's words stop it, never a blank page. Cut between
 * characters, never inside one: half of a surrogate pair is text no clipboard or keyboard can give (the browser pastes
 * U+FFFD for it), and four findings of a 500-sequence sitting were that cut, not the console.
 */
const hugeText = fc
  .tuple(fc.integer({ min: 2_000, max: 20_000 }), fc.oneof(portugueseWords, unicodeText, brazilianNumber))
  .map(([length, unit]) => {
    const text = `${unit} `.repeat(Math.ceil(length / (unit.length + 1))).slice(0, length);
    return /[\uD800-\uDBFF]$/.test(text) ? text.slice(0, -1) : text;
  });

/** Cells copied from a spreadsheet: tab between cells, CR LF after each row. */
const spreadsheetCells = fc
  .array(fc.array(fc.oneof(portugueseWords, brazilianNumber), { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 4 })
  .map((rows) => `${rows.map((cells) => cells.join('\t')).join('\r\n')}\r\n`);

/** Typed key by key: short, and without Tab or Enter (keys that move the focus or send a form, not text). */
const typedText = fc
  .oneof(portugueseWords, unicodeText, bidiText, htmlText, brazilianNumber)
  .map((text) => [...text.replace(/[\t\r\n]/g, ' ')].slice(0, 40).join(''));

const pastedText = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: hugeText },
  { weight: 2, arbitrary: unicodeText },
  { weight: 2, arbitrary: bidiText },
  { weight: 2, arbitrary: htmlText },
  { weight: 3, arbitrary: brazilianNumber },
  { weight: 2, arbitrary: spreadsheetCells },
  { weight: 1, arbitrary: portugueseWords },
);

// --- the actions -------------------------------------------------------------------------------------

type MonkeyAction =
  | { kind: 'type'; target: number; text: string }
  | { kind: 'erase'; target: number; count: number }
  | { kind: 'retype'; target: number; text: string }
  | { kind: 'paste'; target: number; text: string }
  | { kind: 'pick'; target: number; option: number }
  | { kind: 'open'; target: number }
  | { kind: 'navigate'; to: number }
  | { kind: 'reload' }
  | { kind: 'second-tab' }
  | { kind: 'publish' };

/** How many actions a sequence has. */
interface Steps {
  min: number;
  max: number;
}

interface MonkeySequence {
  /** Where the sequence starts: an option of the area's first select (the page editor's "Seção"). */
  start: number;
  actions: MonkeyAction[];
}

function actionOf(area: ConsoleArea): fc.Arbitrary<MonkeyAction> {
  const target = fc.nat({ max: 999 });
  const choices: fc.WeightedArbitrary<MonkeyAction>[] = [
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('type' as const), target, text: typedText }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('erase' as const), target, count: fc.integer({ min: 1, max: 8 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('retype' as const), target, text: typedText }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('paste' as const), target, text: pastedText }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('pick' as const), target, option: fc.nat({ max: 99 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('navigate' as const), to: fc.nat({ max: CONSOLE_AREAS.length - 2 }) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'second-tab' as const }) },
  ];
  if (area.publishes) choices.push({ weight: 1, arbitrary: fc.constant({ kind: 'publish' as const }) });
  if (area.opens) choices.push({ weight: 2, arbitrary: fc.record({ kind: fc.constant('open' as const), target }) });
  return fc.oneof(...choices);
}

/** The area's sequences for `seed`: the same seed draws the same actions. */
function drawSequences(area: ConsoleArea, seed: number, count: number, steps: Steps): MonkeySequence[] {
  const sequence = fc.record({
    start: fc.nat({ max: 99 }),
    actions: fc.array(actionOf(area), { minLength: steps.min, maxLength: steps.max }),
  });
  return fc.sample(sequence, { seed, numRuns: count });
}

/** An action as one line of a finding: text cut short, its length given. */
function describeAction(action: MonkeyAction): string {
  if (!('text' in action)) return JSON.stringify(action);
  const text =
    action.text.length > 60 ? `${JSON.stringify(action.text.slice(0, 60))}…(${action.text.length} chars)` : JSON.stringify(action.text);
  return `${action.kind} #${action.target} ${text}`;
}

// --- the console -------------------------------------------------------------------------------------

const NAV = adminCopy.nav.label;

/** Signs the owner in once; every area's context starts from the returned state (no sign-in per area). */
export async function signedInState(browser: Browser, url: string, password: string) {
  const context = await browser.newContext({ baseURL: url, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto('/painel');
  await page.getByLabel('Senha do painel').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('navigation', { name: NAV }).waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Orders for Pedidos to list and open: a PIX waiting and a paid one (its refund panel), made over HTTP. */
export async function seedOrders(url: string): Promise<void> {
  for (const paid of [false, true]) {
    const created = await postOrder<{ sandboxPayUrl?: string }>(url, { ...uniqueBuyer('Maria Souza'), checkoutKey: newCheckoutKey() });
    if (created.status !== 201) throw new Error(`the order was refused: ${created.status} ${JSON.stringify(created.body)}`);
    if (paid && created.body.sandboxPayUrl) {
      const answer = await fetch(new URL(created.body.sandboxPayUrl, url), { method: 'POST', redirect: 'manual' });
      if (answer.status >= 400) throw new Error(`the sandbox did not take the payment: ${answer.status}`);
    }
  }
}

/** An affiliate for Afiliados to list, with its own rates form, registered over HTTP by the signed-in owner. */
export async function seedAffiliate(url: string, state: { cookies: Array<{ name: string; value: string }> }): Promise<void> {
  const cookie = state.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  const reply = await fetch(`${url}/api/admin/affiliates`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url, Cookie: cookie },
    body: JSON.stringify({
      name: 'Joana Indica',
      email: 'joana.indica@example.com',
      document: '529.982.247-25',
      pixKey: 'joana.indica@example.com',
      promotes: 'Instagram @joanaindica',
    }),
  });
  if (reply.status >= 300) throw new Error(`the affiliate was refused: ${reply.status} ${await reply.text()}`);
}

/** A field of the area as the page sees it, found again by its key (its groups and its label). */
interface Field {
  index: number;
  key: string;
  /** The outermost named group it sits in (the page editor's section form, named as its "Seção" option). */
  group: string;
  kind: 'text' | 'select' | 'check';
  value: string;
  maxLength: number;
  multiline: boolean;
  decimal: boolean;
  options: number;
  /** A select's chosen option. */
  selected: number;
}

const FIELDS = 'main input, main textarea, main select';

/** Every field a seller can reach on screen now, in document order. */
function readFields(page: Page): Promise<Field[]> {
  return page.evaluate((selector) => {
    const textTypes = new Set(['text', 'search', 'email', 'url', 'tel', 'password', '']);
    const seen = new Map<string, number>();
    const textOf = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    return [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(selector)].flatMap(
      (element, index) => {
        if (element.disabled || !element.checkVisibility() || element.getClientRects().length === 0) return [];
        const input = element instanceof HTMLInputElement ? element : null;
        if (input?.readOnly || (element instanceof HTMLTextAreaElement && element.readOnly)) return [];
        const type = input?.type ?? '';
        const kind =
          element instanceof HTMLSelectElement
            ? 'select'
            : type === 'checkbox' || type === 'radio'
              ? 'check'
              : input && !textTypes.has(type)
                ? null
                : 'text';
        if (!kind) return [];
        const groups: string[] = [];
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const name =
            parent instanceof HTMLFieldSetElement
              ? textOf(parent.querySelector('legend'))
              : parent.getAttribute('role') === 'group'
                ? (parent.getAttribute('aria-label') ?? textOf(document.getElementById(parent.getAttribute('aria-labelledby') ?? '')))
                : '';
          if (name) groups.unshift(name);
        }
        const label =
          textOf(element.labels?.[0]) || element.getAttribute('aria-label') || element.getAttribute('placeholder') || element.name;
        const base = `${groups.join(' › ')} › ${label}`;
        const nth = seen.get(base) ?? 0;
        seen.set(base, nth + 1);
        return [
          {
            index,
            key: nth ? `${base} (${nth + 1})` : base,
            group: groups[0] ?? '',
            kind,
            value: input && kind === 'check' ? String(input.checked) : element.value,
            maxLength: input || element instanceof HTMLTextAreaElement ? (element as HTMLInputElement).maxLength : -1,
            multiline: element instanceof HTMLTextAreaElement,
            decimal: element.getAttribute('inputmode') === 'decimal',
            options: element instanceof HTMLSelectElement ? element.options.length : 0,
            selected: element instanceof HTMLSelectElement ? element.selectedIndex : -1,
          } satisfies Field,
        ];
      },
    );
  }, FIELDS);
}

/**
 * What the seller reads in a box, for comparing what was typed with what is shown: white space, control and
 * default-ignorable characters (zero-width, directional) aside — a form may turn a pasted tab into a space or drop an
 * invisible character with its note (docs/editing.md), and the browser drops a line break from a one-line box.
 */
function visibleText(text: string): string {
  return text.normalize('NFC').replace(/[\s\p{Cc}\p{Default_Ignorable_Code_Point}]/gu, '');
}

/** Two texts of a box the seller would call the same: the same visible characters, or the same amount in a price box. */
function sameForSeller(shown: string, expected: string, decimal: boolean): boolean {
  if (visibleText(shown) === visibleText(expected)) return true;
  if (!decimal) return false;
  const [a, b] = [parseReais(shown), parseReais(expected)];
  return a !== null && a === b;
}

export interface MonkeyFinding {
  area: string;
  sequence: number;
  step: number;
  action: string;
  problem: string;
}

export interface MonkeyReport {
  area: string;
  sequences: number;
  actions: number;
  /** Actions with nothing to act on (no field on screen, a field that moved before the keys came). */
  idle: number;
  findings: MonkeyFinding[];
  ms: number;
}

/** An action with nothing to act on. */
const IDLE = Symbol('idle');

interface Typed {
  value: string;
  group: string;
  decimal: boolean;
}

/** A page's faults as they happen: uncaught errors and 5xx answers, read and emptied by `take()`. */
function watch(page: Page) {
  let faults: string[] = [];
  page.on('pageerror', (error) => faults.push(`uncaught page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500)
      faults.push(`HTTP ${response.status()} from ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  // Leaving a page with unsaved typing asks first (beforeunload); the seller says yes.
  page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
  let inFlight = 0;
  page.on('request', () => (inFlight += 1));
  page.on('requestfinished', () => (inFlight -= 1));
  page.on('requestfailed', () => (inFlight -= 1));
  return {
    take() {
      const taken = faults;
      faults = [];
      return taken;
    },
    /** Until no request has been open for 100 ms (at most `capMs`): the answers to the last keys have come. */
    async settle(capMs = 3_000) {
      const until = Date.now() + capMs;
      let quietSince = Date.now();
      while (Date.now() < until) {
        if (inFlight > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= 100) return;
        await page.waitForTimeout(25);
      }
    },
  };
}

/** The console's navigation, and its main part, are on screen (not blank, not signed out). */
async function consoleShown(page: Page): Promise<string | null> {
  const shown = await page.evaluate((nav) => {
    const body = document.body?.innerText.trim() ?? '';
    const main = document.querySelector('main')?.innerText.trim() ?? '';
    const navigation = document.querySelector(`nav[aria-label="${nav}"]`);
    return { body: body.length, main: main.length, navigation: Boolean(navigation) };
  }, NAV);
  if (shown.body === 0) return 'blank page: the body has no text';
  if (!shown.navigation) return 'the console is gone: no "Seções do painel" (signed out or blank)';
  if (shown.main === 0) return "blank area: the console's main part has no text";
  return null;
}

async function waitForConsole(page: Page) {
  await page
    .getByRole('navigation', { name: NAV })
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await page
    .locator('main')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
}

async function goToArea(page: Page, area: string) {
  const link = page.getByRole('navigation', { name: NAV }).getByRole('link', { name: area, exact: true });
  await link.click({ timeout: 5_000 });
  await page
    .locator('main')
    .getByText(/\S/)
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
}

/** Focuses a field as a finger does (a tap), or by focus() when something covers it; the caret at the end. */
async function focusAtEnd(field: Locator, multiline: boolean) {
  await field.click({ timeout: 2_000 }).catch(() => field.focus());
  await field.press(multiline ? 'ControlOrMeta+End' : 'End');
}

/** Ctrl+V of `text` from the system clipboard (the context grants the clipboard permissions). */
async function paste(page: Page, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('ControlOrMeta+V');
}

/**
 * Runs the area's sequences in `context` (signed in as the owner) and reports what they found. Sequences follow one
 * another on the same page, as a seller's minutes do; after a finding the page is loaded again and the next starts.
 */
export async function runArea(
  context: BrowserContext,
  area: ConsoleArea,
  options: { seed: number; sequences: number; steps: Steps; log?: (line: string) => void },
): Promise<MonkeyReport> {
  const started = Date.now();
  const report: MonkeyReport = { area: area.name, sequences: 0, actions: 0, idle: 0, findings: [], ms: 0 };
  const others = CONSOLE_AREAS.filter((each) => each.name !== area.name);
  // Under tsx (the bench), esbuild wraps the named functions of the page scripts below in calls to its `__name`
  // helper: the page needs one too (bench/tap-to-pix.ts does the same).
  await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
  const page = await context.newPage();
  const watcher = watch(page);
  await page.goto('/painel');
  await waitForConsole(page);
  await goToArea(page, area.name);
  /** What the seller typed, by field: it must stay where they see it. */
  const typed = new Map<string, Typed>();

  const check = async (sequence: number, step: number, action: string) => {
    const problems = watcher.take();
    const shown = await consoleShown(page).catch(async () => {
      // A navigation the last action started (a reload's, a sign-in's) replaced the document under the read: once more.
      await page.waitForLoadState('domcontentloaded').catch(() => undefined);
      return consoleShown(page).catch((error: Error) => `the page does not answer: ${error.message.split('\n')[0]}`);
    });
    if (shown) problems.push(shown);
    else {
      const now = await readFields(page).catch(() => []);
      for (const field of now) {
        const kept = typed.get(field.key);
        if (kept && field.kind === 'text' && !sameForSeller(field.value, kept.value, kept.decimal))
          problems.push(
            `lost typing in "${field.key}": shows ${JSON.stringify(field.value.slice(0, 80))}, typed ${JSON.stringify(kept.value.slice(0, 80))}`,
          );
      }
    }
    for (const problem of problems) {
      report.findings.push({ area: area.name, sequence, step, action, problem });
      options.log?.(`  finding in ${area.name}, sequence ${sequence}, step ${step} (${action}): ${problem}`);
    }
    return problems.length === 0;
  };

  /** The forms of an area that keeps no work start afresh after a reload or a trip away. */
  const forgetUnlessKept = () => {
    if (!area.keepsWork) typed.clear();
  };

  const fieldOf = async (kind: Field['kind'], target: number) => {
    const fields = (await readFields(page)).filter((field) => field.kind === kind);
    return fields.length ? fields[target % fields.length]! : null;
  };

  /** The box's text after the keys: what the seller sees, recorded; the keys typed must be in it. */
  const typedInto = async (field: Field, text: string, before: string): Promise<string | null> => {
    const after = (await readFields(page)).find((each) => each.key === field.key);
    if (!after) return null; // the field went away with the keys (a form that closed): nothing to keep
    typed.set(field.key, { value: after.value, group: field.group, decimal: field.decimal });
    const whole = visibleText(before + text);
    const shown = visibleText(after.value);
    const cut = field.maxLength >= 0 && (before + text).length > field.maxLength;
    if (
      cut
        ? // maxlength counts UTF-16 units, so the cut may split a grapheme ("Ḉ" kept as "Ç"): a prefix of what was typed, unit by unit.
          whole.startsWith(shown) || (before + text).startsWith(after.value) || sameForSeller(after.value, before + text, field.decimal)
        : shown.includes(visibleText(text)) || sameForSeller(after.value, before + text, field.decimal)
    )
      return null;
    return `typed text missing from "${field.key}": shows ${JSON.stringify(after.value.slice(0, 80))} after ${JSON.stringify(text.slice(0, 80))}`;
  };

  const act = async (action: MonkeyAction): Promise<string | typeof IDLE | null> => {
    switch (action.kind) {
      case 'type':
      case 'retype':
      case 'paste':
      case 'erase': {
        const field = await fieldOf('text', action.target);
        if (!field) return IDLE;
        const box = page.locator(FIELDS).nth(field.index);
        await focusAtEnd(box, field.multiline);
        let before = field.value;
        if (action.kind === 'erase') {
          for (let n = 0; n < action.count; n++) await page.keyboard.press('Backspace');
          const after = (await readFields(page)).find((each) => each.key === field.key);
          if (after) typed.set(field.key, { value: after.value, group: field.group, decimal: field.decimal });
          return null;
        }
        if (action.kind === 'retype') {
          await page.keyboard.press('ControlOrMeta+A');
          before = '';
        }
        if (action.kind === 'paste' && action.text === '') {
          // Pasting nothing over the selection: the box emptied.
          await page.keyboard.press('ControlOrMeta+A');
          await page.keyboard.press('Backspace');
          before = '';
        } else if (action.kind === 'paste') await paste(page, action.text);
        else await page.keyboard.type(action.text);
        return typedInto(field, action.text, before);
      }
      case 'pick': {
        const fields = (await readFields(page)).filter((field) => field.kind !== 'text');
        if (!fields.length) return IDLE;
        const field = fields[action.target % fields.length]!;
        const box = page.locator(FIELDS).nth(field.index);
        if (field.kind === 'select') {
          // Choosing the option already chosen changes nothing in a browser (no change event), unlike selectOption.
          if (field.options < 2) return IDLE;
          const drawn = action.option % field.options;
          await box.selectOption({ index: drawn === field.selected ? (drawn + 1) % field.options : drawn }, { timeout: 3_000 });
        } else await box.click({ timeout: 3_000 }).catch(() => box.dispatchEvent('click'));
        return null;
      }
      case 'open': {
        const buttons = page.locator('main').getByRole('button', { name: area.opens });
        const count = await buttons.count();
        if (!count) return IDLE;
        await buttons.nth(action.target % count).click({ timeout: 3_000 });
        // Another item's forms: the same boxes, empty for it.
        forgetUnlessKept();
        return null;
      }
      case 'navigate': {
        await goToArea(page, others[action.to % others.length]!.name);
        await watcher.settle();
        const away = await consoleShown(page);
        await goToArea(page, area.name);
        forgetUnlessKept();
        return away ? `${away} (in ${others[action.to % others.length]!.name})` : null;
      }
      case 'reload': {
        await page.reload();
        await waitForConsole(page);
        forgetUnlessKept();
        return null;
      }
      case 'second-tab': {
        const second = await context.newPage();
        const secondWatcher = watch(second);
        try {
          await second.goto(page.url());
          await waitForConsole(second);
          await secondWatcher.settle();
          const problems = [...secondWatcher.take()];
          const shown = await consoleShown(second);
          if (shown) problems.push(shown);
          else if (area.keepsWork) {
            for (const field of await readFields(second)) {
              const kept = typed.get(field.key);
              if (kept && field.kind === 'text' && !sameForSeller(field.value, kept.value, kept.decimal))
                problems.push(
                  `the second tab lost "${field.key}": shows ${JSON.stringify(field.value.slice(0, 80))}, typed ${JSON.stringify(kept.value.slice(0, 80))}`,
                );
            }
          }
          return problems.length ? `in a second tab: ${problems.join('; ')}` : null;
        } finally {
          await second.close();
        }
      }
      case 'publish': {
        await page
          .getByRole('button', { name: pageEditor.save })
          .click({ timeout: 3_000 })
          .catch(() => undefined);
        await watcher.settle();
        const publish = page.getByRole('button', { name: pageEditor.publish });
        if (await publish.isEnabled().catch(() => false)) await publish.click({ timeout: 3_000 });
        return null;
      }
    }
  };

  /** The page editor's fields out of view (another "Seção"): each brought back into view and read. */
  const sweep = async (sequence: number, step: number) => {
    if (!area.keepsWork || typed.size === 0) return;
    // Autosave runs a second after the last key: the sweep reads the page once it has.
    await page.waitForTimeout(1_200);
    await watcher.settle();
    const groups = new Set([...typed.values()].map((each) => each.group).filter(Boolean));
    const chooser = page.getByLabel(pageEditor.sectionLabel, { exact: true });
    for (const group of groups) {
      await chooser.selectOption({ label: group }, { timeout: 3_000 }).catch(() => undefined);
      await check(sequence, step, `sweep: "${group}" in view`);
    }
  };

  const sequences = drawSequences(area, options.seed, options.sequences, options.steps);
  for (const [number, sequence] of sequences.entries()) {
    report.sequences += 1;
    if (area.keepsWork) {
      const chooser = page.getByLabel(pageEditor.sectionLabel, { exact: true });
      const count = await chooser
        .locator('option')
        .count()
        .catch(() => 0);
      if (count) await chooser.selectOption({ index: sequence.start % count }, { timeout: 3_000 }).catch(() => undefined);
    }
    // As a seller does, the sequence starts on the area as it loaded: its fields no longer moving as its parts arrive.
    await watcher.settle();
    let clean = true;
    for (const [step, action] of sequence.actions.entries()) {
      report.actions += 1;
      const line = describeAction(action);
      let problem: string | typeof IDLE | null;
      try {
        problem = await act(action);
      } catch (error) {
        // A field that went away between reading the page and the keys, a click another element took: not a fault of
        // the console by itself; the checks below say whether anything broke.
        problem = IDLE;
        options.log?.(`  (${area.name} ${number}/${step}: ${line} did not run: ${(error as Error).message.split('\n')[0]})`);
      }
      if (problem === IDLE) report.idle += 1;
      else if (problem) {
        report.findings.push({ area: area.name, sequence: number, step, action: line, problem });
        options.log?.(`  finding in ${area.name}, sequence ${number}, step ${step} (${line}): ${problem}`);
        clean = false;
      }
      await watcher.settle();
      if (!(await check(number, step, line))) clean = false;
      if (!clean) break;
    }
    if (clean) await sweep(number, sequence.actions.length);
    if (!clean) {
      // Start the next sequence from a working page; what was typed is forgotten with it.
      typed.clear();
      await page.goto('/painel').catch(() => undefined);
      await waitForConsole(page);
      await goToArea(page, area.name).catch(() => undefined);
      watcher.take();
    }
  }
  await page.close();
  report.ms = Date.now() - started;
  return report;
}

/** One line per area for a run's summary. */
export function summaryLine(report: MonkeyReport): string {
  return `${report.area.padEnd(16)} ${String(report.sequences).padStart(4)} sequences, ${String(report.actions).padStart(5)} actions (${report.idle} idle), ${report.findings.length} findings, ${(report.ms / 1000).toFixed(1)} s`;
}
