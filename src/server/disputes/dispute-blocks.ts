// A buyer who lost a dispute is not sold to again: hashes of the e-mail, CPF and phone (docs/disputes.md#not-again).
import { createHash } from 'node:crypto';
import { digitsOnly } from '../../shared/digits.ts';
import { normalizeDocument } from '../../shared/documents.ts';
import { normalizeEmail } from '../../shared/text.ts';
import { foldEmailForBlock } from './block-email.ts';
import { isAnyBlocked, removeBlock, type BlockKind } from './dispute-repository.ts';
import type { DisputesDeps } from './dispute-service.ts';

export async function removeDisputeBlock(deps: Pick<DisputesDeps, 'db' | 'now'>, id: string): Promise<boolean> {
  return removeBlock(deps.db, id, deps.now?.() ?? Date.now());
}

/** It only has to recognise a detail given again after a lost dispute, never to read it. */
function blockHash(kind: BlockKind, value: string): string {
  return createHash('sha256').update(`dispute-block:${kind}:${value}`).digest('base64url');
}

/** What a lost dispute blocks: the e-mail folded (`ana+x@gmail.com` is `ana@gmail.com`, ./block-email.ts). */
export function blockHashesOf(buyer: { buyer_email: string; buyer_document: string | null; buyer_phone: string }) {
  const hashes: Array<{ kind: BlockKind; hash: string }> = [];
  const email = foldEmailForBlock(buyer.buyer_email);
  const document = buyer.buyer_document ? normalizeDocument(buyer.buyer_document) : '';
  if (email) hashes.push({ kind: 'email', hash: blockHash('email', email) });
  if (document) hashes.push({ kind: 'document', hash: blockHash('document', document) });
  const phone = phoneForBlock(buyer.buyer_phone);
  if (phone) hashes.push({ kind: 'phone', hash: blockHash('phone', phone) });
  return hashes;
}

/** Area code and the last eight digits: a mobile is given with or without its ninth digit and the country code. */
function phoneForBlock(value: string): string | null {
  const digits = digitsOnly(value);
  const national = (digits.length === 12 || digits.length === 13) && digits.startsWith('55') ? digits.slice(2) : digits;
  return national.length === 10 || national.length === 11 ? `${national.slice(0, 2)}${national.slice(-8)}` : null;
}

/** At checkout: the buyer's e-mail, CPF or phone lost DISPUTE_BLOCK_AFTER disputes (docs/disputes.md#not-again). */
export async function isBuyerBlocked(
  deps: Pick<DisputesDeps, 'db' | 'config'>,
  buyer: { email: string; document?: string | null | undefined; phone: string },
): Promise<boolean> {
  const hashes = blockHashesOf({ buyer_email: buyer.email, buyer_document: buyer.document ?? null, buyer_phone: buyer.phone });
  // Blocks written before the fold hold the e-mail only normalized: they still count.
  const unfolded = normalizeEmail(buyer.email);
  if (unfolded && unfolded !== foldEmailForBlock(buyer.email)) hashes.push({ kind: 'email', hash: blockHash('email', unfolded) });
  return isAnyBlocked(deps.db, hashes, deps.config.disputeBlockAfter);
}
