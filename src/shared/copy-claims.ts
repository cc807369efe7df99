// What free copy may claim (docs/editing.md#what-the-copy-may-promise): the same rule for a published page and an A/B
// version. Structured amounts are checked where they are set (offer/reference-price.ts, experiments/); this reads the
// seller's sentences. Every regular expression here runs on outside text: each is linear (no nested or overlapping
// quantifiers, a lookbehind so a match only starts at a number's first digit), and tests/fuzz/parsers.test.ts bounds it.

/** What the shop gives, as the page would sell it now. */
export interface ShopFacts {
  /** Every amount the page may name: the price, the bump's, a bonus's value… (centavos). */
  amountsCents: readonly number[];
  /** The honest "de R$ X" (0 or absent: none), the only base a discount may be counted from. */
  referencePriceCents: number;
  /** What the buyer pays for the product now, for the discount's percentage. */
  priceCents: number;
  /** GUARANTEE_DAYS, what `{garantia}` prints. */
  guaranteeDays: number;
  /** What the list's items cost and are compared with (content/item-prices.ts): both may be named, and their discount. */
  itemPrices: readonly { fromCents: number; toCents: number }[];
}

export type CopyClaim =
  | { kind: 'amount'; cents: number }
  | { kind: 'discount'; percent: number; honestPercent: number | null }
  | { kind: 'guarantee'; days: number; guaranteeDays: number }
  | { kind: 'no_regret' };

export interface CopyFinding {
  /** The field's path, as the editor names it (`hero.headline`, `faq.items.2.answer`). */
  field: string;
  /** The sentence as the seller wrote it. */
  sentence: string;
  claim: CopyClaim;
}

/** The text the rules read: lower case, no accents, one space for any run of white space. */
function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/gu, ' ');
}

const NUMBER = String.raw`\d+(?:\.\d{3})*(?:,\d{1,2})?`;
const MONEY = [new RegExp(String.raw`r\$ ?(${NUMBER})`, 'g'), new RegExp(String.raw`(?<![\d.,])(${NUMBER}) ?(?:reais|real|brl)\b`, 'g')];
const PERCENT = String.raw`(\d{1,3})(?:,\d+)? ?(?:%|por cento)`;
const DISCOUNT = [
  // "-90 %", "– 90%", "−90%"
  new RegExp(String.raw`(?:^|[^\w])[-\u2013\u2014\u2212] ?(?<![\d,])${PERCENT}`, 'g'),
  new RegExp(String.raw`(?<![\d,])${PERCENT} ?(?:off|de desconto|desconto|mais barato|a menos|de economia)`, 'g'),
  new RegExp(String.raw`(?:desconto|economia|economize|economizar|abatimento) (?:de )?(?:ate )?(?<![\d,])${PERCENT}`, 'g'),
];
const GUARANTEE = [
  /garantia (?:incondicional |total |de satisfacao )?(?:de |por )?(?<![\d,])(\d{1,4}) dias/g,
  /(?<![\d,])(\d{1,4}) dias (?:de garantia|para (?:pedir (?:o |seu )?)?(?:reembolso|devolucao|se arrepender|desistir|cancelar)|de reembolso|de arrependimento)/g,
];
/** A sentence that takes away the right to regret (CDC art. 49) or the refund the terms give. */
const NO_REGRET =
  /\b(?:(?:nao (?:tem|ha|existe|oferecemos|fazemos|damos|aceitamos|aceita|fazemos|realizamos)|sem) (?:direito (?:a|de) )?(?:nenhum |nenhuma |o |a )?(?:reembolso|devolucao|devolucoes|estorno|arrependimento|garantia|desistencia|cancelamento)|nao (?:devolvemos|reembolsamos|estornamos)|nao (?:e possivel|da para|pode) (?:pedir )?(?:o |a )?(?:reembolso|devolucao|estorno|cancelar|desistir)|vendas? (?:sao |e )?(?:finais|final|definitivas?)|compra (?:sem volta|irreversivel|definitiva))\b/;

/** Cents of "1.997,5" (pt-BR: dots group thousands, the comma starts centavos). */
function centsOf(number: string): number {
  const [whole = '', fraction = ''] = number.split(',');
  // A number longer than any price is still named, as the largest amount a cent can count.
  return Math.min(Number(whole.replaceAll('.', '')) * 100 + Number(fraction.padEnd(2, '0')), Number.MAX_SAFE_INTEGER);
}

/** The sentences of a text, as written: a break after `.`, `!`, `?` or `…` followed by space, or a new line. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?…]) |\n/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

function* matchesOf(patterns: readonly RegExp[], text: string): Generator<string> {
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) yield match[1]!;
}

const discountPercent = (fromCents: number, toCents: number) => Math.round(((fromCents - toCents) / fromCents) * 100);

/** The amounts and discount percentages the page may name: read once per check, not per sentence. */
interface Allowed {
  amounts: Set<number>;
  /** The honest reference's discount, the one the reason names. */
  honestPercent: number | null;
  percents: number[];
}

function allowedBy(facts: ShopFacts): Allowed {
  const amounts = new Set([...facts.amountsCents, ...facts.itemPrices.flatMap((item) => [item.fromCents, item.toCents])]);
  if (facts.referencePriceCents > 0) amounts.add(facts.referencePriceCents);
  const honestPercent = facts.referencePriceCents > facts.priceCents ? discountPercent(facts.referencePriceCents, facts.priceCents) : null;
  const items = facts.itemPrices
    .filter((item) => item.fromCents > item.toCents)
    .map((item) => discountPercent(item.fromCents, item.toCents));
  return { amounts, honestPercent, percents: honestPercent === null ? items : [honestPercent, ...items] };
}

function claimsOf(sentence: string, facts: ShopFacts, allowed: Allowed): CopyClaim[] {
  const claims: CopyClaim[] = [];
  // Punctuation alone claims nothing (and a text of ". . ." is thousands of such sentences).
  if (!/[\p{L}\d]/u.test(sentence)) return claims;
  const text = normalize(sentence);
  // Amounts, discounts and days all need a digit: most sentences have none.
  if (/\d/.test(text)) {
    for (const number of matchesOf(MONEY, text)) {
      const cents = centsOf(number);
      if (!allowed.amounts.has(cents)) claims.push({ kind: 'amount', cents });
    }
    for (const number of matchesOf(DISCOUNT, text)) {
      const percent = Number(number);
      // The page rounds; the seller may round the other way.
      if (!allowed.percents.some((known) => Math.abs(percent - known) <= 1))
        claims.push({ kind: 'discount', percent, honestPercent: allowed.honestPercent });
    }
    for (const number of matchesOf(GUARANTEE, text)) {
      const days = Number(number);
      if (days !== facts.guaranteeDays) claims.push({ kind: 'guarantee', days, guaranteeDays: facts.guaranteeDays });
    }
  }
  if (NO_REGRET.test(text)) claims.push({ kind: 'no_regret' });
  return claims;
}

/** What one sentence claims that the shop does not give. */
export function sentenceClaims(sentence: string, facts: ShopFacts): CopyClaim[] {
  return claimsOf(sentence, facts, allowedBy(facts));
}

/** Every string under `value`, by its path (`faq.items.2.answer`). */
function* textsOf(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* textsOf(item, `${path}.${index}`);
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) yield* textsOf(item, path ? `${path}.${key}` : key);
}

/** Sections that hold no sales copy: addresses, links, images, colours and the section order. */
const NOT_COPY = new Set(['seller', 'look', 'layout']);

/** Every sentence of `offer`'s copy that claims what the shop does not give, in the page's order. */
export function copyFindings(offer: object, facts: ShopFacts): CopyFinding[] {
  const findings: CopyFinding[] = [];
  const allowed = allowedBy(facts);
  for (const [section, value] of Object.entries(offer)) {
    if (NOT_COPY.has(section)) continue;
    for (const [field, text] of textsOf(value, section))
      for (const sentence of sentencesOf(text))
        for (const claim of claimsOf(sentence, facts, allowed)) findings.push({ field, sentence, claim });
  }
  return findings;
}

/** Every `…Cents` amount in the offer, and the price with the bump: what the page may name. */
export function offerAmounts(offer: object): number[] {
  const found: number[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null)
      for (const [key, item] of Object.entries(value)) {
        if (key.endsWith('Cents') && typeof item === 'number') found.push(item);
        else walk(item);
      }
  };
  walk(offer);
  return found.filter((cents) => cents > 0);
}

/** The facts of `offer` as it would go live, with the shop's GUARANTEE_DAYS and the list's item prices. */
export function shopFactsOf(
  offer: { product: { priceCents: number; referencePriceCents: number }; bump: { priceCents: number } },
  guaranteeDays: number,
  itemPrices: ShopFacts['itemPrices'],
): ShopFacts {
  const { priceCents, referencePriceCents } = offer.product;
  return {
    amountsCents: [...offerAmounts(offer), priceCents + offer.bump.priceCents],
    referencePriceCents,
    priceCents,
    guaranteeDays,
    itemPrices,
  };
}
