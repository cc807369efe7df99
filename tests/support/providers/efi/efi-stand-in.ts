import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { createStandInKit, type Fault, type MtlsOptions, type StandInRequest } from '../../stand-ins/kit.ts';

/**
 * A stand-in for Efí's API Pix: a real https server on 127.0.0.1 that, like the bank, REQUIRES a
 * client certificate signed by its CA on every connection (the token call included), and checks
 * every request against the Banco Central's openapi.yaml (github.com/bacen/pix-api) and Efí's
 * extensions. Sources are cited in tests/integration/gateway/provider-efi.test.ts, and for the MED infractions and the
 * devoluções' `natureza` in tests/integration/gateway/provider-disputes.test.ts.
 */

/** A throwaway PKI made with the machine's openssl: the bank's CA, its server, the seller, a stranger. */
export interface TestPki {
  dir: string;
  caCert: string;
  serverCert: string;
  serverKey: string;
  /** The seller's certificate as Efí hands it out (.p12, no passphrase) and converted (.pem, cert + key). */
  sellerP12Path: string;
  sellerPemPath: string;
  /** The .p12 converted as Efí documents (`openssl pkcs12 -in cert.p12 -out cert.pem -nodes`): "Bag Attributes" first. */
  sellerConvertedPemPath: string;
  /** The seller's certificate with the stranger's key: a pair that does not match. */
  mismatchedPemPath: string;
  /** A certificate from another CA (say, homologação's against production). */
  strangerPemPath: string;
  /** The bank's own client certificate, presented when it calls our webhook (mTLS). */
  bankClientCert: string;
  bankClientKey: string;
  cleanup(): void;
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

function issue(dir: string, name: string, subject: string, ca: string, extensions: string): void {
  openssl(dir, [
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
    '-subj',
    subject,
  ]);
  writeFileSync(path.join(dir, `${name}.ext`), extensions);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.crt`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-out',
    `${name}.crt`,
    '-days',
    '2',
    '-extfile',
    `${name}.ext`,
  ]);
}

function selfSignedCa(dir: string, name: string, subject: string): void {
  openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.crt`,
    '-days',
    '2',
    '-subj',
    subject,
  ]);
}

export function makeTestPki(): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), 'efi-pki-'));
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  selfSignedCa(dir, 'ca', '/CN=Stand-in PSP CA');
  selfSignedCa(dir, 'other-ca', '/CN=Another CA');
  issue(dir, 'server', '/CN=127.0.0.1', 'ca', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  issue(dir, 'seller', '/CN=Seller application', 'ca', 'extendedKeyUsage=clientAuth\n');
  issue(dir, 'bank-client', '/CN=Stand-in PSP webhooks', 'ca', 'extendedKeyUsage=clientAuth\n');
  issue(dir, 'stranger', '/CN=Stranger', 'other-ca', 'extendedKeyUsage=clientAuth\n');
  openssl(dir, ['pkcs12', '-export', '-in', 'seller.crt', '-inkey', 'seller.key', '-out', 'seller.p12', '-passout', 'pass:']);
  writeFileSync(path.join(dir, 'seller.pem'), read('seller.crt') + read('seller.key'));
  openssl(dir, ['pkcs12', '-in', 'seller.p12', '-out', 'seller-converted.pem', '-nodes', '-passin', 'pass:']);
  writeFileSync(path.join(dir, 'mismatched.pem'), read('seller.crt') + read('stranger.key'));
  writeFileSync(path.join(dir, 'stranger.pem'), read('stranger.crt') + read('stranger.key'));
  return {
    dir,
    caCert: read('ca.crt'),
    serverCert: read('server.crt'),
    serverKey: read('server.key'),
    sellerP12Path: path.join(dir, 'seller.p12'),
    sellerPemPath: path.join(dir, 'seller.pem'),
    sellerConvertedPemPath: path.join(dir, 'seller-converted.pem'),
    mismatchedPemPath: path.join(dir, 'mismatched.pem'),
    strangerPemPath: path.join(dir, 'stranger.pem'),
    bankClientCert: read('bank-client.crt'),
    bankClientKey: read('bank-client.key'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  /** The standard's `NaturezaDevolucao`: ORIGINAL for the receiver's own; MED_FRAUDE or MED_OPERACIONAL for a MED return. */
  natureza: 'ORIGINAL' | 'RETIRADA' | 'MED_FRAUDE' | 'MED_OPERACIONAL';
  horario: { solicitacao: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  motivo?: string;
}

export type InfracaoStatus = 'ABERTA' | 'EM_DEFESA' | 'ACEITA' | 'REJEITADA' | 'CANCELADA_EFI';

/**
 * One MED infraction as Efí lists it ("Listar infrações MED da conta", dev.efipay.com.br/docs/api-pix/endpoints-exclusivos-efi;
 * the `medList` JSDoc of github.com/efipay/sdk-node-apis-efi): the fields the documented example carries.
 */
export interface Infracao {
  idInfracao: string;
  endToEndId: string;
  protocolo: string;
  dataTransacao: string;
  valor: string;
  status: InfracaoStatus;
  razao: string;
  tipoSituacao: string;
  defesa?: string;
  dadosAnalise: { abertura: string; prazoFinalizacao: string; recebimentoDefesa?: string; finalizacao?: string };
  origem: { nomeParticipante: string; conta: string; nome: string; documento: string };
  destino: { nomeParticipante: string; conta: string; nome: string; documento: string };
  criadoEm: string;
  atualizadoEm: string;
}

/** The documented example's page size (`itensPorPagina: 10`). */
const INFRACOES_PER_PAGE = 10;
/** RFC 3339 as the documented requests write `inicio` and `fim`. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

/** A PIX sent from the account, as `GET /v2/gn/pix/enviados/id-envio/:idEnvio` answers it. */
interface Envio {
  idEnvio: string;
  e2eId: string;
  valor: string;
  chave: string;
  infoPagador: string | null;
  solicitacao: string;
  liquidacao?: string;
  status: 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';
}

interface PixEntry {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
  devolucoes: Devolucao[];
}

interface Cob {
  txid: string;
  revisao: number;
  criacao: string;
  expiracao: number;
  original: string;
  chave: string;
  devedor?: Record<string, string>;
  solicitacaoPagador?: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  locId: number;
  pix: PixEntry[];
}

/** What the test can make the next matching request meet: the kit's faults, in the words the tests use. */
export type ScriptedReply =
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  /** Never answer (the client's timeout must fire). */
  | { kind: 'hang' }
  /** Read the request, do what it asks, then cut the connection without an answer. */
  | { kind: 'drop-after' }
  /** Do what the request asks and answer, but with this body instead. */
  | { kind: 'rewrite'; rewrite: (normal: Record<string, unknown>) => string };

/** An Efí stand-in's scripted reply as the kit's fault (a `status` answers its body as is, empty when none). */
export function faultOf(reply: ScriptedReply | { kind: 'rewrite'; body: string }): Fault {
  if (reply.kind === 'status')
    return { kind: 'raw', status: reply.status, text: reply.body ?? '', ...(reply.headers ? { headers: reply.headers } : {}) };
  if (reply.kind === 'drop-after') return { kind: 'swallowed' };
  if (reply.kind === 'rewrite' && 'body' in reply) return { kind: 'raw', text: reply.body, processed: true };
  return reply;
}

/** The kit's route for `method` and a path prefix, and whether a request's method and path fall under it. */
export const scriptRoute = (method: string, prefix: string) => `${method} ${prefix}`;
export const underRoute = (method: string, path: string) => (route: string) => {
  const space = route.indexOf(' ');
  return route.slice(0, space) === method && path.startsWith(route.slice(space + 1));
};

export interface EfiStandInOptions {
  pki: TestPki;
  clientId: string;
  clientSecret: string;
  pixKey: string;
  /** Seconds the tokens it issues live. */
  tokenLifetime?: number;
  /** Leave `pixCopiaECola` out of cob replies, so the client must call `GET /v2/loc/{id}/qrcode`. */
  omitCopiaECola?: boolean;
  now?: () => number;
}

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const E2EID = /^[a-zA-Z0-9]{32}$/;
const DEVOLUCAO_ID = /^[a-zA-Z0-9]{1,35}$/;
const REAIS = /^\d{1,10}\.\d{2}$/;
const COB_KEYS = new Set(['calendario', 'devedor', 'loc', 'valor', 'chave', 'solicitacaoPagador', 'infoAdicionais']);

function cents(reais: string): number {
  const [whole, fraction] = reais.split('.');
  return Number(whole) * 100 + Number(fraction);
}

function reais(value: number): string {
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

function alnum(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** Efí's own error names (https://dev.efipay.com.br/docs/api-pix/cobrancas-imediatas, "Erros"). */
const EFI_ERRORS = {
  cobranca_nao_encontrada: 'Nenhuma cobrança encontrada para o txid informado',
  chave_invalida: 'A chave informada não pertence ao usuário recebedor',
  documento_bloqueado: 'O documento do usuário recebedor está bloqueado',
  // The send's refusals, in the same `{ nome, mensagem }` shape (envio-pagamento-pix); their exact names are the stand-in's.
  id_envio_duplicado: 'O idEnvio informado já foi utilizado em outro envio',
  saldo_insuficiente: 'Saldo insuficiente para realizar o envio',
  chave_favorecido_nao_encontrada: 'A chave Pix do favorecido não foi encontrada',
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class EfiStandIn {
  url = '';
  private readonly kit = createStandInKit();
  /** Each request as the kit records it (`path` without the query, which `query` holds; `rawBody` and the parsed `body`). */
  readonly requests: StandInRequest[] = this.kit.requests;
  /** Every way a request we sent broke the documented shape; a test ends with none it did not provoke. */
  readonly violations: string[] = [];
  tokenCalls = 0;
  /** Where it posts notifications (the webhook registered for the PIX key). */
  webhookUrl: string | null = null;
  /** The registration's `x-skip-mtls-checking` (Efí's): true when Efí was told not to check our mTLS. */
  webhookSkipsMtls = false;
  private webhookCreatedAt = '';
  private readonly cobs = new Map<string, Cob>();
  /** MED infractions against the account's received Pix, by `idInfracao`. */
  readonly infracoes = new Map<string, Infracao>();
  /** Every defence Efí accepted (`POST /v2/gn/infracoes/{id}/defesa` answered 201), as sent. */
  readonly defences: Array<{ idInfracao: string; analise: string; justificativa: string }> = [];
  private readonly tokens = new Map<string, number>();
  /** PIX sent from the account (`PUT /v3/gn/pix/:idEnvio`), by `idEnvio`. */
  readonly envios = new Map<string, Envio>();
  /** The account's balance, which each send spends; a send above it is refused. */
  balanceCents = 10_000_000;
  /** Keys the DICT does not know: a send to one is refused. */
  readonly unknownKeys = new Set<string>();
  /**
   * When a send accepted EM_PROCESSAMENTO settles: `on_read` (REALIZADO by the next read of it), `rejected` (NAO_REALIZADO
   * by then, the money back), `never` (it stays in processing). Efí tells by a webhook on the paying key, which this
   * stand-in never posts: the shop learns by reading back.
   */
  envioSettles: 'on_read' | 'rejected' | 'never' = 'on_read';
  private nextLocId = 100;
  private readonly now: () => number;

  constructor(private readonly options: EfiStandInOptions) {
    this.now = options.now ?? Date.now;
  }

  async start(): Promise<void> {
    const { pki } = this.options;
    const listening = await this.kit.listenNode((request, response) => void this.handle(request, response), { mtls: mtlsOf(pki) });
    this.url = listening.url;
  }

  async stop(): Promise<void> {
    await this.kit.stop();
  }

  /** The next request matching `method` and a path starting with `pathPrefix` meets `reply`. */
  script(method: string, pathPrefix: string, reply: ScriptedReply): void {
    this.kit.script(scriptRoute(method, pathPrefix), faultOf(reply));
  }

  /** Drops the scripted answers no call has met yet: a fault meant for one step never meets a later one. */
  clearScripts(): void {
    this.kit.clearScripts();
  }

  /** Tokens issued so far stop working (the bank revoked them early). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  cob(txid: string): Cob | undefined {
    return this.cobs.get(txid);
  }

  /** Cobs made so far (a `PUT /cob/{txid}` of a txid it holds revises that one). */
  get cobCount(): number {
    return this.cobs.size;
  }

  /** The buyer pays: the charge is CONCLUIDA with one Pix. Returns the Pix's end-to-end id. */
  pay(txid: string): string {
    const cob = this.cobs.get(txid);
    if (!cob || cob.status !== 'ATIVA') throw new Error(`stand-in: no payable cob ${txid}`);
    const endToEndId = `E${alnum(31)}`;
    cob.status = 'CONCLUIDA';
    cob.pix.push({ endToEndId, txid, valor: cob.original, horario: new Date(this.now()).toISOString(), devolucoes: [] });
    return endToEndId;
  }

  /**
   * The payer's bank opens a MED infraction against the Pix that paid `txid` (the payer contests it in their bank
   * app). `prazoFinalizacao` is when the seller's defence is due. Returns its `idInfracao`.
   */
  openInfraction(txid: string, options: { prazoFinalizacao: number; payer?: { nome: string; documento: string } }): string {
    const pix = this.cobs.get(txid)?.pix[0];
    if (!pix) throw new Error(`stand-in: no paid cob ${txid}`);
    const idInfracao = `${alnum(8)}-${alnum(4)}-${alnum(4)}-${alnum(4)}-${alnum(12)}`.toLowerCase();
    const at = new Date(this.now()).toISOString();
    this.infracoes.set(idInfracao, {
      idInfracao,
      endToEndId: pix.endToEndId,
      protocolo: String(1000 + this.infracoes.size),
      dataTransacao: pix.horario,
      valor: pix.valor,
      status: 'ABERTA',
      razao: 'Solicitacao de devolução',
      tipoSituacao: 'golpe',
      dadosAnalise: { abertura: at, prazoFinalizacao: new Date(options.prazoFinalizacao).toISOString() },
      origem: {
        nomeParticipante: 'BANCO XYZ',
        conta: '10001',
        nome: options.payer?.nome ?? 'Pagador',
        documento: options.payer?.documento ?? '***',
      },
      destino: { nomeParticipante: 'Efí S/A', conta: '20002', nome: 'Loja', documento: '***' },
      criadoEm: at,
      atualizadoEm: at,
    });
    return idInfracao;
  }

  /** The infraction's analysis moves on (ACEITA: the MED returns the money; REJEITADA: the seller keeps it). */
  setInfractionStatus(idInfracao: string, status: InfracaoStatus): void {
    const infracao = this.infracoes.get(idInfracao);
    if (!infracao) throw new Error(`stand-in: no infraction ${idInfracao}`);
    infracao.status = status;
    infracao.atualizadoEm = new Date(this.now()).toISOString();
    if (status !== 'ABERTA' && status !== 'EM_DEFESA') infracao.dadosAnalise.finalizacao = infracao.atualizadoEm;
  }

  /**
   * The MED takes money back: a devolução on the original Pix with `natureza` MED_FRAUDE or MED_OPERACIONAL (the
   * standard's `NaturezaDevolucao`), settled at once. Returns its id.
   */
  medReturn(endToEndId: string, amountCents: number, natureza: 'MED_FRAUDE' | 'MED_OPERACIONAL' = 'MED_FRAUDE'): string {
    return this.settledDevolucao(endToEndId, amountCents, natureza);
  }

  /** The seller gives back part or all of the Pix in Efí's panel: a devolução of `natureza` ORIGINAL, settled at once. */
  refundInPanel(endToEndId: string, amountCents: number): string {
    return this.settledDevolucao(endToEndId, amountCents, 'ORIGINAL');
  }

  private settledDevolucao(endToEndId: string, amountCents: number, natureza: Devolucao['natureza']): string {
    const pix = this.findPix(endToEndId);
    if (!pix) throw new Error(`stand-in: no pix ${endToEndId}`);
    const at = new Date(this.now()).toISOString();
    const id = `${natureza === 'ORIGINAL' ? 'PAINEL' : 'MED'}${alnum(20)}`;
    pix.devolucoes.push({
      id,
      rtrId: `D${alnum(31)}`,
      valor: reais(amountCents),
      natureza,
      horario: { solicitacao: at, liquidacao: at },
      status: 'DEVOLVIDO',
    });
    return id;
  }

  /** The seller removes the charge in Efí's panel. */
  remove(txid: string): void {
    const cob = this.cobs.get(txid);
    if (cob) cob.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
  }

  /** The devolução reaches a final status. */
  settleRefund(endToEndId: string, id: string, status: 'DEVOLVIDO' | 'NAO_REALIZADO'): void {
    const refund = this.findPix(endToEndId)?.devolucoes.find((devolucao) => devolucao.id === id);
    if (!refund) throw new Error(`stand-in: no devolução ${id}`);
    refund.status = status;
    if (status === 'DEVOLVIDO') refund.horario.liquidacao = new Date(this.now()).toISOString();
    else refund.motivo = 'Negado por timeout';
  }

  /**
   * Notifies the registered webhook as the standard's callback does: `POST {webhookUrl}/pix` (Efí
   * appends `/pix` unless the URL holds `ignorar=`), body `{ pix: [...] }`, over TLS presenting the
   * bank's client certificate. Returns the receiver's status.
   */
  async notify(txids: string[]): Promise<number> {
    if (!this.webhookUrl) throw new Error('stand-in: no webhook registered');
    const target = new URL(this.webhookUrl);
    if (!target.search.includes('ignorar=')) target.pathname = `${target.pathname.replace(/\/$/, '')}/pix`;
    const pix = txids.flatMap((txid) => this.cobs.get(txid)?.pix ?? []);
    const body = JSON.stringify({ pix });
    const { pki } = this.options;
    const tls = { cert: pki.bankClientCert, key: pki.bankClientKey, ca: pki.caCert };
    return (await this.kit.deliver(target, body, {}, undefined, tls)).status;
  }

  private findPix(endToEndId: string): PixEntry | undefined {
    for (const cob of this.cobs.values()) {
      const found = cob.pix.find((pix) => pix.endToEndId === endToEndId);
      if (found) return found;
    }
    return undefined;
  }

  private cobJson(cob: Cob): Record<string, unknown> {
    const location = `pix.stand-in.example/qr/v2/${cob.txid}`;
    return {
      calendario: { criacao: cob.criacao, expiracao: cob.expiracao },
      txid: cob.txid,
      revisao: cob.revisao,
      // The standard's example sends `loc.id` as a number.
      loc: { id: cob.locId, location, tipoCob: 'cob', criacao: cob.criacao },
      location,
      status: cob.status,
      ...(cob.devedor ? { devedor: cob.devedor } : {}),
      valor: { original: cob.original },
      chave: cob.chave,
      ...(cob.solicitacaoPagador ? { solicitacaoPagador: cob.solicitacaoPagador } : {}),
      ...(this.options.omitCopiaECola ? {} : { pixCopiaECola: this.copiaECola(cob) }),
      ...(cob.pix.length > 0 ? { pix: cob.pix } : {}),
    };
  }

  /** The copy-and-paste code the bank gives for the charge (what the buyer's page must show). */
  copiaECola(cob: Cob): string {
    return `00020101021226830014BR.GOV.BCB.PIX2561pix.stand-in.example/qr/v2/${cob.txid}5204000053039865406${cob.original}5802BR6304ABCD`;
  }

  private problem(response: ServerResponse, status: number, type: string, detail: string, violation = true): void {
    if (violation) this.violations.push(`${status} ${type}: ${detail}`);
    response.writeHead(status, { 'Content-Type': 'application/problem+json' });
    response.end(JSON.stringify({ type: `https://pix.bcb.gov.br/api/v2/error/${type}`, title: type, status, detail }));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const method = request.method ?? '';
    const url = new URL(request.url ?? '/', this.url);
    const socket = request.socket as TLSSocket;
    this.kit.recordNode(request, response, body);
    // rejectUnauthorized already ended any connection without our CA's certificate; this is belt and braces.
    if (!socket.authorized) return this.problem(response, 403, 'AcessoNegado', 'client certificate required');

    const fault = this.kit.takeFault(underRoute(method, url.pathname));
    if (this.kit.faultBeforeNode(fault, request, response)) return;
    /** `json` null: a reply the standard gives no body (`PUT /webhook/{chave}`'s 200). */
    const answer = (status: number, json: Record<string, unknown> | null) => this.kit.answerNode(fault, request, response, status, json);

    if (method === 'POST' && url.pathname === '/oauth/token') return this.token(request, body, response, answer);

    const auth = request.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
    const until = this.tokens.get(token);
    if (until === undefined || this.now() >= until) {
      // Efí's own shape for an expired or unknown token, not the standard's Problema.
      response.writeHead(401, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ nome: 'nao_autorizado', mensagem: 'Token inválido ou expirado' }));
      return;
    }

    let json: unknown = undefined;
    if (method === 'PUT' || method === 'PATCH' || method === 'POST') {
      if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) {
        return this.problem(response, 400, 'RequisicaoInvalida', 'Content-Type must be application/json');
      }
      try {
        json = JSON.parse(body);
      } catch {
        return this.problem(response, 400, 'RequisicaoInvalida', 'body is not JSON');
      }
    }

    const segments = url.pathname.split('/').filter(Boolean);
    if (segments[0] === 'v2' && segments[1] === 'cob' && segments.length === 3) {
      const txid = decodeURIComponent(segments[2]!);
      if (!TXID.test(txid)) return this.problem(response, 400, 'CobOperacaoInvalida', `txid ${txid} does not match [a-zA-Z0-9]{26,35}`);
      if (method === 'PUT') return this.putCob(txid, json, response, answer);
      const cob = this.cobs.get(txid);
      // Efí answers an unknown txid in its own shape, 400 `cobranca_nao_encontrada`, where the standard says 404
      // (https://dev.efipay.com.br/docs/api-pix/cobrancas-imediatas).
      if ((method === 'GET' || method === 'PATCH') && !cob) return this.efiError(response, 400, 'cobranca_nao_encontrada');
      if (method === 'GET') return answer(200, this.cobJson(cob!));
      if (method === 'PATCH') return this.patchCob(cob!, json, response, answer);
    }
    if (segments[0] === 'v2' && segments[1] === 'loc' && segments[3] === 'qrcode' && segments.length === 4 && method === 'GET') {
      const cob = [...this.cobs.values()].find((candidate) => String(candidate.locId) === segments[2]);
      if (!cob) return this.problem(response, 404, 'NaoEncontrado', 'location não encontrada');
      return answer(200, {
        qrcode: this.copiaECola(cob),
        imagemQrcode: `data:image/png;base64,${Buffer.from('stand-in png').toString('base64')}`,
        linkVisualizacao: `https://pix.stand-in.example/cob/pagar/${cob.txid}`,
      });
    }
    if (segments[0] === 'v2' && segments[1] === 'webhook' && segments.length === 3 && (method === 'PUT' || method === 'GET')) {
      // A `+` left raw in a path is read as a space by form-style decoding: only `%2B` is a phone key's plus.
      const chave = decodeURIComponent(segments[2]!.replace(/\+/g, ' '));
      if (method === 'GET') return this.getWebhook(chave, response, answer);
      return this.putWebhook(chave, json, request.headers['x-skip-mtls-checking'], response, answer);
    }
    if (segments[0] === 'v2' && segments[1] === 'gn' && segments[2] === 'infracoes') {
      if (segments.length === 3 && method === 'GET') return this.listInfracoes(url.searchParams, response, answer);
      if (segments.length === 5 && segments[4] === 'defesa' && method === 'POST') {
        return this.defesa(decodeURIComponent(segments[3]!), json, response);
      }
    }
    if (segments[0] === 'v3' && segments[1] === 'gn' && segments[2] === 'pix' && segments.length === 4 && method === 'PUT') {
      return this.putEnvio(decodeURIComponent(segments[3]!), json, response, answer);
    }
    if (segments.join('/').startsWith('v2/gn/pix/enviados/id-envio/') && segments.length === 6 && method === 'GET') {
      return this.getEnvio(decodeURIComponent(segments[5]!), response, answer);
    }
    if (segments[0] === 'v2' && segments[1] === 'pix' && segments[3] === 'devolucao' && segments.length === 5) {
      return this.devolucao(method, decodeURIComponent(segments[2]!), decodeURIComponent(segments[4]!), json, response, answer);
    }
    return this.problem(response, 404, 'NaoEncontrado', `${method} ${url.pathname} is not an API Pix route`);
  }

  private token(
    request: IncomingMessage,
    body: string,
    response: ServerResponse,
    answer: (status: number, json: Record<string, unknown>) => void,
  ): void {
    this.tokenCalls++;
    const expected = `Basic ${Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      response.writeHead(401, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: 'invalid_client', error_description: 'Invalid or inactive credentials' }));
      return;
    }
    const type = String(request.headers['content-type'] ?? '');
    let grant: unknown;
    try {
      grant = type.startsWith('application/json') ? JSON.parse(body) : Object.fromEntries(new URLSearchParams(body));
    } catch {
      grant = null;
    }
    if (!isRecord(grant) || grant.grant_type !== 'client_credentials') {
      return this.problem(response, 400, 'RequisicaoInvalida', 'grant_type must be client_credentials');
    }
    const token = alnum(40);
    const lifetime = this.options.tokenLifetime ?? 3600;
    this.tokens.set(token, this.now() + lifetime * 1000);
    answer(200, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: lifetime,
      scope: 'cob.read cob.write pix.read pix.write pix.send gn.pix.send.read',
    });
  }

  private putCob(
    txid: string,
    json: unknown,
    response: ServerResponse,
    answer: (status: number, json: Record<string, unknown>) => void,
  ): void {
    // CobSolicitada: required valor, chave, calendario; the violations listed for `PUT /cob/{txid}`.
    if (!isRecord(json)) return this.problem(response, 400, 'CobOperacaoInvalida', 'body must be an object');
    const unknown = Object.keys(json).filter((key) => !COB_KEYS.has(key));
    if (unknown.length > 0) return this.problem(response, 400, 'CobOperacaoInvalida', `unknown fields ${unknown.join(', ')}`);
    const { calendario, valor, chave, devedor, solicitacaoPagador } = json;
    if (!isRecord(calendario) || !Number.isInteger(calendario.expiracao) || (calendario.expiracao as number) <= 0) {
      return this.problem(response, 400, 'CobOperacaoInvalida', 'cob.calendario.expiracao must be a positive integer');
    }
    if (!isRecord(valor) || typeof valor.original !== 'string' || !REAIS.test(valor.original)) {
      return this.problem(response, 400, 'CobOperacaoInvalida', 'cob.valor.original não respeita o schema');
    }
    if (cents(valor.original) === 0) return this.problem(response, 400, 'CobOperacaoInvalida', 'cob.valor.original é zero');
    if (typeof chave !== 'string' || chave.length > 77)
      return this.problem(response, 400, 'CobOperacaoInvalida', 'cob.chave não respeita o schema');
    // A key that is not the account's is the seller's setting, not our request's shape: Efí's own `chave_invalida`.
    if (chave !== this.options.pixKey) return this.efiError(response, 400, 'chave_invalida');
    if (devedor !== undefined) {
      const okPerson =
        isRecord(devedor) &&
        typeof devedor.nome === 'string' &&
        devedor.nome.length > 0 &&
        devedor.nome.length <= 200 &&
        ((typeof devedor.cpf === 'string' && /^\d{11}$/.test(devedor.cpf) && devedor.cnpj === undefined) ||
          (typeof devedor.cnpj === 'string' && /^[0-9A-Z]{14}$/.test(devedor.cnpj) && devedor.cpf === undefined));
      if (!okPerson) return this.problem(response, 400, 'CobOperacaoInvalida', 'cob.devedor não respeita o schema');
    }
    if (solicitacaoPagador !== undefined && (typeof solicitacaoPagador !== 'string' || solicitacaoPagador.length > 140)) {
      return this.problem(response, 400, 'CobOperacaoInvalida', 'solicitacaoPagador não respeita o schema');
    }

    const existing = this.cobs.get(txid);
    if (existing && existing.status !== 'ATIVA') {
      return this.problem(response, 400, 'CobOperacaoInvalida', 'A cobrança já existe, não está no status ATIVA', false);
    }
    const cob: Cob = {
      txid,
      revisao: existing ? existing.revisao + 1 : 0,
      criacao: existing?.criacao ?? new Date(this.now()).toISOString(),
      expiracao: calendario.expiracao as number,
      original: valor.original,
      chave,
      ...(isRecord(devedor) ? { devedor: devedor as Record<string, string> } : {}),
      ...(typeof solicitacaoPagador === 'string' ? { solicitacaoPagador } : {}),
      status: 'ATIVA',
      locId: existing?.locId ?? this.nextLocId++,
      pix: [],
    };
    this.cobs.set(txid, cob);
    answer(201, this.cobJson(cob));
  }

  /** Efí's own error body, `{ nome, mensagem }`, for the names its documents list. */
  private efiError(response: ServerResponse, status: number, nome: keyof typeof EFI_ERRORS): void {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ nome, mensagem: EFI_ERRORS[nome] }));
  }

  /**
   * CobRevisada (`PATCH /v2/cob/{txid}`): the receiver removes its charge with `status: REMOVIDA_PELO_USUARIO_RECEBEDOR`,
   * only while it is ATIVA; 200 with the cob as it now is.
   */
  private patchCob(cob: Cob, json: unknown, response: ServerResponse, answer: (status: number, json: Record<string, unknown>) => void) {
    if (!isRecord(json) || Object.keys(json).some((key) => !COB_KEYS.has(key) && key !== 'status')) {
      return this.problem(response, 400, 'CobOperacaoInvalida', 'body must be a CobRevisada');
    }
    if (json.status !== undefined && json.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR') {
      return this.problem(response, 400, 'CobOperacaoInvalida', 'cob.status só aceita REMOVIDA_PELO_USUARIO_RECEBEDOR');
    }
    if (cob.status !== 'ATIVA') {
      return this.problem(response, 400, 'CobOperacaoInvalida', 'A cobrança não está no status ATIVA', false);
    }
    if (json.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR') cob.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
    cob.revisao += 1;
    answer(200, this.cobJson(cob));
  }

  private putWebhook(
    chave: string,
    json: unknown,
    skipMtls: string | string[] | undefined,
    response: ServerResponse,
    answer: (status: number, json: Record<string, unknown> | null) => void,
  ): void {
    // WebhookSolicitado: `webhookUrl` (format uri) alone; the violations listed for `PUT /webhook/{chave}`.
    if (!isRecord(json)) return this.problem(response, 400, 'WebhookOperacaoInvalida', 'body must be an object');
    const unknown = Object.keys(json).filter((key) => key !== 'webhookUrl');
    if (unknown.length > 0) return this.problem(response, 400, 'WebhookOperacaoInvalida', `unknown fields ${unknown.join(', ')}`);
    if (typeof json.webhookUrl !== 'string' || !URL.canParse(json.webhookUrl)) {
      return this.problem(response, 400, 'WebhookOperacaoInvalida', 'Campo webhook.webhookUrl não respeita o schema');
    }
    // Efí's header is a boolean the SDK sends as text (sdk-node-apis-efi src/lib/endpoints.js).
    if (skipMtls !== undefined && skipMtls !== 'true' && skipMtls !== 'false') {
      return this.problem(response, 400, 'WebhookOperacaoInvalida', 'x-skip-mtls-checking must be true or false');
    }
    if (chave !== this.options.pixKey) {
      return this.problem(
        response,
        400,
        'WebhookOperacaoInvalida',
        'o parâmetro {chave} não corresponde a uma chave DICT pertencente a este usuário recebedor',
        false,
      );
    }
    this.webhookUrl = json.webhookUrl;
    this.webhookSkipsMtls = skipMtls === 'true';
    this.webhookCreatedAt = new Date(this.now()).toISOString();
    answer(200, null);
  }

  private getWebhook(chave: string, response: ServerResponse, answer: (status: number, json: Record<string, unknown>) => void): void {
    if (chave !== this.options.pixKey || this.webhookUrl === null) {
      return this.problem(response, 404, 'WebhookNaoEncontrado', 'o webhook denotado por {chave} não encontra-se estabelecido', false);
    }
    // The standard's example `webhookResponse1`.
    answer(200, { webhookUrl: this.webhookUrl, chave, criacao: this.webhookCreatedAt || new Date(this.now()).toISOString() });
  }

  /**
   * `GET /v2/gn/infracoes?inicio=&fim=`: the infractions opened or changed in the range, a page at a time
   * (`parametros.paginacao`, from page 0); 400 `InfracoesConsultaInvalida` without both dates in RFC 3339.
   */
  private listInfracoes(query: URLSearchParams, response: ServerResponse, answer: (status: number, json: Record<string, unknown>) => void) {
    const inicio = query.get('inicio') ?? '';
    const fim = query.get('fim') ?? '';
    if (!RFC3339.test(inicio) || !RFC3339.test(fim) || Date.parse(inicio) > Date.parse(fim)) {
      return this.problem(
        response,
        400,
        'InfracoesConsultaInvalida',
        'Os parâmetros de consulta não respeitam o schema ou não fazem sentido semanticamente.',
      );
    }
    const pageText = query.get('paginacao.paginaAtual') ?? '0';
    if (!/^\d{1,4}$/.test(pageText)) return this.problem(response, 400, 'InfracoesConsultaInvalida', 'paginacao.paginaAtual inválida');
    const page = Number(pageText);
    const from = Date.parse(inicio);
    const to = Date.parse(fim);
    const within = (at: string) => Date.parse(at) >= from && Date.parse(at) <= to;
    const all = [...this.infracoes.values()].filter((infracao) => within(infracao.criadoEm) || within(infracao.atualizadoEm));
    const pages = Math.ceil(all.length / INFRACOES_PER_PAGE);
    answer(200, {
      parametros: {
        inicio,
        fim,
        paginacao: {
          paginaAtual: page,
          itensPorPagina: INFRACOES_PER_PAGE,
          quantidadeDePaginas: pages,
          quantidadeTotalDeItens: all.length,
        },
      },
      infracoes: all.slice(page * INFRACOES_PER_PAGE, (page + 1) * INFRACOES_PER_PAGE).map((infracao) => structuredClone(infracao)),
    });
  }

  /**
   * `POST /v2/gn/infracoes/{idInfracao}/defesa` with `{ analise: "aceito" | "rejeitado", justificativa }`: 201; 404
   * `InfracaoNaoEncontrada`; 409 `InfracaoOperacaoInvalida` "A defesa para essa infração já foi criada."; 422 "O prazo
   * para defesa foi excedido." once `dadosAnalise.prazoFinalizacao` has passed.
   */
  private defesa(idInfracao: string, json: unknown, response: ServerResponse) {
    const infracao = this.infracoes.get(idInfracao);
    if (!infracao) return this.problem(response, 404, 'InfracaoNaoEncontrada', 'Infração não encontrada.', false);
    if (
      !isRecord(json) ||
      Object.keys(json).some((key) => key !== 'analise' && key !== 'justificativa') ||
      (json.analise !== 'aceito' && json.analise !== 'rejeitado') ||
      typeof json.justificativa !== 'string' ||
      json.justificativa.trim() === ''
    ) {
      return this.problem(
        response,
        400,
        'InfracoesConsultaInvalida',
        'A requisição que busca apresentar uma defesa de infração não respeita o schema.',
      );
    }
    const refuse = (status: number, razao: string) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          type: 'https://pix.bcb.gov.br/api/v2/error/InfracaoOperacaoInvalida',
          title: 'Operação Inválida',
          status,
          detail: 'A requisição que busca apresentar uma defesa de infração não respeita o schema ou está semanticamente errada.',
          violacoes: [{ razao, propriedade: 'body.infractionId' }],
        }),
      );
    };
    if (infracao.defesa !== undefined) return refuse(409, 'A defesa para essa infração já foi criada.');
    if (this.now() > Date.parse(infracao.dadosAnalise.prazoFinalizacao)) return refuse(422, 'O prazo para defesa foi excedido.');
    infracao.defesa = json.justificativa;
    infracao.status = 'EM_DEFESA';
    infracao.dadosAnalise.recebimentoDefesa = new Date(this.now()).toISOString();
    infracao.atualizadoEm = infracao.dadosAnalise.recebimentoDefesa;
    this.defences.push({ idInfracao, analise: json.analise, justificativa: json.justificativa });
    // The documented 201's body is the text "Defesa de infração MED criada".
    response.writeHead(201, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Defesa de infração MED criada');
  }

  /**
   * `PUT /v3/gn/pix/:idEnvio` (dev.efipay.com.br/docs/api-pix/envio-pagamento-pix): `valor`, `pagador.chave` (a key of the
   * account, with its webhook), `favorecido.chave`; 201 `{ idEnvio, e2eId, valor, horario.solicitacao, status }`. Refusals in
   * Efí's `{ nome, mensagem }`: an `idEnvio` used before, a balance too small, a key the DICT does not know.
   */
  private putEnvio(
    idEnvio: string,
    json: unknown,
    response: ServerResponse,
    answer: (status: number, json: Record<string, unknown>) => void,
  ) {
    if (!DEVOLUCAO_ID.test(idEnvio)) return this.problem(response, 400, 'EnvioInvalido', 'idEnvio must match [a-zA-Z0-9]{1,35}');
    const pagador = isRecord(json) && isRecord(json.pagador) ? json.pagador : null;
    const favorecido = isRecord(json) && isRecord(json.favorecido) ? json.favorecido : null;
    if (
      !isRecord(json) ||
      Object.keys(json).some((key) => !['valor', 'pagador', 'favorecido'].includes(key)) ||
      typeof json.valor !== 'string' ||
      !REAIS.test(json.valor) ||
      cents(json.valor) === 0 ||
      !pagador ||
      typeof pagador.chave !== 'string' ||
      (pagador.infoPagador !== undefined && (typeof pagador.infoPagador !== 'string' || pagador.infoPagador.length > 140)) ||
      !favorecido ||
      typeof favorecido.chave !== 'string' ||
      favorecido.chave.length > 77
    ) {
      return this.problem(response, 400, 'EnvioInvalido', 'o corpo não respeita o schema do envio');
    }
    if (pagador.chave !== this.options.pixKey) return this.efiError(response, 400, 'chave_invalida');
    if (this.envios.has(idEnvio)) return this.efiError(response, 409, 'id_envio_duplicado');
    if (this.unknownKeys.has(favorecido.chave)) return this.efiError(response, 400, 'chave_favorecido_nao_encontrada');
    if (cents(json.valor) > this.balanceCents) return this.efiError(response, 400, 'saldo_insuficiente');
    this.balanceCents -= cents(json.valor);
    const envio: Envio = {
      idEnvio,
      e2eId: `E${alnum(31)}`,
      valor: json.valor,
      chave: favorecido.chave,
      infoPagador: typeof pagador.infoPagador === 'string' ? pagador.infoPagador : null,
      solicitacao: new Date(this.now()).toISOString(),
      status: 'EM_PROCESSAMENTO',
    };
    this.envios.set(idEnvio, envio);
    answer(201, { idEnvio, e2eId: envio.e2eId, valor: envio.valor, horario: { solicitacao: envio.solicitacao }, status: envio.status });
  }

  /** `GET /v2/gn/pix/enviados/id-envio/:idEnvio` (sdk-node-apis-efi `pixSendDetailId`); Efí's 404 for an id it never took. */
  private getEnvio(idEnvio: string, response: ServerResponse, answer: (status: number, json: Record<string, unknown>) => void) {
    const envio = this.envios.get(idEnvio);
    if (!envio) return this.problem(response, 404, 'PixNaoEncontrado', 'Nenhum Pix enviado encontrado para o idEnvio informado', false);
    if (envio.status === 'EM_PROCESSAMENTO' && this.envioSettles !== 'never') {
      envio.status = this.envioSettles === 'on_read' ? 'REALIZADO' : 'NAO_REALIZADO';
      if (envio.status === 'NAO_REALIZADO') this.balanceCents += cents(envio.valor);
      else envio.liquidacao = new Date(this.now()).toISOString();
    }
    answer(200, {
      endToEndId: envio.e2eId,
      idEnvio,
      valor: envio.valor,
      chave: this.options.pixKey,
      status: envio.status,
      ...(envio.infoPagador ? { infoPagador: envio.infoPagador } : {}),
      horario: { solicitacao: envio.solicitacao, ...(envio.liquidacao ? { liquidacao: envio.liquidacao } : {}) },
      favorecido: { chave: envio.chave },
    });
  }

  private devolucao(
    method: string,
    endToEndId: string,
    id: string,
    json: unknown,
    response: ServerResponse,
    answer: (status: number, json: Record<string, unknown>) => void,
  ): void {
    if (!E2EID.test(endToEndId)) return this.problem(response, 400, 'PixDevolucaoInvalida', 'e2eid must match [a-zA-Z0-9]{32}');
    if (!DEVOLUCAO_ID.test(id)) return this.problem(response, 400, 'PixDevolucaoInvalida', 'id must match [a-zA-Z0-9]{1,35}');
    const pix = this.findPix(endToEndId);
    if (!pix) return this.problem(response, 404, 'PixNaoEncontrado', 'pix não encontrado para o e2eid informado', false);
    if (method === 'GET') {
      const found = pix.devolucoes.find((devolucao) => devolucao.id === id);
      if (!found) return this.problem(response, 404, 'PixDevolucaoNaoEncontrada', 'devolução não encontrada', false);
      return answer(200, { ...found });
    }
    if (method !== 'PUT') return this.problem(response, 404, 'NaoEncontrado', 'no such route');
    if (!isRecord(json) || typeof json.valor !== 'string' || !REAIS.test(json.valor) || cents(json.valor) === 0) {
      return this.problem(response, 400, 'PixDevolucaoInvalida', 'devolucao.valor não respeita o schema');
    }
    if (pix.devolucoes.some((devolucao) => devolucao.id === id)) {
      return this.problem(response, 400, 'PixDevolucaoInvalida', 'id já utilizado por outra devolução', false);
    }
    const already = pix.devolucoes
      .filter((devolucao) => devolucao.status !== 'NAO_REALIZADO')
      .reduce((sum, devolucao) => sum + cents(devolucao.valor), 0);
    if (already + cents(json.valor) > cents(pix.valor)) {
      return this.problem(response, 400, 'PixDevolucaoInvalida', 'excederia o valor do pix originário', false);
    }
    const devolucao: Devolucao = {
      id,
      rtrId: `D${alnum(31)}`,
      valor: reais(cents(json.valor)),
      natureza: 'ORIGINAL',
      horario: { solicitacao: new Date(this.now()).toISOString() },
      status: 'EM_PROCESSAMENTO',
    };
    pix.devolucoes.push(devolucao);
    answer(201, { ...devolucao, horario: { ...devolucao.horario } });
  }
}

/** The seller's Efí settings in a test: fixed credentials and PIX key, a fresh test PKI. */
const TEST_EFI_CREDENTIALS = {
  clientId: 'Client_Id_standin',
  clientSecret: 'Client_Secret_standin',
  pixKey: '5f0b8f44-2a53-4c4e-9d57-0b1c2d3e4f50',
};

/** A running stand-in with its PKI, the server's EFI_* variables pointing at it, and the CA the server must trust. */
export async function startEfiStandIn(options: { certificate?: 'p12' | 'pem' | 'converted' } = {}) {
  const pki = makeTestPki();
  const standIn = new EfiStandIn({ pki, ...TEST_EFI_CREDENTIALS });
  await standIn.start();
  const certificate =
    options.certificate === 'pem'
      ? pki.sellerPemPath
      : options.certificate === 'converted'
        ? pki.sellerConvertedPemPath
        : pki.sellerP12Path;
  return {
    standIn,
    pki,
    ca: pki.caCert,
    env: (overrides: { pixKey?: string } = {}): Record<string, string> => ({
      EFI_CLIENT_ID: TEST_EFI_CREDENTIALS.clientId,
      EFI_CLIENT_SECRET: TEST_EFI_CREDENTIALS.clientSecret,
      EFI_CERTIFICATE: certificate,
      EFI_PIX_KEY: overrides.pixKey ?? TEST_EFI_CREDENTIALS.pixKey,
      EFI_API_URL: standIn.url,
    }),
    async stop() {
      await standIn.stop();
      pki.cleanup();
    },
  };
}

/** The stand-in's server certificate, and the CA whose client certificates it takes, as Efí's APIs take only those. */
export function mtlsOf(pki: TestPki): MtlsOptions {
  return { key: pki.serverKey, cert: pki.serverCert, ca: pki.caCert };
}
