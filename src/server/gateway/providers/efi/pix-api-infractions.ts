/**
 * Efí's MED infractions: `GET /v2/gn/infracoes` and `POST /v2/gn/infracoes/{idInfracao}/defesa` (scopes `gn.infractions.read`/`write`).
 * Sources: dev.efipay.com.br/docs/api-pix/endpoints-exclusivos-efi; github.com/efipay/sdk-node-apis-efi (2728b67, `medList`/`medDefense`).
 */
import { text as stringOnly, z } from '../../../../shared/zod.ts';
import { efiCopy } from '../../../../content/providers.ts';
import type { DefenceOutcome, ProviderDispute, ProviderDisputeState } from '../../pix-provider.ts';
import type { PixApiClient, Reply } from './pix-api-client.ts';
import { CallFailure } from './pix-api-client.ts';
import { gatewayError, reasonOf, withRetryAfter } from './pix-api-failures.ts';

/** Efí states no limit; the DICT's infraction report holds at most 2,000 characters (Banco Central, Manual Operacional do DICT). */
export const MAX_DEFENCE_CHARS = 2000;

/** A page at most; far more than a shop sees in one window, and a bound on a list that never ends. */
const MAX_PAGES = 50;

/** ACEITA: the infraction was accepted, so the MED returns the money to the payer; REJEITADA: the seller keeps it. */
const STATES: Readonly<Record<string, ProviderDisputeState>> = {
  ABERTA: 'open',
  EM_DEFESA: 'defending',
  ACEITA: 'lost',
  REJEITADA: 'won',
  CANCELADA_EFI: 'cancelled',
};

const text = stringOnly(z.string().trim().min(1).max(500));
const optionalText = text.nullish().catch(null);

/** The list's `valor` is reais as text, "100" in the documented example and "100.00" in the standard's pattern. */
const REAIS = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

function reaisToCents(value: string | null | undefined): number | null {
  const match = value ? REAIS.exec(value) : null;
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function epochMs(value: string | null | undefined): number | null {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

const InfracaoSchema = z.object({
  idInfracao: text,
  endToEndId: optionalText,
  valor: z
    .union([z.string(), z.number().transform(String)])
    .nullish()
    .catch(null),
  status: text,
  tipoSituacao: optionalText,
  dadosAnalise: z.object({ prazoFinalizacao: optionalText }).nullish().catch(null),
  origem: z.object({ nome: optionalText, documento: optionalText }).nullish().catch(null),
});

const PaginacaoSchema = z
  .object({
    paginaAtual: z.number().int().nonnegative(),
    quantidadeDePaginas: z.number().int().nonnegative(),
  })
  .nullish()
  .catch(null);

const ListSchema = z.object({
  parametros: z.object({ paginacao: PaginacaoSchema }).nullish().catch(null),
  infracoes: z.array(z.unknown()),
});

function toDispute(infracao: z.output<typeof InfracaoSchema>): ProviderDispute | null {
  const state = Object.hasOwn(STATES, infracao.status) ? STATES[infracao.status] : undefined;
  if (!state) return null;
  const payer = infracao.origem ? { name: infracao.origem.nome ?? null, document: infracao.origem.documento ?? null } : null;
  return {
    disputeId: infracao.idInfracao,
    chargeId: null,
    endToEndId: infracao.endToEndId ?? null,
    amountCents: reaisToCents(typeof infracao.valor === 'string' ? infracao.valor.trim() : null),
    state,
    rawStatus: infracao.tipoSituacao ? `${infracao.status} (${infracao.tipoSituacao})` : infracao.status,
    defenceDueAt: epochMs(infracao.dadosAnalise?.prazoFinalizacao),
    payer: payer && (payer.name || payer.document) ? payer : null,
  };
}

export interface InfractionPage {
  disputes: ProviderDispute[];
  nextPage: number | null;
}

/** One page of the list; null when the reply is not one. Items whose status or id cannot be read are left out. */
export function parseInfractionPage(body: unknown): InfractionPage | null {
  const parsed = ListSchema.safeParse(body);
  if (!parsed.success) return null;
  const disputes = parsed.data.infracoes.flatMap((item) => {
    const infracao = InfracaoSchema.safeParse(item);
    const dispute = infracao.success ? toDispute(infracao.data) : null;
    return dispute ? [dispute] : [];
  });
  const paging = parsed.data.parametros?.paginacao;
  const nextPage = paging && paging.paginaAtual + 1 < paging.quantidadeDePaginas ? paging.paginaAtual + 1 : null;
  return { disputes, nextPage };
}

/** RFC 3339 in UTC to the second, as the documented requests write `inicio` and `fim`. */
function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** 403 `insufficient_scope` is the seller's panel, not the bank: say which scope to enable. */
function scopeOrReason(reply: Reply, scope: string): string {
  const error = (reply.json as { error?: unknown } | undefined)?.error;
  return reply.status === 403 && error === 'insufficient_scope' ? efiCopy.missingScope(scope) : reasonOf(reply);
}

function listError(failure: CallFailure | Reply) {
  const reason = failure instanceof CallFailure ? reasonOf(failure) : scopeOrReason(failure, 'gn.infractions.read');
  const error = gatewayError('dispute', efiCopy.infractionsListFailed(reason), failure.status, false);
  return failure instanceof CallFailure ? error : withRetryAfter(error, failure);
}

/** Every infraction in [from, to), page by page (`paginacao.paginaAtual` from 0; the reply's `parametros.paginacao` says how many). */
export async function listInfractions(client: PixApiClient, range: { from: number; to: number }): Promise<ProviderDispute[]> {
  const from = Math.floor(range.from / 1000) * 1000;
  const to = Math.ceil(range.to / 1000) * 1000;
  const disputes: ProviderDispute[] = [];
  let page: number | null = 0;
  for (let fetched = 0; page !== null && fetched < MAX_PAGES; fetched++) {
    const query = new URLSearchParams({ inicio: rfc3339(from), fim: rfc3339(to) });
    if (page > 0) query.set('paginacao.paginaAtual', String(page));
    let reply: Reply;
    try {
      reply = await client.call('GET', `/v2/gn/infracoes?${query.toString()}`);
    } catch (error) {
      if (!(error instanceof CallFailure)) throw error;
      throw listError(error);
    }
    if (reply.status !== 200) throw listError(reply);
    const parsed = parseInfractionPage(reply.json);
    if (!parsed) throw gatewayError('dispute', efiCopy.infractionsListFailed(efiCopy.unreadable), reply.status, false);
    disputes.push(...parsed.disputes);
    page = parsed.nextPage;
  }
  return disputes;
}

/** 201: sent; 409: a defence exists already (so a lost answer is not retried); 422: past its deadline; anything else throws. */
export async function defendInfraction(client: PixApiClient, dispute: ProviderDispute, text: string): Promise<DefenceOutcome> {
  const justificativa = text.trim().slice(0, MAX_DEFENCE_CHARS);
  if (justificativa === '') throw new TypeError('a defence needs a text');
  const path = `/v2/gn/infracoes/${encodeURIComponent(dispute.disputeId)}/defesa`;
  let reply: Reply;
  try {
    reply = await client.call('POST', path, { analise: 'rejeitado', justificativa });
  } catch (error) {
    if (!(error instanceof CallFailure)) throw error;
    throw gatewayError('dispute', efiCopy.defenceFailed(reasonOf(error)), error.status, error.sent);
  }
  if (reply.status >= 200 && reply.status < 300) return { kind: 'sent' };
  if (reply.status === 409) return { kind: 'already_sent' };
  if (reply.status === 422) return { kind: 'too_late' };
  throw gatewayError('dispute', efiCopy.defenceFailed(scopeOrReason(reply, 'gn.infractions.write')), reply.status, reply.status >= 500);
}
