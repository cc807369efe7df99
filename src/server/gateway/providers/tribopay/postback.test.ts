import { describe, expect, it } from 'vitest';
import { parsePostback } from './postback.ts';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Format A: the transaction object itself (docs/gateway.md#6-postbacks), trimmed to its ids. */
const transactionObject = {
  event: 'transaction',
  id: 4711,
  hash: 'tx12345678',
  payment_status: 'paid',
  amount: 1990,
  transaction: '26004327',
};

describe('parsePostback', () => {
  it('format A, the transaction object: its hash first, then its other ids', () => {
    expect(parsePostback(JSON.stringify(transactionObject), JSON_TYPE)).toEqual({ candidateIds: ['tx12345678', '26004327', '4711'] });
  });

  it('format B, the "v2" panel shape: transaction.id', () => {
    const body = { token: 'x', event: 'transaction', status: 'paid', transaction: { id: 'abc' }, customer: { name: 'Ana' } };
    expect(parsePostback(JSON.stringify(body), JSON_TYPE)).toEqual({ candidateIds: ['abc'] });
  });

  it('an envelope with the transaction under data', () => {
    expect(parsePostback(JSON.stringify({ data: { hash: 'in-data' } }), JSON_TYPE)).toEqual({ candidateIds: ['in-data'] });
  });

  it('reads JSON sent without a JSON content type', () => {
    expect(parsePostback(JSON.stringify({ hash: 'h1' }), 'text/plain')).toEqual({ candidateIds: ['h1'] });
    expect(parsePostback(JSON.stringify({ hash: 'h1' }), '')).toEqual({ candidateIds: ['h1'] });
  });

  it('reads a form-encoded body, nested keys included', () => {
    expect(parsePostback('hash=tx1&transaction_hash=tx2', FORM_TYPE).candidateIds).toEqual(['tx1', 'tx2']);
    expect(parsePostback('event=transaction&data[hash]=in-form', FORM_TYPE)).toEqual({ candidateIds: ['in-form'] });
  });

  it('names no transaction for a body it cannot read, and never throws', () => {
    expect(parsePostback('{"hash": ', JSON_TYPE)).toEqual({ candidateIds: [] });
    expect(parsePostback('', JSON_TYPE)).toEqual({ candidateIds: [] });
    expect(parsePostback('null', JSON_TYPE)).toEqual({ candidateIds: [] });
    expect(parsePostback('[1, 2]', JSON_TYPE)).toEqual({ candidateIds: [] });
    expect(parsePostback('', '')).toEqual({ candidateIds: [] });
  });

  it('never reaches Object.prototype, whatever the keys of a form or JSON body', () => {
    const bodies: Array<[string, string]> = [
      ['__proto__[now]=x&hash=tx1', FORM_TYPE],
      ['constructor[prototype]=x&prototype[now]=x&hash=tx1', FORM_TYPE],
      ['__proto__[now]=x&hash=tx1', 'text/plain'],
      ['{"__proto__":{"now":1},"hash":"tx1"}', JSON_TYPE],
      ['{"constructor":{"prototype":{"now":1}},"hash":"tx1"}', JSON_TYPE],
      ['{"data":{"__proto__":{"now":1},"hash":"tx1"}}', JSON_TYPE],
    ];
    for (const [body, type] of bodies) {
      expect(parsePostback(body, type).candidateIds).toEqual(['tx1']);
      expect(Object.keys(Object.prototype)).toEqual([]);
      expect(({} as Record<string, unknown>).now).toBeUndefined();
    }
  });

  it('a postback naming its transaction by an inherited key names nothing', () => {
    // A polluted prototype must not turn into a transaction id: only the body's own keys count.
    expect(parsePostback('__proto__[hash]=stolen', FORM_TYPE)).toEqual({ candidateIds: [] });
    expect(parsePostback('{"__proto__":{"hash":"stolen"}}', JSON_TYPE)).toEqual({ candidateIds: [] });
  });

  it('drops an "id" far longer than any transaction id', () => {
    expect(parsePostback(`hash=${'a'.repeat(10_000)}&transaction=26004327`, FORM_TYPE)).toEqual({ candidateIds: ['26004327'] });
  });
});
