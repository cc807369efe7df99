import { formatBRL } from '../shared/money.ts';
import type { ListKey } from '../shared/suppliers.ts';
import { site } from './site.ts';

/**
 * What Vitrine sells (docs/offers.md): the main product and at most one order bump, the second
 * item a buyer may tick in the checkout and pay in the same PIX. The server decides every amount
 * from here and from the gateway's offer; the browser only says "with the bump" or "without".
 */

/** The lists a paid order can open on the member page (defined in shared/, which the member API's types use). */
export type { ListKey };

export interface MainOffer {
  readonly name: string;
  /** What the copy announces; with a real gateway the offer of PRODUCT_HASH decides the charge. */
  readonly priceCents: number;
  readonly delivers: ListKey;
}

export interface BumpOffer {
  readonly name: string;
  /** One or two sentences beside the checkbox: what the buyer gets. */
  readonly pitch: string;
  /** The bump's price in the checkout, in centavos (TriboPay refuses a charge under R$ 5,00). */
  readonly priceCents: number;
  /**
   * The one-time offer after payment, to a buyer who did not tick the bump: the same item, alone
   * in a PIX of its own, at this price (it may be lower than `priceCents`; at least R$ 5,00).
   */
  readonly afterPaymentPriceCents: number;
  /** The gateway's product and offer for the bump (Pepper: Produtos → the product → Ofertas). */
  readonly productHash: string;
  readonly offerHash: string;
  /** The list a paid bump opens on the member page. */
  readonly delivers: ListKey;
}

export const mainOffer: MainOffer = {
  name: site.productName,
  priceCents: site.priceCents,
  delivers: 'suppliers',
};

/**
 * The demo's bump, which the built-in sandbox gateway sells. Before selling it for real, create
 * the product in the gateway and put its hashes here (or set ORDER_BUMP=off): with a real gateway
 * and these demo hashes the bump stays off (docs/offers.md).
 */
export const DEMO_BUMP_PRODUCT_HASH = 'sandbox-bump-product';
export const DEMO_BUMP_OFFER_HASH = 'sandbox-bump-offer';

export const orderBump: BumpOffer | null = {
  name: 'Lista de Fornecedores de Recarga',
  pitch: 'Contatos de quem vende recarga de celular com até 80% de desconto, para você usar ou revender. Chega no mesmo acesso.',
  priceCents: 990,
  afterPaymentPriceCents: 990,
  productHash: DEMO_BUMP_PRODUCT_HASH,
  offerHash: DEMO_BUMP_OFFER_HASH,
  delivers: 'recharge',
};

/**
 * The bump's name and prices as the page prints them when the seller published none: the default of the offer's
 * `bump` section (content/offer.ts), onto which the page's data block lays the seller's (docs/editing.md#prices).
 * The product's is `productSection` (site.ts).
 */
export const bumpSection = {
  name: orderBump?.name ?? '',
  priceCents: orderBump?.priceCents ?? 990,
  afterPaymentPriceCents: orderBump?.afterPaymentPriceCents ?? 990,
} as const;

/** The lists' names, as the member page and the e-mails call them. */
export const listNames: Record<ListKey, string> = {
  suppliers: 'Fornecedores Secretos',
  recharge: 'Fornecedores de Recarga',
};

/** The bump's words in the checkout and after payment (pt-BR). */
export const bumpCopy = {
  /** The card's small heading above the checkbox. */
  eyebrow: 'Adicione ao seu pedido',
  /** The checkbox's label. */
  checkbox: (name: string, priceCents: number) => `Sim, quero a ${name} por mais ${formatBRL(priceCents)}`,
  /** Under the pitch: the add-on is paid in the same PIX, nothing else to fill in. */
  samePix: 'No mesmo PIX, sem preencher nada a mais.',
  total: 'Total',
  /** The PIX panel's and the e-mails' line per item. */
  itemsHeading: 'Itens do pedido',
  /** The upsell popup (the "Fornecedor de Recarga" card and "QUERO ACESSO AGORA"), when the bump is on. */
  popup: {
    eyebrow: 'Adicione à sua lista',
    price: (priceCents: number) => `+ ${formatBRL(priceCents)}`,
    priceCaption: 'no mesmo PIX da lista',
    cta: 'QUERO AS DUAS LISTAS',
    /** Under the button: the popup's button ticks the box, the buyer may still untick it. */
    note: (name: string) => `A ${name} já vem marcada no pagamento. Você pode desmarcar antes de gerar o PIX.`,
  },
  afterPayment: {
    eyebrow: 'Oferta única para o seu pedido',
    title: (name: string) => `Quer adicionar a ${name}?`,
    /** Beside the price shown large, in the confirmation's offer card. */
    priceNote: 'Em um PIX separado, sem preencher nada de novo.',
    accept: 'Quero adicionar',
    decline: 'Não, obrigado',
    sending: 'Gerando o PIX…',
    declined: 'Tudo certo. Seu acesso continua liberado.',
    /** Above the add-on's own PIX, shown in place of the offer. */
    pixTitle: (name: string) => `PIX da ${name}`,
    paid: (name: string) => `${name} adicionada ao seu acesso.`,
    unavailable: 'Esta oferta não está mais disponível para este pedido.',
    /** The add-on's price or name changed after the offer was shown: the new one is on the card, nothing was charged. */
    priceChanged: 'O preço foi atualizado desde que você viu a oferta. Confira o novo valor acima e toque de novo para gerar o PIX.',
    otherTab: 'Abra esta oferta na mesma aba em que você fez o pagamento.',
    failed: 'Não foi possível gerar o PIX agora. Seu acesso continua liberado; tente de novo em instantes.',
    retry: 'Tentar de novo',
  },
} as const;
