// The e-mail a dispute block recognises (docs/disputes.md#not-again).
import { normalizeEmail } from '../../shared/text.ts';

/**
 * Providers that deliver `name+anything@` to `name@`, so a `+tag` is the same mailbox. Gmail also ignores the dots
 * of the local part, and `@googlemail.com` is the same account as `@gmail.com`. Elsewhere a `+` or a dot may name another person's mailbox, so those addresses are not folded.
 * Nothing in our dependencies does this; validator's normalizeEmail would add a whole validation kit for one rule.
 */
const TAGGED_DOMAINS: ReadonlyMap<string, { dotsIgnored: boolean; sameAs?: string }> = new Map(
  Object.entries({
    'gmail.com': { dotsIgnored: true },
    'googlemail.com': { dotsIgnored: true, sameAs: 'gmail.com' },
    'outlook.com': { dotsIgnored: false },
    'hotmail.com': { dotsIgnored: false },
    'live.com': { dotsIgnored: false },
    'msn.com': { dotsIgnored: false },
    'icloud.com': { dotsIgnored: false },
    'me.com': { dotsIgnored: false },
    'mac.com': { dotsIgnored: false },
    'proton.me': { dotsIgnored: false },
    'protonmail.com': { dotsIgnored: false },
    'pm.me': { dotsIgnored: false },
  }),
);

/** `A.N.A+x@GMail.com` → `ana@gmail.com`; `ana+x@example.com` stays as given, normalized. For the block only: mail goes to the address typed. */
export function foldEmailForBlock(email: string): string {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf('@');
  if (at <= 0) return normalized;
  const domain = normalized.slice(at + 1);
  const rule = TAGGED_DOMAINS.get(domain);
  if (!rule) return normalized;
  const untagged = normalized.slice(0, at).split('+')[0]!;
  const local = rule.dotsIgnored ? untagged.replaceAll('.', '') : untagged;
  // `+x@gmail.com` has no mailbox name left: keep it as given rather than block every `@gmail.com`.
  return local ? `${local}@${rule.sameAs ?? domain}` : normalized;
}
