import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Hono } from 'hono';
import { createStandInKit, type StandInRequest, type WebhookDelivery } from '../../stand-ins/kit.ts';
import { faultOf, mtlsOf, scriptRoute, underRoute, type TestPki } from './efi-stand-in.ts';

/**
 * A stand-in for Efí's Open Finance API (base path /v1) and for the buyer's bank: an https server on 127.0.0.1 that
 * requires the seller's client certificate on every call, as the API Pix's does, and a plain http "bank" on another
 * loopback port whose page approves or refuses, then sends the browser to the shop's `redirectURL` and posts the
 * callback to its `webhookURL`. Request and answer shapes, error names and their sources are listed at the top of
 * tests/integration/open-finance/provider-efi-open-finance.test.ts; what no public document says is marked "stand-in's own".
 */

type Status = 'pendente' | 'aceito' | 'rejeitado' | 'expirado' | 'cancelado';

interface Devolucao {
  identificadorDevolucao: string;
  valor: string;
  status: 'pendente' | 'aceito' | 'rejeitado';
  dataCriacao: string;
}

export interface HeldPayment {
  identificadorPagamento: string;
  jsr: boolean;
  body: Record<string, unknown>;
  valor: string;
  status: Status;
  endToEndId: string | null;
  idProprio: string | null;
  dataCriacao: string;
  devolucoes: Devolucao[];
  identificadorVinculo: string | null;
}

export interface HeldLink {
  identificador: string;
  cpf: string;
  idParticipante: string;
  status: 'pendente' | 'aceito' | 'rejeitado' | 'revogado';
  dataAutorizacao: string | null;
  motivo: string | null;
  /** When the buyer's consent at the bank ends (`dataExpiracao`); a year after now unless a test sets it. */
  expiresAt?: number;
}

/** Three participants in the documented shape (`GET /participantes`' example: Efí S.A. and its logo). */
export const STAND_IN_PARTICIPANTS = [
  { identificador: 'ebbed125-5cd7-42e3-965d-2e7af8e3b7ae', nome: 'Efí S.A.', logo: 'https://bank.stand-in.example/efi.png' },
  { identificador: '9f4cd202-8f2b-11ec-b909-0242ac120002', nome: 'Banco Stand-in', logo: 'https://bank.stand-in.example/standin.png' },
  { identificador: '4b0f1c7e-1d2e-4b8a-9a55-61c1c3f0a001', nome: 'Nu Stand-in', logo: 'https://bank.stand-in.example/nu.png' },
].map((participant) => ({
  ...participant,
  descricao: `Conta em ${participant.nome}`,
  portal: 'https://openbankingbrasil.org.br/quem-participa/',
  organizacoes: [{ nome: participant.nome, cnpj: '09089356000118', status: 'Ativo' }],
}));

/**
 * The banks listed for Pix por biometria (`GET /participantes?modalidade=biometria`): the SDK's JSDoc takes a `modalidade`
 * string; which value names JSR and which banks it lists are the stand-in's own. Nu Stand-in is not among them.
 */
export const STAND_IN_BIOMETRIC_PARTICIPANTS = new Set([STAND_IN_PARTICIPANTS[0]!.identificador, STAND_IN_PARTICIPANTS[1]!.identificador]);

const REAIS = /^\d{1,10}\.\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * Documented 431 `chave_idempotencia_invalida` (size): Efí's "Solicitar iniciação" page says 36 to 72 characters, and
 * the key reaches the buyer's bank, where Open Finance Brasil's Payment Initiation API allows at most 40.
 */
const IDEMPOTENCY_KEY = /^[a-zA-Z0-9]{36,40}$/;
/** JSR's per-payment ceiling: under R$ 500 (the Banco Central's JSR rules); the stand-in's own 422 name. */
const JSR_LIMIT_CENTS = 50_000;

const cents = (reais: string) => Number(reais.split('.')[0]) * 100 + Number(reais.split('.')[1]);
const reais = (value: number) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const alnum = (length: number) => randomBytes(length).toString('hex').slice(0, length);

export interface OpenFinanceStandInOptions {
  pki: TestPki;
  clientId: string;
  clientSecret: string;
  pixKey: string;
  /** The seller's Efí account, as `favorecido.contaBanco` must name it when sent. */
  account: { agencia: string; conta: string; documento: string; nome: string };
  now?: () => number;
  /**
   * The clock a vínculo's consent ends by (`dataExpiracao`), so a test can let it pass by moving the server's clock;
   * everything else (tokens, payments) keeps `now`.
   */
  consentNow?: () => number;
}

type Answer = (status: number, json: Record<string, unknown>) => void;
/** Efí's `{ nome, mensagem }`; `violation` false for a refusal a correct client can meet. */
type Fail = (status: number, nome: string, mensagem: string, violation?: boolean) => void;

/** `rewrite`: the request is done, and this body answers it. */
type Scripted = { kind: 'status'; status: number; body?: string } | { kind: 'hang' } | { kind: 'rewrite'; body: string };

export class EfiOpenFinanceStandIn {
  /** The API's base URL, /v1 included (EFI_OPEN_FINANCE_API_URL). */
  url = '';
  /** The buyer's bank, where `redirectURI`s point. */
  bankUrl = '';
  private readonly kit = createStandInKit();
  /** Each API request as the kit records it (`path` without the query, which `query` holds; `rawBody` and the parsed `body`). */
  readonly requests: StandInRequest[] = this.kit.requests;
  readonly violations: string[] = [];
  /** The callbacks posted, as the kit records them (`clientCertificate`: over mTLS with the bank's certificate). */
  readonly deliveries: WebhookDelivery[] = this.kit.deliveries;
  readonly payments = new Map<string, HeldPayment>();
  readonly links = new Map<string, HeldLink>();
  config: { redirectURL: string; webhookURL: string; webhookSecurity: { type: 'mtls' | 'hmac'; hash?: string } } | null = null;
  private readonly idempotency = new Map<string, { body: string; status: number; json: Record<string, unknown> }>();
  private readonly tokens = new Map<string, number>();
  private readonly bankTokens = new Map<string, { kind: 'payment' | 'link'; id: string }>();
  private readonly now: () => number;
  private readonly consentNow: () => number;

  constructor(private readonly options: OpenFinanceStandInOptions) {
    this.now = options.now ?? Date.now;
    this.consentNow = options.consentNow ?? this.now;
  }

  async start(): Promise<void> {
    const { pki } = this.options;
    const api = await this.kit.listenNode((request, response) => void this.handle(request, response), { mtls: mtlsOf(pki) });
    this.url = `${api.url}/v1`;
    this.bankUrl = (await this.kit.listen(this.bankApp().fetch)).url;
  }

  async stop(): Promise<void> {
    await this.kit.stop();
  }

  /** The next request of `method` whose path (after /v1) starts with `prefix` meets `reply`. */
  script(method: string, prefix: string, reply: Scripted): void {
    this.kit.script(scriptRoute(method, prefix), faultOf(reply));
  }

  /** Drops the scripted answers no call has met yet: a fault meant for one step never meets a later one. */
  clearScripts(): void {
    this.kit.clearScripts();
  }

  /** The buyer's decision at their bank, as the bank page takes it; returns where the browser is sent. */
  async decide(paymentOrLinkId: string, approve: boolean): Promise<string> {
    const payment = this.payments.get(paymentOrLinkId);
    if (payment) return this.decidePayment(payment, approve);
    const link = this.links.get(paymentOrLinkId);
    if (link) return this.decideLink(link, approve);
    throw new Error(`stand-in: nothing to decide for ${paymentOrLinkId}`);
  }

  /** The link is never used: "O link de redirect foi gerado, mas não foi utilizado." */
  async expire(paymentId: string): Promise<void> {
    const payment = this.payments.get(paymentId);
    if (!payment || payment.status !== 'pendente') throw new Error(`stand-in: no pending payment ${paymentId}`);
    payment.status = 'expirado';
    await this.notify({ ...this.paymentJson(payment), tipo: 'pagamento' });
  }

  /** A refund reaches its end, and Efí posts the `tipo: devolucao` callback. */
  async settleRefund(paymentId: string, status: 'aceito' | 'rejeitado' = 'aceito'): Promise<void> {
    const payment = this.payments.get(paymentId);
    const refund = payment?.devolucoes.find((devolucao) => devolucao.status === 'pendente');
    if (!payment || !refund) throw new Error(`stand-in: no pending refund of ${paymentId}`);
    refund.status = status;
    await this.notify({
      identificadorPagamento: payment.identificadorPagamento,
      identificadorDevolucao: refund.identificadorDevolucao,
      endToEndId: `E09089356${alnum(23)}`,
      ...(payment.idProprio ? { idProprio: payment.idProprio } : {}),
      valor: refund.valor,
      status,
      dataCriacao: refund.dataCriacao,
      tipo: 'devolucao',
    });
  }

  private at(): string {
    return new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, '.000Z');
  }

  private paymentJson(payment: HeldPayment): Record<string, unknown> {
    return {
      identificadorPagamento: payment.identificadorPagamento,
      ...(payment.endToEndId ? { endToEndId: payment.endToEndId } : {}),
      valor: payment.valor,
      status: payment.status,
      dataCriacao: payment.dataCriacao,
      ...(payment.devolucoes.length > 0 ? { devolucoes: payment.devolucoes.map((refund) => ({ ...refund })) } : {}),
      ...(payment.idProprio ? { idProprio: payment.idProprio } : {}),
    };
  }

  private async decidePayment(payment: HeldPayment, approve: boolean): Promise<string> {
    if (payment.status !== 'pendente') throw new Error(`stand-in: payment ${payment.identificadorPagamento} is ${payment.status}`);
    // Homologação: "Se o valor do pagamento for de R$ 0.11: o pagamento será rejeitado".
    const accepted = approve && payment.valor !== '0.11';
    payment.status = accepted ? 'aceito' : 'rejeitado';
    if (accepted) payment.endToEndId = `E09089356${alnum(23)}`;
    await this.notify({
      ...this.paymentJson(payment),
      tipo: 'pagamento',
      ...(accepted ? {} : { motivo: approve ? 'Pagamento recusado no destino' : 'Pagamento recusado pelo usuário' }),
    });
    return this.returnUrl({ identificadorPagamento: payment.identificadorPagamento }, accepted ? null : 'pagamento_rejeitado');
  }

  private decideLink(link: HeldLink, approve: boolean): string {
    if (link.status !== 'pendente') throw new Error(`stand-in: vínculo ${link.identificador} is ${link.status}`);
    link.status = approve ? 'aceito' : 'rejeitado';
    link.dataAutorizacao = approve ? this.at() : null;
    // Stand-in's own: the consent at the bank lasts a year unless a test set its end.
    if (approve) link.expiresAt ??= this.consentNow() + 365 * 86_400_000;
    // Stand-in's own: a vínculo comes back named like a payment, by `identificadorVinculo`.
    return this.returnUrl({ identificadorVinculo: link.identificador }, approve ? null : 'acesso_negado');
  }

  /** `redirectURL?identificadorPagamento=…[&erro=…]` (the parameters Efí's integrators read on the way back). */
  private returnUrl(ids: Record<string, string>, error: string | null): string {
    if (!this.config) throw new Error('stand-in: no redirectURL configured');
    const url = new URL(this.config.redirectURL);
    for (const [name, value] of Object.entries(ids)) url.searchParams.set(name, value);
    if (error) url.searchParams.set('erro', error);
    return url.href;
  }

  /** `POST url-webhook-cadastrada` (mTLS: the bank's client certificate) or `…?hmac=hash-cadastrada`. */
  private async notify(body: Record<string, unknown>): Promise<void> {
    if (!this.config) return;
    const target = new URL(this.config.webhookURL);
    const hmac = this.config.webhookSecurity.type === 'hmac';
    if (hmac) target.searchParams.set('hmac', this.config.webhookSecurity.hash ?? '');
    const { pki } = this.options;
    const tls = hmac ? { ca: pki.caCert } : { cert: pki.bankClientCert, key: pki.bankClientKey, ca: pki.caCert };
    await this.kit.deliver(target, JSON.stringify(body), {}, undefined, tls);
  }

  private bankApp(): Hono {
    const app = new Hono();
    app.get('/autorizar/:token', (c) => {
      const held = this.bankTokens.get(c.req.param('token'));
      if (!held) return c.text('Link inválido', 404);
      const payment = held.kind === 'payment' ? this.payments.get(held.id) : undefined;
      const what = payment ? `Pagamento de R$ ${payment.valor.replace('.', ',')}` : 'Vincular sua conta para pagar com biometria';
      return c.html(
        `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
          `<title>Banco Stand-in</title></head><body><main><h1>Banco Stand-in</h1><p>${what}</p>` +
          `<form method="post"><button name="decisao" value="aprovar">Aprovar</button>` +
          `<button name="decisao" value="recusar">Recusar</button></form></main></body></html>`,
      );
    });
    app.post('/autorizar/:token', async (c) => {
      const held = this.bankTokens.get(c.req.param('token'));
      if (!held) return c.text('Link inválido', 404);
      const form = await c.req.parseBody();
      this.bankTokens.delete(c.req.param('token'));
      return c.redirect(await this.decide(held.id, form.decisao === 'aprovar'), 303);
    });
    return app;
  }

  private bankLink(kind: 'payment' | 'link', id: string): string {
    const token = alnum(24);
    this.bankTokens.set(token, { kind, id });
    return `${this.bankUrl}/autorizar/${token}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const method = request.method ?? '';
    const url = new URL(request.url ?? '/', 'https://stand-in');
    this.kit.recordNode(request, response, body);
    const reply = (status: number, json: Record<string, unknown>) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    const error = (status: number, nome: string, mensagem: string, violation = true) => {
      if (violation) this.violations.push(`${method} ${url.pathname} ${status} ${nome}`);
      reply(status, { nome, mensagem });
    };
    if (!(request.socket as TLSSocket).authorized) return error(401, 'nao_autorizado', 'certificado ausente');
    if (!url.pathname.startsWith('/v1/')) return error(404, 'nao_encontrado', 'rota inexistente');
    const route = url.pathname.slice('/v1'.length).replace(/\/$/, '');

    const fault = this.kit.takeFault(underRoute(method, route));
    if (this.kit.faultBeforeNode(fault, request, response)) return;
    const answer = (status: number, json: Record<string, unknown>) => this.kit.answerNode(fault, request, response, status, json);

    if (method === 'POST' && route === '/oauth/token') return this.token(request, body, reply, error);
    const auth = request.headers.authorization ?? '';
    const until = this.tokens.get(auth.startsWith('Bearer ') ? auth.slice(7) : '');
    if (until === undefined || this.now() >= until) return error(401, 'nao_autorizado', 'Token inválido ou expirado', false);

    let json: unknown = null;
    if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
      try {
        json = JSON.parse(body);
      } catch {
        return error(400, 'json_invalido', 'O corpo da requisição não é JSON');
      }
      if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) {
        return error(400, 'json_invalido', 'Content-Type deve ser application/json');
      }
    }
    const query = url.searchParams;
    // The SDKs send a key on every Open Finance call; a read or the config without one, or with one too long for the
    // buyer's bank, is a violation here (writes are refused below, as Efí documents).
    const key = request.headers['x-idempotency-key'];
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))
      this.violations.push(`${method} ${url.pathname} x-idempotency-key ${String(key)}`);

    if (route === '/config' && method === 'PUT') return this.putConfig(json, answer, error);
    if (route === '/config' && method === 'GET') {
      if (!this.config) return error(404, 'configuracao_nao_encontrada', 'Nenhuma configuração encontrada', false);
      const { redirectURL, webhookURL, webhookSecurity } = this.config;
      return answer(200, { redirectURL, webhookURL, webhookSecurity: { type: webhookSecurity.type } });
    }
    if (route === '/participantes' && method === 'GET') {
      const name = (query.get('nome') ?? '').toLowerCase();
      const biometric = query.get('modalidade') === 'biometria';
      const found = STAND_IN_PARTICIPANTS.filter(
        (participant) =>
          participant.nome.toLowerCase().includes(name) && (!biometric || STAND_IN_BIOMETRIC_PARTICIPANTS.has(participant.identificador)),
      );
      if (found.length === 0) return error(404, 'participante_nao_encontrado', 'Nenhum participante encontrado', false);
      return answer(200, { participantes: found });
    }

    const needsKey = method === 'POST' || method === 'PATCH';
    if (needsKey && typeof key !== 'string') {
      return error(400, 'chave_idempotencia_obrigatorio', "O cabeçalho de 'x-idempotency-key' é obrigatório");
    }
    if (needsKey && !IDEMPOTENCY_KEY.test(key as string)) {
      return error(431, 'chave_idempotencia_invalida', 'Tamanho da chave de idempotência inválido');
    }
    const remembered = needsKey ? this.idempotency.get(`${route}:${key as string}`) : undefined;
    if (remembered) {
      if (remembered.body !== body)
        return error(409, 'conflito_chave_idempotencia', 'Chave de idempotência repetida para pagamento diferente', false);
      return answer(remembered.status, remembered.json);
    }
    const keep = (status: number, out: Record<string, unknown>) => {
      if (needsKey) this.idempotency.set(`${route}:${key as string}`, { body, status, json: out });
      answer(status, out);
    };

    if (route === '/pagamentos/pix' && method === 'POST') return this.startPayment(json, false, keep, error);
    if (route === '/pagamentos-biometria/pix' && method === 'POST') return this.startPayment(json, true, keep, error);
    if ((route === '/pagamentos/pix' || route === '/pagamentos-biometria/pix') && method === 'GET') {
      return this.listPayments(route !== '/pagamentos/pix', query, answer, error);
    }
    const refund = /^\/pagamentos\/pix\/([^/]+)\/devolver$/.exec(route);
    if (refund && method === 'POST') return this.refund(decodeURIComponent(refund[1]!), json, keep, error);
    if (route === '/pagamentos-biometria/vinculos' && method === 'POST') return this.createLink(json, keep, error);
    if (route === '/pagamentos-biometria/vinculos' && method === 'GET') return this.listLinks(query, answer, error);
    if (route === '/pagamentos-biometria/vinculos' && method === 'PATCH') return this.revokeLink(json, keep, error);
    return error(404, 'nao_encontrado', `rota inexistente: ${method} ${route}`);
  }

  private token(request: IncomingMessage, body: string, reply: Answer, error: Fail): void {
    const expected = `Basic ${Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return error(401, 'invalid_client', 'Credenciais inválidas', false);
    let grant: unknown = null;
    try {
      grant = JSON.parse(body);
    } catch {
      // checked below
    }
    if (!isRecord(grant) || grant.grant_type !== 'client_credentials') return error(400, 'invalid_request', 'grant_type inválido');
    const token = alnum(40);
    this.tokens.set(token, this.now() + 3_600_000);
    reply(200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'gn.opb.participants.read gn.opb.payment.pix.send' });
  }

  private putConfig(json: unknown, answer: Answer, error: Fail): void {
    if (!isRecord(json)) return error(400, 'redirect_url_obrigatorio', 'O parâmetro redirectURL é obrigatório');
    const { redirectURL, webhookURL, webhookSecurity, processPayment } = json;
    if (typeof redirectURL !== 'string') return error(400, 'redirect_url_obrigatorio', 'O parâmetro redirectURL é obrigatório');
    if (typeof webhookURL !== 'string') return error(400, 'webhook_url_obrigatorio', 'O parâmetro webhookURL é obrigatório');
    if (!URL.canParse(redirectURL)) return error(422, 'redirect_url_invalido', 'O redirectURL é inválido');
    if (!URL.canParse(webhookURL)) return error(422, 'webhook_url_invalido', 'webhookURL não acessível');
    const security = webhookSecurity ?? { type: 'mtls' };
    if (!isRecord(security) || (security.type !== 'mtls' && security.type !== 'hmac')) {
      return error(422, 'webhook_seguranca_invalido', 'O campo webhookSecurity é inválido');
    }
    if (security.type === 'hmac' && (typeof security.hash !== 'string' || security.hash === '')) {
      return error(422, 'webhook_seguranca_hash_invalido', 'O campo hash é inválido');
    }
    if (processPayment !== undefined && processPayment !== 'sync' && processPayment !== 'async') {
      return error(422, 'process_payment_invalido', 'O campo processPayment é inválido, permitido (async/sync)');
    }
    this.config = {
      redirectURL,
      webhookURL,
      webhookSecurity: security.type === 'hmac' ? { type: 'hmac', hash: security.hash as string } : { type: 'mtls' },
    };
    answer(201, { redirectURL, webhookURL, webhookSecurity: { ...this.config.webhookSecurity } });
  }

  /** `favorecido`: the seller's `contaBanco` (Efí's ISPB 09089356) or its PIX key as `chave`. */
  private favorecidoProblem(favorecido: unknown): string | null {
    if (!isRecord(favorecido)) return 'favorecido ausente';
    if (typeof favorecido.chave === 'string') return favorecido.chave === this.options.pixKey ? null : 'chave não pertence à conta';
    const conta = favorecido.contaBanco;
    if (!isRecord(conta)) return 'favorecido sem contaBanco nem chave';
    const { account } = this.options;
    if (conta.codigoBanco !== '09089356') return 'codigo_banco_invalido';
    if (!['CACC', 'SLRY', 'SVGS', 'TRAN'].includes(String(conta.tipoConta))) return 'tipo_conta_favorecido_invalida';
    const same =
      conta.agencia === account.agencia &&
      conta.conta === account.conta &&
      conta.documento === account.documento &&
      conta.nome === account.nome;
    return same ? null : 'numero_conta_favorecido_invalido';
  }

  private startPayment(json: unknown, jsr: boolean, keep: Answer, error: Fail): void {
    if (!this.config) return error(422, 'configuracao_nao_encontrada', 'Configure redirectURL e webhookURL antes (stand-in’s own)');
    if (!isRecord(json)) return error(400, 'dados_pagador_obrigatorio', 'Os dados do pagador são obrigatórios');
    const allowed = jsr ? ['identificadorVinculo', 'favorecido', 'pagamento'] : ['pagador', 'favorecido', 'detalhes', 'codigoCidadeIBGE'];
    const unknown = Object.keys(json).filter((name) => !allowed.includes(name));
    if (unknown.length > 0) return error(400, 'campo_desconhecido', `campos não documentados: ${unknown.join(', ')} (stand-in’s own)`);
    let link: HeldLink | undefined;
    if (jsr) {
      link = typeof json.identificadorVinculo === 'string' ? this.links.get(json.identificadorVinculo) : undefined;
      if (!link || link.status !== 'aceito')
        return error(422, 'vinculo_invalido', 'O vínculo não existe ou não está ativo (stand-in’s own)', false);
    } else {
      const pagador = json.pagador;
      if (!isRecord(pagador)) return error(400, 'dados_pagador_obrigatorio', 'Os dados do pagador são obrigatórios');
      if (pagador.idParticipante === undefined)
        return error(400, 'identificador_participante_obrigatorio', 'O identificador do participante é requerido');
      if (!STAND_IN_PARTICIPANTS.some((participant) => participant.identificador === pagador.idParticipante)) {
        return error(422, 'identificador_participante_invalido', 'O identificador do participante é inválido', false);
      }
      if (pagador.cpf === undefined) return error(400, 'cpf_pagador_obrigatorio', 'O cpf do pagador é obrigatório');
      if (typeof pagador.cpf !== 'string' || !/^\d{11}$/.test(pagador.cpf))
        return error(422, 'cpf_pagador_invalido', 'O cpf do pagador é obrigatório');
    }
    const problem = this.favorecidoProblem(json.favorecido);
    if (problem) return error(422, problem.includes(' ') ? 'favorecido_invalido' : problem, problem);
    const details = jsr ? json.pagamento : json.detalhes;
    if (!isRecord(details) || details.valor === undefined) return error(400, 'valor_obrigatorio', 'O valor da transação é obrigatório');
    if (typeof details.valor !== 'string' || !REAIS.test(details.valor) || cents(details.valor) === 0) {
      return error(422, 'valor_invalido', 'O valor da transação é inválido');
    }
    if (details.idProprio !== undefined && typeof details.idProprio !== 'string')
      return error(422, 'id_proprio_invalido', 'O campo idProprio deve ser texto');
    if (jsr && cents(details.valor) >= JSR_LIMIT_CENTS) {
      return error(422, 'valor_acima_do_limite', 'O valor ultrapassa o limite do vínculo (stand-in’s own)', false);
    }
    const id = `urn:efi:${randomUUID()}`;
    this.payments.set(id, {
      identificadorPagamento: id,
      jsr,
      body: json,
      valor: details.valor,
      status: 'pendente',
      endToEndId: null,
      idProprio: typeof details.idProprio === 'string' ? details.idProprio : null,
      dataCriacao: this.at(),
      devolucoes: [],
      identificadorVinculo: link?.identificador ?? null,
    });
    keep(200, { identificadorPagamento: id, redirectURI: this.bankLink('payment', id) });
  }

  /** Brasília's calendar day of an instant (UTC−3). */
  private day(iso: string): string {
    return new Date(Date.parse(iso) - 3 * 3_600_000).toISOString().slice(0, 10);
  }

  private listPayments(jsr: boolean, query: URLSearchParams, answer: Answer, error: Fail): void {
    const inicio = query.get('inicio');
    const fim = query.get('fim');
    if (inicio === null) return error(422, 'data_inicio_obrigatorio', 'A data início é obrigatória');
    if (fim === null) return error(422, 'data_fim_obrigatorio', 'A data fim é obrigatória');
    if (!DAY.test(inicio)) return error(400, 'data_inicio_invalido', 'A data início é inválida');
    if (!DAY.test(fim)) return error(400, 'data_fim_invalido', 'A data fim é inválida');
    const id = query.get('identificador');
    // "Se este campo [identificador] é informado os demais são desconsiderados na busca" (listar_pagamentos.md).
    const status = id === null ? query.get('status') : null;
    const all = [...this.payments.values()].filter(
      (payment) =>
        payment.jsr === jsr &&
        this.day(payment.dataCriacao) >= inicio &&
        this.day(payment.dataCriacao) <= fim &&
        (id === null || payment.identificadorPagamento === id) &&
        (status === null || payment.status === status),
    );
    if (all.length === 0) return error(404, 'pagamento_nao_encontrado', 'Nenhum pagamento encontrado', false);
    const perPage = Number(query.get('quantidade') ?? '2');
    const page = Number(query.get('pagina') ?? '1');
    const shown = all.slice((page - 1) * perPage, page * perPage).map((payment) => this.paymentJson(payment));
    const link = (to: number) => `/pagamentos/pix?inicio=${inicio}&fim=${fim}&quantidade=${perPage}&pagina=${to}`;
    const pages = Math.ceil(all.length / perPage);
    // `GET /pagamentos-biometria/pix` answers under `vinculos`, as the SDK's JSDoc of ofListBiometricPixPayment has it.
    answer(200, {
      [jsr ? 'vinculos' : 'pagamentos']: shown,
      total: all.length,
      porPagina: perPage,
      ultimo: link(pages),
      proximo: page < pages ? link(page + 1) : null,
      anterior: page > 1 ? link(page - 1) : null,
      atual: link(page),
    });
  }

  private refund(id: string, json: unknown, answer: Answer, error: Fail): void {
    const payment = this.payments.get(id);
    if (!payment) return error(422, 'identificador_pagamento_invalido', 'O identificador de pagamento é inválido', false);
    if (!isRecord(json) || typeof json.valor !== 'string' || !REAIS.test(json.valor) || cents(json.valor) === 0) {
      return error(400, 'valor_devolucao_invalido', 'O valor de devolução inválido');
    }
    if (payment.status !== 'aceito') {
      return error(422, 'status_pagamento_invalido_para_devolucao', 'O status do pagamento é invalido para devolução', false);
    }
    const done = payment.devolucoes.filter((refund) => refund.status !== 'rejeitado').reduce((sum, refund) => sum + cents(refund.valor), 0);
    if (done + cents(json.valor) > cents(payment.valor)) {
      return error(422, 'saldo_devolucao_insuficiente', 'O valor da devolução ultrapassou o valor recebido', false);
    }
    const created = new Date(this.now()).toISOString().slice(0, 19).replace('T', ' ');
    payment.devolucoes.push({
      identificadorDevolucao: `D09089356${alnum(23)}`,
      valor: reais(cents(json.valor)),
      status: 'pendente',
      dataCriacao: this.at(),
    });
    answer(202, { identificadorPagamento: id, valorDevolucao: reais(cents(json.valor)), dataCriacao: created, status: 'pendente' });
  }

  private createLink(json: unknown, keep: Answer, error: Fail): void {
    if (!this.config) return error(422, 'configuracao_nao_encontrada', 'Configure redirectURL e webhookURL antes (stand-in’s own)');
    const pagador = isRecord(json) ? json.pagador : null;
    if (!isRecord(pagador)) return error(400, 'dados_pagador_obrigatorio', 'Os dados do pagador são obrigatórios');
    if (!STAND_IN_PARTICIPANTS.some((participant) => participant.identificador === pagador.idParticipante)) {
      return error(422, 'identificador_participante_invalido', 'O identificador do participante é inválido', false);
    }
    if (typeof pagador.cpf !== 'string' || !/^\d{11}$/.test(pagador.cpf))
      return error(422, 'cpf_pagador_invalido', 'O cpf do pagador é obrigatório');
    const id = `urn:efi:${randomUUID()}`;
    this.links.set(id, {
      identificador: id,
      cpf: pagador.cpf,
      idParticipante: String(pagador.idParticipante),
      status: 'pendente',
      dataAutorizacao: null,
      motivo: null,
    });
    keep(200, { identificadorVinculo: id, redirectURI: this.bankLink('link', id) });
  }

  private listLinks(query: URLSearchParams, answer: Answer, error: Fail): void {
    const cpf = query.get('cpf');
    if (cpf === null || !/^\d{11}$/.test(cpf)) return error(422, 'cpf_pagador_invalido', 'O cpf é obrigatório');
    // Only the vínculos still usable: "uma lista de vínculos que podem ser utilizados para operações futuras"
    // (sdk-node-apis-efi, commit 2728b67, `ofListBiometricEnrollment` JSDoc). Revoked or past `dataExpiracao`, one is gone.
    const vinculos = [...this.links.values()]
      .filter((link) => link.cpf === cpf && link.status === 'aceito' && (link.expiresAt ?? Number.POSITIVE_INFINITY) > this.consentNow())
      .map((link) => {
        const participant = STAND_IN_PARTICIPANTS.find((entry) => entry.identificador === link.idParticipante)!;
        return {
          identificador: link.identificador,
          dataAutorizacao: link.dataAutorizacao,
          dataExpiracao: new Date(link.expiresAt!).toISOString(),
          limiteDiario: '1000.00',
          limiteTransacao: reais(JSR_LIMIT_CENTS - 1),
          conta: { numero: '123456', agencia: '0001', ispb: '09089356', tipo: 'CACC' },
          participante: {
            identificador: participant.identificador,
            nome: participant.nome,
            descricao: participant.descricao,
            logo: participant.logo,
          },
        };
      });
    answer(200, { vinculos });
  }

  private revokeLink(json: unknown, keep: Answer, error: Fail): void {
    if (!isRecord(json) || typeof json.identificadorVinculo !== 'string')
      return error(400, 'identificador_vinculo_obrigatorio', 'O identificadorVinculo é obrigatório');
    const link = this.links.get(json.identificadorVinculo);
    if (!link || link.status !== 'aceito')
      return error(422, 'vinculo_invalido', 'O vínculo não existe ou não está ativo (stand-in’s own)', false);
    link.status = 'revogado';
    link.motivo = typeof json.motivo === 'string' ? json.motivo : null;
    keep(200, { identificadorVinculo: link.identificador, status: 'revogado' });
  }
}

/** The seller's settings in a test: the API Pix stand-in's credentials, a PIX key and an Efí account. */
export const OPEN_FINANCE_TEST_SELLER = {
  clientId: 'Client_Id_open_finance',
  clientSecret: 'Client_Secret_open_finance',
  pixKey: '5f0b8f44-2a53-4c4e-9d57-0b1c2d3e4f50',
  account: { agencia: '0001', conta: '1234567', documento: '52998224725', nome: 'Loja Stand-in' },
};
