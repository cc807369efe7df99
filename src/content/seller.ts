import { publicConfigDefaults, type PublicConfig } from '../shared/public-config.ts';

/**
 * Shown in the footer and the legal pages until the seller sets SELLER_NAME, SELLER_DOCUMENT and
 * SELLER_ADDRESS: visibly a placeholder, never a made-up identity. (A module of its own so that
 * the pages which print the seller do not download the legal texts.)
 */
export const sellerPlaceholder = {
  name: 'Nome do vendedor',
  document: '00.000.000/0000-00',
  address: 'Endereço do vendedor',
} as const;

/** The public config until the seller configures anything: visibly placeholders. */
export const defaultPublicConfig: PublicConfig = { ...publicConfigDefaults, seller: { ...sellerPlaceholder } };
