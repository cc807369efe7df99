import { parseReais } from './money.ts';
import { parseImageRef } from './offer-image.ts';
import { layoutSchema, type LayoutMessages, type OfferLayout } from './offer-layout.ts';
import { lookFieldSchema, type ColorField, type LookMessages, type VideoField } from './offer-look.ts';
import { OFFER_ELEMENT_ID } from './offer-pages.ts';
import type { OfferConflict } from './offer-merge.ts';
import { offerPatch } from './offer-patch.ts';
import { isSafeLink } from './safe-link.ts';
import { hasInvisibleMarks } from './text.ts';
import { text, z } from './zod.ts';

/** The offer as edited (docs/editing.md): limits keep the layout; a longer headline wraps into the price. */

/** A text of one line (`line`) or a paragraph (`lines`). */
export interface TextField {
  kind: 'line' | 'lines';
  min: number;
  max: number;
}

/** A link the page prints: `https:` only (a WhatsApp invite or `wa.me` included), never `javascript:`. */
export interface LinkField {
  kind: 'link';
}

/** A price charged, in centavos: at least the provider's minimum. */
export interface PriceField {
  kind: 'price';
}

/** An amount the page states (a bonus's value), in centavos; `optional`: 0 when a stored version lacks it. */
export interface AmountField {
  kind: 'amount';
  optional?: boolean;
}

/** An image uploaded in the console (shared/offer-image.ts), or `''` for none: the page shows nothing in its place. */
export interface ImageField {
  kind: 'image';
}

/** One of a few fixed values (who speaks in the example chat), named in pt-BR by content/offer.ts. */
export interface ChoiceField {
  kind: 'choice';
  options: readonly [string, ...string[]];
}

export type ScalarField = TextField | LinkField | PriceField | AmountField | ImageField | ChoiceField | ColorField | VideoField;

/** A list of items of the same fields: the seller adds, removes and reorders them. */
export interface ListField {
  kind: 'list';
  min: number;
  max: number;
  item: Readonly<Record<string, ScalarField>>;
}

/** Which sections of `/` show, and in what order (shared/offer-layout.ts). */
export interface LayoutField {
  kind: 'layout';
}

export type OfferField = ScalarField | ListField | LayoutField;

const line = (max: number, min = 1): TextField => ({ kind: 'line', min, max });
const lines = (max: number, min = 1): TextField => ({ kind: 'lines', min, max });
const link: LinkField = { kind: 'link' };
const price: PriceField = { kind: 'price' };
const amount: AmountField = { kind: 'amount' };
const image: ImageField = { kind: 'image' };
const choice = <const O extends readonly [string, ...string[]]>(...options: O) => ({ kind: 'choice', options }) as const;

/** The smallest charge the seed's provider accepts (TriboPay: R$ 5,00; docs/gateway.md). */
export const MIN_PRICE_CENTS = 500;
export const MAX_PRICE_CENTS = 100_000_00;

/** In the console's order; `{garantia}` and `{preco}` are filled where printed. */
export const offerSections = {
  meta: {
    landingTitle: line(80, 10),
    landingDescription: lines(170, 50),
    presellTitle: line(80, 10),
    presellDescription: lines(170, 50),
  },
  presell: {
    eyebrow: line(40),
    headline: lines(110, 10),
    subheadline: lines(170),
    tiles: { kind: 'list', min: 3, max: 3, item: { title: line(40), text: lines(90) } },
    cta: line(24, 2),
    ctaHint: line(50, 0),
    image,
    imageAlt: line(120, 0),
  },
  hero: {
    badge: line(32, 0),
    headline: lines(110, 10),
    highlight: line(30, 0),
    subheadline: lines(220),
    priceCaption: line(32, 0),
    priceNote: line(60, 0),
    cta: line(32, 2),
    countdownLabel: line(40),
    image,
    imageAlt: line(120, 0),
    /** Shown in the image's place, loaded only when tapped (shared/video-link.ts). */
    video: { kind: 'video' },
  },
  howItWorks: {
    eyebrow: line(32, 0),
    title: line(90),
    steps: { kind: 'list', min: 3, max: 3, item: { title: line(40), text: lines(140) } },
  },
  howItWorksChat: {
    title: line(24, 0),
    contact: line(28),
    monogram: line(3),
    status: line(16, 0),
    messages: { kind: 'list', min: 1, max: 4, item: { text: lines(120), from: choice('buyer', 'supplier') } },
    officialLabel: line(20),
    officialCents: amount,
    savingLabel: line(20),
    paidCents: amount,
  },
  benefits: {
    eyebrow: line(32, 0),
    title: line(70),
    items: { kind: 'list', min: 6, max: 6, item: { title: line(50), text: lines(160) } },
  },
  topUp: {
    eyebrow: line(32, 0),
    title: line(70),
    subtitle: lines(200, 0),
    discountBadge: line(14, 0),
    faceValueLabel: line(16),
    priceLabel: line(16),
    note: lines(160, 0),
    freeCreditClaim: line(40, 0),
    freeCreditText: lines(160, 0),
    cta: line(32, 2),
  },
  services: {
    eyebrow: line(32, 0),
    title: line(70),
    subtitle: lines(160, 0),
    included: { kind: 'list', min: 1, max: 24, item: { name: line(20) } },
    extrasTitle: line(40, 0),
    extras: { kind: 'list', min: 0, max: 6, item: { text: line(60) } },
  },
  catalogue: {
    eyebrow: line(32, 0),
    title: line(70),
    subtitle: lines(160, 0),
    supplierLabel: line(14, 0),
    tiers: { kind: 'list', min: 4, max: 4, item: { label: line(40), description: lines(120, 0) } },
    newLabel: line(8),
    perMonth: line(8),
    officialPriceLabel: line(18),
    offerPriceLabel: line(18),
    totalSavingLabel: line(32),
    cta: line(32, 2),
  },
  howToStart: {
    eyebrow: line(32, 0),
    title: line(70),
    steps: { kind: 'list', min: 4, max: 4, item: { title: line(50), text: lines(160) } },
    cta: line(32, 2),
  },
  bonuses: {
    eyebrow: line(32, 0),
    title: line(70),
    subtitle: lines(160, 0),
    items: { kind: 'list', min: 1, max: 6, item: { title: line(50), text: lines(160), valueCents: amount, image } },
  },
  stickyBar: {
    caption: line(32),
    cta: line(28, 2),
  },
  faq: {
    eyebrow: line(32, 0),
    title: line(60),
    items: { kind: 'list', min: 1, max: 10, item: { question: line(120, 5), answer: lines(600, 5) } },
  },
  faqGrid: {
    title: line(60),
    subtitle: lines(160, 0),
    items: { kind: 'list', min: 0, max: 12, item: { question: line(120, 5), answer: lines(600, 5) } },
    cta: line(32, 2),
  },
  scarcity: {
    eyebrow: line(32, 0),
    title: line(60),
    cta: line(32, 2),
  },
  whatsappGroup: {
    eyebrow: line(32, 0),
    title: line(70),
    text: lines(260),
    perks: { kind: 'list', min: 0, max: 4, item: { text: line(50) } },
    cta: line(32, 2),
  },
  footer: {
    disclaimer: lines(500),
  },
  seller: {
    name: line(80, 2),
    document: line(20, 11),
    address: lines(160, 5),
    supportEmail: line(120, 5),
    whatsappGroupUrl: link,
  },
  product: {
    name: line(80, 3),
    priceCents: price,
    /** 0: none. Only when charged 30 of the last 90 days (offer/reference-price.ts; CDC art. 37, EU Omnibus). */
    referencePriceCents: { kind: 'amount', optional: true },
  },
  bump: {
    name: line(80, 3),
    priceCents: price,
    afterPaymentPriceCents: price,
  },
  /** The page's logo and accent colour (shared/offer-look.ts); `''`: the build's look. */
  look: { logo: image, accentColor: { kind: 'color' } },
  layout: {
    sections: { kind: 'layout' },
  },
} as const satisfies Record<string, Record<string, OfferField>>;

export type OfferSectionKey = keyof typeof offerSections;
export const offerSectionKeys = Object.keys(offerSections) as OfferSectionKey[];

type ValueOf<F, Id> = F extends LayoutField
  ? OfferLayout
  : F extends ListField
    ? Array<Id & { -readonly [K in keyof F['item']]: ValueOf<F['item'][K], Id> }>
    : F extends PriceField | AmountField
      ? number
      : F extends ChoiceField
        ? F['options'][number]
        : string;

type OfferOf<Id> = {
  -readonly [S in OfferSectionKey]: { -readonly [K in keyof (typeof offerSections)[S]]: ValueOf<(typeof offerSections)[S][K], Id> };
};

/** Every item of every list carries its stable `id` (`withItemIds`): what a merge and the diff pair items by. */
export type Offer = OfferOf<{ id: string }>;

/** An offer as the content files declare it, or as stored before items had ids: `withItemIds` gives them theirs. */
export type OfferWithoutIds = OfferOf<{ id?: string }>;

/**
 * A list item's id: unique within its list, kept when the item is edited or moved, never shown nor printed on the
 * page. Letters, digits, `-` and `_`.
 */
export const ITEM_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** An item stored before ids (and each item of the content files) is named by its place: the first is `1`. */
export const placeItemId = (index: number) => String(index + 1);

/**
 * The list's items, each with an id unique in the list: one without (stored before ids) takes its place's
 * (`placeItemId`), so every version and draft from before ids pairs its items the same way; a repeated id is
 * renamed after its place (`3-2`), so a copy never shadows the item it copied.
 */
export function withListIds<T extends object>(items: readonly T[]): Array<T & { id: string }> {
  const taken = new Set<string>();
  const explicit = new Set(
    items.flatMap((item) => (typeof (item as { id?: unknown }).id === 'string' ? [(item as { id: string }).id] : [])),
  );
  return items.map((item, index) => {
    const own = (item as { id?: unknown }).id;
    let id = typeof own === 'string' && !taken.has(own) ? own : placeItemId(index);
    for (let suffix = 2; (taken.has(id) || (id !== own && explicit.has(id))) && suffix < 1000; suffix++)
      id = `${placeItemId(index)}-${suffix}`;
    taken.add(id);
    // The id first, as the schema orders an item's keys: an item compares equal however it was named.
    const { id: _own, ...fields } = item as T & { id?: unknown };
    return { id, ...fields } as unknown as T & { id: string };
  });
}

/** `offer` with every list item named (`withListIds`): the content files' defaults, a version stored before ids. */
export function withItemIds(offer: OfferWithoutIds): Offer {
  const named = { ...offer } as Record<string, Record<string, unknown>>;
  for (const section of offerSectionKeys) {
    const fields = offerSections[section] as Readonly<Record<string, OfferField>>;
    for (const [key, field] of Object.entries(fields))
      if (field.kind === 'list' && Array.isArray(named[section]?.[key]))
        named[section] = { ...named[section], [key]: withListIds(named[section][key] as object[]) };
  }
  return named as unknown as Offer;
}

/** `value` without its list items' ids, at any depth: what the page's data block carries (ids are never printed). */
export function withoutItemIds<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withoutItemIds(item)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const { id: _id, ...rest } = value as Record<string, unknown>;
  return Object.fromEntries(Object.entries(rest).map(([key, each]) => [key, withoutItemIds(each)])) as T;
}

/** The words of the schema's refusals, from content/offer.ts (shared/ holds no copy). */
export interface OfferMessages extends LayoutMessages, LookMessages {
  required: string;
  tooShort: (min: number) => string;
  tooLong: (max: number) => string;
  link: string;
  /** Typed, but no amount in reais ("abc", "5,005"). */
  amount: string;
  /** A price of zero or less. */
  priceNotPositive: string;
  /** A stated amount below zero. */
  amountNegative: string;
  priceTooLow: (minimum: string) => string;
  priceTooHigh: string;
  tooFew: (min: number) => string;
  tooMany: (max: number) => string;
  highlightMissing: string;
  /** "de R$ X por R$ Y" with X not above Y. */
  referenceNotAbove: string;
  email: string;
  image: string;
  /** Characters that show as nothing (text.ts `hasInvisibleMarks`), or control characters: never published unseen. */
  invisible: string;
}

/** Centavos, or an amount as the seller typed it ("R$ 29,90", "1.990,00"), read by the console's own parser. */
const reais = (cents: z.ZodNumber) =>
  z.preprocess((value) => (typeof value === 'string' ? (parseReais(value) ?? Number.NaN) : value), cents);

function fieldSchema(field: ScalarField, messages: OfferMessages): z.ZodType {
  if (field.kind === 'color' || field.kind === 'video') return lookFieldSchema(field, messages);
  // A version stored before images existed has no such key: it reads as "no image".
  if (field.kind === 'image')
    return z
      .string(messages.image)
      .refine((value) => value === '' || parseImageRef(value) !== undefined, messages.image)
      .default('');
  if (field.kind === 'price')
    return reais(
      z
        .number(messages.amount)
        .int(messages.amount)
        .refine((cents) => cents > 0, { message: messages.priceNotPositive, abort: true })
        .min(MIN_PRICE_CENTS, messages.priceTooLow('R$ 5,00'))
        .max(MAX_PRICE_CENTS, messages.priceTooHigh),
    );
  if (field.kind === 'amount') {
    const amount = reais(
      z.number(messages.amount).int(messages.amount).min(0, messages.amountNegative).max(MAX_PRICE_CENTS, messages.priceTooHigh),
    );
    // A version stored before the field existed reads as "none".
    return field.optional ? amount.default(0) : amount;
  }
  if (field.kind === 'choice') return z.enum(field.options, messages.required);
  if (field.kind === 'link')
    return text(
      z
        .string()
        .trim()
        .max(300, messages.tooLong(300))
        .refine((value) => !hasInvisibleMarks(value), messages.invisible)
        .refine(isSafeLink, messages.link),
      { written: 'line' },
    );
  const written = field.kind === 'line' ? 'line' : 'lines';
  const base = z
    .string()
    .trim()
    .max(field.max, messages.tooLong(field.max))
    .refine((value) => !hasInvisibleMarks(value), { message: messages.invisible, abort: true })
    .refine((value) => field.min === 0 || value.length > 0, messages.required)
    .refine((value) => value.length === 0 || value.length >= field.min, messages.tooShort(field.min));
  return text(base, { message: messages.required, written });
}

function sectionSchema(section: Readonly<Record<string, OfferField>>, messages: OfferMessages) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(section)) {
    if (field.kind === 'layout') {
      shape[key] = layoutSchema(messages);
      continue;
    }
    if (field.kind !== 'list') {
      shape[key] = fieldSchema(field, messages);
      continue;
    }
    const itemShape: Record<string, z.ZodType> = { id: z.string(messages.required).regex(ITEM_ID_PATTERN, messages.required) };
    for (const [itemKey, itemField] of Object.entries(field.item)) itemShape[itemKey] = fieldSchema(itemField, messages);
    // An item without an id (stored before ids) takes its place's; a repeated one is renamed (`withListIds`).
    const named = (value: unknown) =>
      Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))
        ? withListIds(value as object[])
        : value;
    shape[key] = z.preprocess(
      named,
      z
        .array(z.strictObject(itemShape), messages.required)
        .min(field.min, messages.tooFew(field.min))
        .max(field.max, messages.tooMany(field.max)),
    );
  }
  return z.strictObject(shape);
}

/** The whole offer, every section required: a draft is always a complete page. */
export function offerSchema(messages: OfferMessages): z.ZodType<Offer> {
  const shape: Record<string, z.ZodType> = {};
  for (const key of offerSectionKeys) shape[key] = sectionSchema(offerSections[key], messages);
  return z.strictObject(shape).superRefine((value, context) => {
    const offer = value as Offer;
    // The highlight is a part of the headline painted in the brand's colour; elsewhere it would vanish.
    if (offer.hero.highlight !== '' && !offer.hero.headline.includes(offer.hero.highlight))
      context.addIssue({ code: 'custom', path: ['hero', 'highlight'], message: messages.highlightMissing });
    const { priceCents, referencePriceCents } = offer.product;
    if (referencePriceCents !== 0 && referencePriceCents <= priceCents)
      context.addIssue({ code: 'custom', path: ['product', 'referencePriceCents'], message: messages.referenceNotAbove });
    if (!z.email().safeParse(offer.seller.supportEmail).success)
      context.addIssue({ code: 'custom', path: ['seller', 'supportEmail'], message: messages.email });
  }) as unknown as z.ZodType<Offer>;
}

/** `{garantia}` and `{preco}` in a text the seller wrote. */
export function fillOfferText(value: string, values: { guaranteeDays: string; price: string }): string {
  return value.replaceAll('{garantia}', values.guaranteeDays).replaceAll('{preco}', values.price);
}

/** The page's sections, for the console's diff: the paths whose values differ. */
export function offerDifferences(before: Offer, after: Offer): string[] {
  const changed: string[] = [];
  for (const section of offerSectionKeys) {
    const a = before[section] as Record<string, unknown>;
    const b = after[section] as Record<string, unknown>;
    for (const key of Object.keys(offerSections[section])) {
      if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) changed.push(`${section}.${key}`);
    }
  }
  return changed;
}

/** The sections a landing page island renders again in the browser: they travel in the data block when edited. */
export const islandOfferSections = [
  // The price is printed by the sticky bar, the header and the checkout, which hydrate: a changed price travels.
  'product',
  'bump',
  'catalogue',
  'stickyBar',
  'faq',
  'scarcity',
  'whatsappGroup',
  'footer',
  // The header prints the logo.
  'look',
] as const satisfies readonly OfferSectionKey[];

export type IslandOfferSection = (typeof islandOfferSections)[number];

/** Per island section only its patch against `defaults`; texts stay tokenized, and list items' ids stay out. */
export function islandOfferData(offer: Offer, defaults: Offer): IslandOfferData {
  const data: IslandOfferData = {};
  for (const key of islandOfferSections) {
    const patch = offerPatch(withoutItemIds(offer[key]), withoutItemIds(defaults[key]));
    if (patch !== undefined) data[key] = patch;
  }
  return data;
}

/** Per island section, its patch against the build's defaults (shared/offer-patch.ts). */
export type IslandOfferData = Partial<Record<IslandOfferSection, unknown>>;

/** A JSON data block the browser never runs; `<` is escaped so no text can close the tag. */
export function offerDataBlock(data: IslandOfferData): string {
  if (Object.keys(data).length === 0) return '';
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${OFFER_ELEMENT_ID}">${json}</script>`;
}

/** `/` over the wire, brotli, at most: what fits TCP's first flight (docs/benchmarks.md#the-landing-page-under-14-kb). */
export const LANDING_BUDGET_BYTES = 14 * 1024;

/** Section by section, a stored version that an older or newer build reads: a section it cannot read is its default. */
export function offerFromStored(value: unknown, defaults: Offer, messages: OfferMessages): Offer {
  const whole = offerSchema(messages).safeParse(value);
  if (whole.success) return whole.data;
  const stored = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const offer = { ...defaults } as Record<OfferSectionKey, unknown>;
  for (const key of offerSectionKeys) {
    const section = sectionSchema(offerSections[key], messages).safeParse(stored[key]);
    if (section.success) offer[key] = section.data;
  }
  return offer as Offer;
}

/** `tab`: the console's browser tab that saves (a random name it keeps), so the saves of the last day say which tab. */
export const pageDraftSchema = (messages: OfferMessages) =>
  z.object({
    baseNumber: z.number().int().min(0),
    offer: offerSchema(messages),
    tab: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
  });
export const PagePublishSchema = z.object({ baseNumber: z.number().int().min(0) });
/**
 * Publish this editor's draft as it was at `revision`, the one its last preview showed (docs/editing.md#drafts-and-merges);
 * the console always sends it. A script without one publishes its session's draft as last saved.
 */
export const PageDraftPublishSchema = z.object({ revision: z.number().int().min(1).optional() });

export interface PageVersionInfo {
  number: number;
  publishedAt: number;
  /** The console session that published it (a short label, never the cookie). */
  publishedBy: string;
  restoredFrom: number | null;
  landingBytes: number;
  /** Who published it, by name (the owner or a console user); null for a session from before names. */
  publishedByName?: string | null;
  /** What it changed against the version before it: the fields by path, and the price before and after if it moved. */
  changes?: { paths: string[]; priceCents: [number, number] | null };
}

/** One draft save of the last 24 hours (docs/editing.md#drafts-and-merges): a seller takes it back into the form. */
export interface PageDraftSave {
  id: string;
  savedAt: number;
  offer: Offer;
  /** The live version it was based on: taken back, a publish merges it onto what went live since. */
  baseNumber: number;
  /** Saved by this console sign-in (then `tab` tells which of its browser tabs), or by another. */
  thisSession: boolean;
  tab: string;
  /** Who saved it, by name (the owner or a console user); null for a session from before names. */
  byName: string | null;
}

export interface AdminPageState {
  live: { number: number; offer: Offer; publishedAt: number | null };
  /** This editor's draft (each console session has its own), at its `revision`. */
  draft: { offer: Offer; baseNumber: number; updatedAt: number; revision: number } | null;
  /** Names this editor's local copy in the browser (its user, or the owner): a re-login finds it again. */
  editorKey: string;
  /** The build's content files: version 0. */
  defaults: Offer;
  history: PageVersionInfo[];
  /** The seller's fields an environment variable overrides (`seller.name`…). */
  fromEnvironment: string[];
  /** Paths a publish may not change: the provider's catalogue decides that price. */
  locked: string[];
  landingBudgetBytes: number;
  /** The live version's "de R$ X", if it has one: honest until when, and whether the page withdrew it (docs/editing.md#prices). */
  referencePrice: LiveReferencePrice | null;
}

export interface LiveReferencePrice {
  priceCents: number;
  /** The last instant it may be shown; null while it is the price charged. */
  honestUntil: number | null;
  /** Off the page since `honestUntil`: the days it was charged in the last 90, now. */
  withdrawn: { days: number } | null;
}

export interface PageDraftReply {
  updatedAt: number;
  /** The draft's revision now: what "Publicar alterações" names. */
  revision: number;
  /** `/` of this draft, brotli, in bytes. */
  landingBytes: number;
}

export interface PagePublishReply {
  number: number;
  landingBytes: number;
}

/**
 * The 409 of a publish whose draft and a newer live version changed the same fields: the draft laid on the live
 * version (`merged`, based on `liveNumber`, keeping the draft's values), and each field both changed, with both texts.
 */
export interface PagePublishConflictBody {
  error: string;
  liveNumber: number;
  merged: Offer;
  /** A list item's conflict also names the item (`item`): a pick finds it by id, "manter os dois" keeps both versions. */
  conflicts: OfferConflict[];
}

/** An upload stored: the reference an image field takes, and the box the page gives it. */
export interface PageImageReply {
  ref: string;
  width: number;
  height: number;
}
