import { z } from 'zod';
import type {
  OpenFinanceLink,
  OpenFinanceLinkState,
  OpenFinanceParticipant,
  OpenFinancePayment,
  OpenFinanceRefund,
  OpenFinanceRefundState,
  OpenFinanceState,
} from '../../open-finance.ts';
import { reaisToCents } from './pix-api-parse.ts';

/** Efí's Open Finance replies as our values (sources in docs/payments.md#open-finance); none throws. */

export type { OpenFinanceLink, OpenFinanceParticipant, OpenFinancePayment, OpenFinanceRefund, OpenFinanceState };

/** "Status das Transações": pendente, agendado, rejeitado, aceito, cancelado, expirado (and `erro` in the list filter). */
const STATES: Readonly<Record<string, OpenFinanceState>> = {
  pendente: 'pending',
  agendado: 'pending',
  aceito: 'paid',
  concluido: 'paid',
  rejeitado: 'failed',
  erro: 'failed',
  expirado: 'expired',
  cancelado: 'cancelled',
};

const REFUND_STATES: Readonly<Record<string, OpenFinanceRefundState>> = { pendente: 'pending', aceito: 'done', rejeitado: 'failed' };

/** Bounds by refine: zod's length checks read `.length` of any input and throw on `{ "length": [{}] }` (found by fuzzing). */
const bounded = (max: number) =>
  z
    .string()
    .refine((value) => value.trim() !== '' && value.length <= max)
    .transform((value) => value.trim());
const arrayOf = (max: number) => z.array(z.unknown()).refine((items) => items.length <= max);
const text = bounded(2000);
const optionalText = text.nullish().catch(null);
/** `urn:efi:…`, `urn:nubank:…`, a participant's uuid: opaque, printable, bounded. */
export const OPEN_FINANCE_ID = /^[\x21-\x7e]{1,200}$/;
const identifier = z.string().regex(OPEN_FINANCE_ID);
const amount = z.unknown().transform(reaisToCents);

function stateOf(raw: string | null | undefined): OpenFinanceState {
  return raw && Object.hasOwn(STATES, raw) ? STATES[raw]! : 'unknown';
}

/** Where the browser is sent: https, or http on loopback (a stand-in's bank page); never javascript: or data:. */
function navigableUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 4000 || !URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.protocol === 'https:') return url.href;
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  return url.protocol === 'http:' && loopback ? url.href : null;
}

/** Efí's error body, `{ nome, mensagem }` (every endpoint's documented 4xx and 5xx). */
const ErrorSchema = z.object({ nome: bounded(200), mensagem: optionalText });

export function parseOpenFinanceError(body: unknown): { nome: string; mensagem: string | null } | null {
  const parsed = ErrorSchema.safeParse(body);
  return parsed.success ? { nome: parsed.data.nome, mensagem: parsed.data.mensagem ?? null } : null;
}

const ConfigSchema = z.object({
  redirectURL: text,
  webhookURL: text,
  webhookSecurity: z
    .object({ type: z.enum(['mtls', 'hmac']) })
    .nullish()
    .catch(null),
});

export interface OpenFinanceConfig {
  redirectUrl: string;
  webhookUrl: string;
  /** mtls when Efí leaves it out (its default). */
  webhookSecurity: 'mtls' | 'hmac';
}

export function parseOpenFinanceConfig(body: unknown): OpenFinanceConfig | null {
  const parsed = ConfigSchema.safeParse(body);
  if (!parsed.success) return null;
  return {
    redirectUrl: parsed.data.redirectURL,
    webhookUrl: parsed.data.webhookURL,
    webhookSecurity: parsed.data.webhookSecurity?.type ?? 'mtls',
  };
}

const ParticipantSchema = z.object({
  identificador: identifier,
  nome: bounded(200),
  descricao: optionalText,
  portal: optionalText,
  logo: optionalText,
});

/** `GET /participantes`: each well-formed entry; a malformed one is left out, not the list. */
export function parseParticipants(body: unknown): OpenFinanceParticipant[] | null {
  const list = z.object({ participantes: arrayOf(5000) }).safeParse(body);
  if (!list.success) return null;
  const participants: OpenFinanceParticipant[] = [];
  for (const entry of list.data.participantes) {
    const parsed = ParticipantSchema.safeParse(entry);
    if (!parsed.success) continue;
    const logo = navigableUrl(parsed.data.logo);
    participants.push({
      id: parsed.data.identificador,
      name: parsed.data.nome,
      description: parsed.data.descricao ?? null,
      logoUrl: logo?.startsWith('https:') ? logo : null,
    });
  }
  return participants;
}

/** `POST /pagamentos/pix` and `POST /pagamentos-biometria/pix`: `{ identificadorPagamento, redirectURI }`. */
export function parseStartedPayment(body: unknown): { paymentId: string; redirectUri: string } | null {
  const parsed = z.object({ identificadorPagamento: identifier, redirectURI: z.unknown() }).safeParse(body);
  const redirectUri = parsed.success ? navigableUrl(parsed.data.redirectURI) : null;
  return parsed.success && redirectUri ? { paymentId: parsed.data.identificadorPagamento, redirectUri } : null;
}

/** `POST /pagamentos-biometria/vinculos`: `{ identificadorVinculo, redirectURI }`. */
export function parseStartedLink(body: unknown): { linkId: string; redirectUri: string } | null {
  const parsed = z.object({ identificadorVinculo: identifier, redirectURI: z.unknown() }).safeParse(body);
  const redirectUri = parsed.success ? navigableUrl(parsed.data.redirectURI) : null;
  return parsed.success && redirectUri ? { linkId: parsed.data.identificadorVinculo, redirectUri } : null;
}

const RefundSchema = z.object({ identificadorDevolucao: optionalText, valor: amount, status: optionalText, dataCriacao: optionalText });

function refundOf(entry: z.output<typeof RefundSchema>): OpenFinanceRefund {
  const rawStatus = entry.status ?? null;
  return {
    refundId: entry.identificadorDevolucao ?? null,
    amountCents: entry.valor,
    state: (rawStatus && Object.hasOwn(REFUND_STATES, rawStatus) ? REFUND_STATES[rawStatus] : undefined) ?? 'pending',
    rawStatus,
  };
}

const PaymentSchema = z.object({
  identificadorPagamento: identifier,
  endToEndId: optionalText,
  valor: amount,
  status: optionalText,
  dataCriacao: optionalText,
  idProprio: optionalText,
  devolucoes: arrayOf(500).nullish().catch(null),
});

function paymentOf(entry: unknown): OpenFinancePayment | null {
  const parsed = PaymentSchema.safeParse(entry);
  if (!parsed.success) return null;
  const data = parsed.data;
  const created = data.dataCriacao ? Date.parse(data.dataCriacao) : Number.NaN;
  return {
    paymentId: data.identificadorPagamento,
    state: stateOf(data.status),
    rawStatus: data.status ?? null,
    amountCents: data.valor,
    endToEndId: data.endToEndId ?? null,
    ownId: data.idProprio ?? null,
    createdAt: Number.isFinite(created) ? created : null,
    refunds: (data.devolucoes ?? []).flatMap((refund) => {
      const read = RefundSchema.safeParse(refund);
      return read.success ? [refundOf(read.data)] : [];
    }),
  };
}

/**
 * `GET /pagamentos/pix` (`pagamentos`) and `GET /pagamentos-biometria/pix` (the SDK's JSDoc names that list
 * `vinculos`): each well-formed payment; `next` is the page after, when Efí gives one.
 */
export function parsePaymentPage(body: unknown): { payments: OpenFinancePayment[]; hasNext: boolean } | null {
  const page = z
    .object({
      pagamentos: arrayOf(5000).optional(),
      vinculos: arrayOf(5000).optional(),
      proximo: z.string().nullish().catch(null),
    })
    .safeParse(body);
  if (!page.success) return null;
  const entries = page.data.pagamentos ?? page.data.vinculos;
  if (!entries) return null;
  return {
    payments: entries.map(paymentOf).filter((payment): payment is OpenFinancePayment => payment !== null),
    hasNext: typeof page.data.proximo === 'string' && page.data.proximo !== '',
  };
}

/** `POST /pagamentos/pix/:id/devolver`'s 202: `{ identificadorPagamento, valorDevolucao, dataCriacao, status }`. */
export function parseRefundAnswer(body: unknown): { paymentId: string; refund: OpenFinanceRefund } | null {
  const parsed = z
    .object({ identificadorPagamento: identifier, valorDevolucao: amount, status: optionalText, dataCriacao: optionalText })
    .safeParse(body);
  if (!parsed.success) return null;
  const { identificadorPagamento, valorDevolucao, status, dataCriacao } = parsed.data;
  return {
    paymentId: identificadorPagamento,
    refund: refundOf({ identificadorDevolucao: null, valor: valorDevolucao, status, dataCriacao }),
  };
}

const LinkSchema = z.object({
  identificador: identifier,
  status: optionalText,
  dataExpiracao: optionalText,
  limiteDiario: amount,
  limiteTransacao: amount,
  participante: z
    .object({ identificador: identifier, nome: bounded(200), logo: optionalText })
    .nullish()
    .catch(null),
});

/**
 * A `status` on a listed vínculo is in no public document (the SDKs' list carries `identificador`, `dataAutorizacao`,
 * `dataExpiracao`, `limiteDiario`, `limiteTransacao`, `conta`, `participante`): read when present, in Efí's words for
 * its payments ("Status das Transações"), and any other word is not taken for an end.
 */
const LINK_STATES: Readonly<Record<string, OpenFinanceLinkState>> = {
  aceito: 'active',
  ativo: 'active',
  pendente: 'pending',
  expirado: 'expired',
  revogado: 'revoked',
  rejeitado: 'revoked',
  cancelado: 'revoked',
};

/** `GET /pagamentos-biometria/vinculos?cpf=`: each well-formed vínculo. */
export function parseLinks(body: unknown): OpenFinanceLink[] | null {
  const list = z.object({ vinculos: arrayOf(1000) }).safeParse(body);
  if (!list.success) return null;
  return list.data.vinculos.flatMap((entry) => {
    const parsed = LinkSchema.safeParse(entry);
    if (!parsed.success) return [];
    const expires = parsed.data.dataExpiracao ? Date.parse(parsed.data.dataExpiracao) : Number.NaN;
    const participant = parsed.data.participante;
    const status = parsed.data.status;
    return [
      {
        linkId: parsed.data.identificador,
        state: status == null ? null : ((Object.hasOwn(LINK_STATES, status) ? LINK_STATES[status] : undefined) ?? 'unknown'),
        expiresAt: Number.isFinite(expires) ? expires : null,
        dailyLimitCents: parsed.data.limiteDiario,
        perPaymentLimitCents: parsed.data.limiteTransacao,
        participant: participant ? { id: participant.identificador, name: participant.nome } : null,
      },
    ];
  });
}

/** A callback: `tipo` pagamento or devolucao ("Recebendo Callbacks"). */
export type OpenFinanceNotice =
  | { kind: 'payment'; paymentId: string; state: OpenFinanceState; rawStatus: string | null; ownId: string | null; reason: string | null }
  | { kind: 'refund'; paymentId: string; refund: OpenFinanceRefund; ownId: string | null };

export function parseNotice(body: unknown): OpenFinanceNotice | null {
  const parsed = z
    .object({
      identificadorPagamento: identifier,
      tipo: optionalText,
      status: optionalText,
      valor: amount,
      idProprio: optionalText,
      identificadorDevolucao: optionalText,
      dataCriacao: optionalText,
      motivo: optionalText,
    })
    .safeParse(body);
  if (!parsed.success) return null;
  const data = parsed.data;
  if (data.tipo === 'devolucao') {
    return {
      kind: 'refund',
      paymentId: data.identificadorPagamento,
      refund: refundOf({
        identificadorDevolucao: data.identificadorDevolucao,
        valor: data.valor,
        status: data.status,
        dataCriacao: data.dataCriacao,
      }),
      ownId: data.idProprio ?? null,
    };
  }
  return {
    kind: 'payment',
    paymentId: data.identificadorPagamento,
    state: stateOf(data.status),
    rawStatus: data.status ?? null,
    ownId: data.idProprio ?? null,
    reason: data.motivo ?? null,
  };
}
