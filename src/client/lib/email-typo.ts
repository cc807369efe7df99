/**
 * "Você quis dizer joana@gmail.com?" (the checkout's and /afiliados's forms): the maintained @zootools/email-spell-checker (string distance
 * against popular domains), with the Brazilian providers added to its lists. Loaded on first use
 * only (its own chunk), never with the landing page.
 */

import { normalizeEmail } from '../../shared/text.ts';
const BRAZILIAN_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'hotmail.com.br',
  'outlook.com',
  'outlook.com.br',
  'live.com',
  'yahoo.com',
  'yahoo.com.br',
  'icloud.com',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
  'ig.com.br',
  'globo.com',
  'globomail.com',
];
const BRAZILIAN_TLDS = ['com.br', 'net.br', 'org.br', 'gov.br', 'edu.br', 'br'];

/** The corrected address, or null when the address looks right (or is not one yet). */
export async function suggestEmail(email: string): Promise<string | null> {
  const trimmed = normalizeEmail(email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return null;
  const { default: checker } = await import('@zootools/email-spell-checker');
  const suggestion = checker.run({
    email: trimmed,
    domains: [...new Set([...BRAZILIAN_DOMAINS, ...checker.POPULAR_DOMAINS])],
    topLevelDomains: [...new Set([...BRAZILIAN_TLDS, ...checker.POPULAR_TLDS])],
  });
  return suggestion && suggestion.full !== trimmed ? suggestion.full : null;
}
