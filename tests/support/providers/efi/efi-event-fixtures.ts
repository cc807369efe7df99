/**
 * The notification bodies the Pix standard documents, which Efí sends (github.com/bacen/pix-api openapi.yaml v2.9.0):
 * `WebhookPixBody` with its examples `pixWebhook1` (a Pix with its devolução; `devolucoes` a single object there, an
 * array in the schema) and `pixWebhook2`, posted to `{webhookUrl}/pix`; Pix Automático's `WebhookRecBody`
 * (`recWebhookNotification1`, to `{webhookUrl}/rec`) and `WebhookCobRBody` (`cobRWebhookNotification1`, to
 * `{webhookUrl}/cobr`). And the call Efí makes when a webhook is registered, `{ "evento": "teste_webhook" }`, as
 * integrators' handlers answer it (Efí's pages, dev.efipay.com.br/docs/api-pix/webhooks, describe the two registration
 * requests, not their body). Efí's own extension, the Pix the seller sent by `PUT /v3/gn/pix/:idEnvio` (`tipo: SOLICITACAO`,
 * `gnExtras.idEnvio`, REALIZADO or NAO_REALIZADO with `gnExtras.erro`), posted to the same `{webhookUrl}/pix`
 * (dev.efipay.com.br/docs/api-pix/webhooks, "Recebendo callbacks", tab "Pix enviado"). `TXID` is put in place of the
 * test's charge, `SEND` of its payout.
 */
export const TXID = '__TXID__';
export const SEND = '__SEND__';

const pixWebhook1 = {
  endToEndId: 'E12345678202009091221kkkkkkkkkkk',
  txid: TXID,
  valor: '110.00',
  horario: '2020-09-09T20:15:00.358Z',
  infoPagador: '0123456789',
  devolucoes: {
    id: '123ABC',
    rtrId: 'D12345678202009091221abcdf098765',
    valor: '10.00',
    horario: { solicitacao: '2020-09-09T20:15:00.358Z' },
    status: 'EM_PROCESSAMENTO',
  },
};
const pixWebhook2 = {
  endToEndId: 'E87654321202009091221dfghi123456',
  txid: TXID,
  valor: '110.00',
  horario: '2020-09-09T20:15:00.358Z',
  infoPagador: '0123456789',
};

const pixSent = {
  endToEndId: 'E090893562021030PIf25a7868',
  chave: '2c3c7441-b91e-4982-3c25-6105581e18ae',
  tipo: 'SOLICITACAO',
  status: 'REALIZADO',
  valor: '0.01',
  horario: '2021-03-04T20:39:47.000Z',
  gnExtras: { idEnvio: SEND },
};
const pixSentRejected = {
  endToEndId: 'E090893562021030PIf25a7868',
  chave: '2c3c7441-b91e-4982-3c25-6105581e18ae',
  tipo: 'SOLICITACAO',
  status: 'NAO_REALIZADO',
  valor: '0.01',
  horario: null,
  infoPagador: '0123456789',
  gnExtras: {
    idEnvio: SEND,
    erro: {
      codigo: 'AC03',
      origem: 'PSP do usuário recebedor',
      motivo: 'Número da agência e/ou conta transacional do usuário recebedor inexistente ou inválido',
    },
  },
};

/** Each documented notification by its name (the array it holds, or `evento:` and its value). */
export const efiExamples: Record<string, Array<Record<string, unknown>>> = {
  pix: [{ pix: [pixWebhook1, pixWebhook2] }, { pix: [pixWebhook2] }, { pix: [pixSent] }, { pix: [pixSentRejected] }],
  recs: [
    {
      recs: [
        {
          idRec: 'RR1026652320240821lab77511abf',
          status: 'APROVADA',
          atualizacao: [{ status: 'CRIADA', data: '2024-08-20T10:12:07.567Z' }],
          ativacao: { tipoJornada: 'JORNADA_3', dadosJornada: { txid: 'r9eFIFmwcZ55Nm4RsKZAAtIvvCrlcNN6' } },
        },
      ],
    },
  ],
  cobsr: [
    {
      cobsr: [
        {
          idRec: 'RR1234567820240115abcdefghijk',
          txid: '3136957d93134f2184b369e8f1c0729d',
          status: 'ATIVA',
          tentativas: [
            { dataLiquidacao: '2024-20-08', tipo: 'AGND', status: 'SOLICITADA', endToEndId: 'E12345678202406201221abcdef12345' },
          ],
        },
      ],
    },
  ],
  'evento:teste_webhook': [{ evento: 'teste_webhook' }],
};

export function efiBody(example: Record<string, unknown>, txid: string, sendId = '123ABC'): string {
  return JSON.stringify(example).replaceAll(TXID, txid).replaceAll(SEND, sendId);
}
