/** Section 15 of the landing page: the footer. The seller's identity comes from configuration. */
import type { SellerIdentity } from './legal.ts';

export type FooterLink =
  /** A page of this site. */
  | { readonly kind: 'page'; readonly label: string; readonly href: string }
  /** The support contact; its address (WhatsApp or e-mail) comes from configuration. */
  | { readonly kind: 'support'; readonly label: string }
  /** Reopens the cookie notice so the visitor can change their choice (LGPD). */
  | { readonly kind: 'cookies'; readonly label: string };

export const footer = {
  links: [
    { kind: 'page', label: 'Termos de uso', href: '/termos' },
    { kind: 'page', label: 'Política de privacidade', href: '/privacidade' },
    { kind: 'support', label: 'Suporte' },
    { kind: 'cookies', label: 'Preferências de cookies' },
  ],
  linksLabel: 'Links do rodapé',
  supportEmailLabel: 'E-mail de suporte:',
  disclaimer:
    'Este site não tem vínculo com Netflix, Disney, Spotify, Amazon, Google, Apple ou qualquer outra marca citada; os nomes aparecem apenas para identificar os serviços e pertencem aos seus donos. As assinaturas são negociadas diretamente com fornecedores independentes.',
  /** Who sells, as Brazilian e-commerce rules ask (Decreto 7.962/2013, art. 2º). */
  sellerLine: (seller: Pick<SellerIdentity, 'name' | 'document' | 'address'>) =>
    `${seller.name} · CPF/CNPJ ${seller.document} · ${seller.address}`,
  copyright: (year: number, sellerName: string) => `© ${year} ${sellerName}. Todos os direitos reservados.`,
} as const satisfies {
  links: readonly FooterLink[];
  linksLabel: string;
  supportEmailLabel: string;
  disclaimer: string;
  sellerLine: (seller: Pick<SellerIdentity, 'name' | 'document' | 'address'>) => string;
  copyright: (year: number, sellerName: string) => string;
};
