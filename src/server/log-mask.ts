import { maskEmail } from './mail/mask-email.ts';

/**
 * Masks buyers' personal data in free text before it is logged or stored as an error: e-mail
 * addresses, CPF/CNPJ (numeric and alphanumeric) and phone numbers. Gateway and database errors
 * can echo the customer they were given ("customer.document 123.456.789-09 is invalid"), so
 * every log line goes through here (logger.ts).
 */
const EMAIL = /[^\s<>"'(),;:@=]+@[^\s<>"'(),;:@]+\.[^\s<>"'(),;:@]+/g;
// CNPJ, numeric or alphanumeric (IN RFB 2.229/2024): 12 characters + 2 check digits, with or without punctuation.
const CNPJ = /\b[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}\b/g;
const CPF = /\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g;
// Brazilian phones: optional +55, optional (DDD), 8 or 9 digits with an optional separator.
const PHONE = /(?:\+?55[\s-]?)?(?:\(?\b\d{2}\)?[\s-]?)?\b9?\d{4}[\s-]?\d{4}\b/g;

export function maskPersonalData(text: string): string {
  return (
    text
      .replace(EMAIL, (address) => maskEmail(address))
      // Only strings with at least one digit: plain words of 14 capitals are not documents.
      .replace(CNPJ, (match) => (/\d/.test(match) && /[0-9]{2}$/.test(match) ? '[cnpj]' : match))
      .replace(CPF, '[cpf]')
      .replace(PHONE, (match) => (match.replace(/\D/g, '').length >= 10 ? '[telefone]' : match))
  );
}
