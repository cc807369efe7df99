/**
 * The settings the browser may know, injected into each page at serve time. Only public values:
 * never a token, a password or an SMTP address (DESIGN §1.1).
 */
export interface PublicConfig {
  /** Hosted checkout: buy buttons navigate here instead of opening the PIX modal. */
  checkoutUrl: string | null;
  /** The built-in sandbox gateway is in use (the PIX panel links to its payment page). */
  sandbox: boolean;
  /** The buyer must type a CPF (real gateway without a fixed CUSTOMER_DOCUMENT). */
  askDocument: boolean;
}

export const PUBLIC_CONFIG_GLOBAL = '__VITRINE_CONFIG__';
export const PUBLIC_CONFIG_PLACEHOLDER = '<!--public-config-->';

export const defaultPublicConfig: PublicConfig = { checkoutUrl: null, sandbox: true, askDocument: false };
