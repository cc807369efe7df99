import { describe, expect, it } from 'vitest';
import { buildPixBrCode } from '../../br-code.ts';
import {
  classifyPixValue,
  extractPix,
  mapPaymentStatus,
  parseCharge,
  parseRefundReply,
  parseTransactionRecord,
} from './parse-transaction.ts';
import { readCents, type JsonRecord } from '../../../lib/json-record.ts';

const EMV = buildPixBrCode({ key: 'chave@example.com', amountCents: 1990, merchantName: 'Loja', merchantCity: 'Recife', txid: 'abc123' });
const PNG_BASE64 = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 7)]).toString('base64');
const JPEG_BASE64 = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(120, 3)]).toString('base64');
const EMPTY_PIX = { code: null, imageDataUrl: null, imageUrl: null, paymentUrl: null };

/** The TriboPay create reply, trimmed to what matters (docs/gateway.md#3-charge). */
function tribopayReply(overrides: JsonRecord = {}): JsonRecord {
  return {
    event: 'transaction',
    id: 4711,
    hash: 'tx12345678',
    payment_method: 'pix',
    payment_status: 'waiting_payment',
    pix: { pix_qr_code: EMV, pix_url: EMV, qr_code_base64: null },
    amount: 1990,
    transaction: '26004327',
    utm_source: 'null',
    ...overrides,
  };
}

describe('extractPix', () => {
  it('reads the real TriboPay shape: code in pix_qr_code, the same EMV in pix_url, no image', () => {
    expect(extractPix(tribopayReply())).toEqual({ ...EMPTY_PIX, code: EMV });
  });

  it.each(['pix_qr_code', 'payload', 'emv', 'qrcode', 'qr_code', 'code'])('finds the code under pix.%s', (name) => {
    expect(extractPix({ pix: { [name]: EMV } }).code).toBe(EMV);
  });

  it.each(['pix_qr_code', 'payload', 'emv', 'qrcode', 'qr_code', 'code'])('finds the code under payment.pix.%s', (name) => {
    expect(extractPix({ payment: { pix: { [name]: EMV } } }).code).toBe(EMV);
  });

  it('prefers the real names: pix_qr_code, then an EMV pix_url, then the fallbacks in spec order', () => {
    const other = buildPixBrCode({ key: 'outra', amountCents: 500, merchantName: 'X', merchantCity: 'Y', txid: 'z' });
    expect(extractPix({ pix: { code: other, qr_code: other, pix_qr_code: EMV } }).code).toBe(EMV);
    expect(extractPix({ pix: { code: other, pix_url: EMV } }).code).toBe(EMV);
    expect(extractPix({ pix: { code: other, payload: EMV, qrcode: other } }).code).toBe(EMV);
    expect(extractPix({ pix: { code: other, qrcode: EMV } }).code).toBe(EMV);
  });

  it('takes an EMV code from pix_url when nothing else has it (TriboPay quirk)', () => {
    expect(extractPix({ pix: { pix_url: EMV, pix_qr_code: null } })).toEqual({ ...EMPTY_PIX, code: EMV });
  });

  it('treats an http(s) pix_url as a payment page, never as the code (Pepper)', () => {
    const pix = extractPix({ pix: { pix_qr_code: EMV, pix_url: 'https://pay.example.com/p/abc' } });
    expect(pix).toEqual({ ...EMPTY_PIX, code: EMV, paymentUrl: 'https://pay.example.com/p/abc' });
    expect(extractPix({ pix: { pix_url: 'https://pay.example.com/p/abc' } }).code).toBeNull();
  });

  it('treats a base64 pix_url as an image', () => {
    const pix = extractPix({ pix: { pix_qr_code: EMV, pix_url: PNG_BASE64 } });
    expect(pix.code).toBe(EMV);
    expect(pix.imageDataUrl).toBe(`data:image/png;base64,${PNG_BASE64}`);
    expect(pix.paymentUrl).toBeNull();
  });

  it('classifies an EMV code found in a URL or image field as the code', () => {
    expect(extractPix({ pix: { qr_code_url: EMV } }).code).toBe(EMV);
    expect(extractPix({ pix: { qr_code_base64: EMV } }).code).toBe(EMV);
  });

  it.each(['qr_code_base64', 'qrcode_base64', 'qr_code_image', 'base64'])('reads a raw base64 image from pix.%s', (name) => {
    const pix = extractPix({ pix: { [name]: PNG_BASE64 } });
    expect(pix).toEqual({ ...EMPTY_PIX, imageDataUrl: `data:image/png;base64,${PNG_BASE64}` });
  });

  it('strips whitespace from base64 and data: URLs and keeps the image type', () => {
    const wrapped = `${PNG_BASE64.slice(0, 40)}\n${PNG_BASE64.slice(40, 90)}\r\n ${PNG_BASE64.slice(90)}`;
    expect(extractPix({ pix: { qr_code_base64: wrapped } }).imageDataUrl).toBe(`data:image/png;base64,${PNG_BASE64}`);
    expect(extractPix({ pix: { qr_code_base64: `data:image/png;base64, ${wrapped}` } }).imageDataUrl).toBe(
      `data:image/png;base64,${PNG_BASE64}`,
    );
    expect(extractPix({ pix: { base64: JPEG_BASE64 } }).imageDataUrl).toBe(`data:image/jpeg;base64,${JPEG_BASE64}`);
  });

  it('reads image URLs from qr_url / qr_code_url / image_url', () => {
    for (const name of ['qr_url', 'qr_code_url', 'image_url']) {
      expect(extractPix({ pix: { [name]: 'https://cdn.example.com/qr.png' } })).toEqual({
        ...EMPTY_PIX,
        imageUrl: 'https://cdn.example.com/qr.png',
      });
    }
  });

  it('ignores what is neither EMV, http(s), nor an image', () => {
    expect(extractPix({ pix: { pix_url: 'javascript:alert(1)', qr_code_base64: 'not-base64!', qr_url: 'ftp://x/y' } })).toEqual(EMPTY_PIX);
    expect(extractPix({ pix: { qr_code_base64: 'data:text/html;base64,PGgxPng8L2gxPg==' } })).toEqual(EMPTY_PIX);
    expect(extractPix({ pix: null })).toEqual(EMPTY_PIX);
    expect(extractPix({})).toEqual(EMPTY_PIX);
  });

  it('keeps a non-EMV value from a code field only as a last resort', () => {
    expect(extractPix({ pix: { code: 'OPAQUE-CODE-1' } }).code).toBe('OPAQUE-CODE-1');
    expect(extractPix({ pix: { code: 'OPAQUE-CODE-1', qr_code_url: EMV } }).code).toBe(EMV);
  });

  it('accepts the postback v2 place, transaction.pix.code / .url', () => {
    const pix = extractPix({ transaction: { id: '9', pix: { code: EMV, url: 'https://pay.example.com/x' } } });
    expect(pix).toEqual({ ...EMPTY_PIX, code: EMV, paymentUrl: 'https://pay.example.com/x' });
  });
});

describe('classifyPixValue', () => {
  it('decides by content', () => {
    expect(classifyPixValue(`  ${EMV} `)).toEqual({ kind: 'emv', value: EMV });
    expect(classifyPixValue('HTTPS://example.com/a')).toEqual({ kind: 'http', value: 'https://example.com/a' });
    expect(classifyPixValue(PNG_BASE64)?.kind).toBe('image');
    expect(classifyPixValue('   ')).toBeNull();
    expect(classifyPixValue('short')?.kind).toBe('other');
  });
});

describe('readCents', () => {
  it('accepts integer centavos and numeric strings, nothing else', () => {
    expect(readCents(1990)).toBe(1990);
    expect(readCents('1990')).toBe(1990);
    expect(readCents(' 500 ')).toBe(500);
    expect(readCents(0)).toBe(0);
    expect(readCents('19.90')).toBeNull();
    expect(readCents(19.9)).toBeNull();
    expect(readCents(-5)).toBeNull();
    expect(readCents(null)).toBeNull();
    expect(readCents('')).toBeNull();
  });
});

describe('mapPaymentStatus (docs/gateway.md#10-confirming-a-payment)', () => {
  it.each([
    ['paid', 'paid'],
    ['authorized', 'paid'],
    ['PAID', 'paid'],
    ['waiting_payment', 'pending'],
    ['processing', 'pending'],
    ['pending', 'pending'],
    ['waiting', 'pending'],
    ['refused', 'failed'],
    ['canceled', 'failed'],
    ['cancelled', 'failed'],
    ['expired', 'failed'],
    ['refunded', 'reversed'],
    ['chargeback', 'reversed'],
    ['chargedback', 'reversed'],
    ['pending_refund', 'refunding'],
    ['PENDING_REFUND', 'refunding'],
    [' pending_refund\n', 'refunding'],
    ['antifraud', 'unknown'],
    ['checkout_abandoned', 'unknown'],
    ['WaitingPayment', 'unknown'],
    ['', 'unknown'],
  ] as const)('%s → %s', (raw, state) => {
    expect(mapPaymentStatus(raw)).toBe(state);
  });

  it('maps missing values to unknown', () => {
    expect(mapPaymentStatus(null)).toBe('unknown');
    expect(mapPaymentStatus(undefined)).toBe('unknown');
  });
});

describe('parseCharge', () => {
  it('reads the TriboPay root object', () => {
    expect(parseCharge(tribopayReply())).toEqual({
      transactionHash: 'tx12345678',
      alternateIds: ['26004327', '4711'],
      amountCents: 1990,
      rawStatus: 'waiting_payment',
      state: 'pending',
      pix: { ...EMPTY_PIX, code: EMV },
      expiresAt: null,
    });
  });

  it('reads an expiry the gateway names; a time without a zone is Brazil time', () => {
    expect(parseCharge({ hash: 'a', expires_at: '2026-06-01 12:00:00' })?.expiresAt).toBe(Date.parse('2026-06-01T15:00:00Z'));
    expect(parseCharge({ hash: 'a', pix: { expiration_date: '2026-06-01T12:00:00Z' } })?.expiresAt).toBe(
      Date.parse('2026-06-01T12:00:00Z'),
    );
    expect(parseCharge({ hash: 'a', expires_at: 'amanhã' })?.expiresAt).toBeNull();
    expect(parseCharge({ hash: 'a', expires_at: '1780000000' })?.expiresAt).toBeNull();
  });

  it('reads the same object inside a data wrapper, with the amount as a string and PIX under payment.pix', () => {
    const charge = parseCharge({
      success: true,
      data: { hash: 'tx1', amount: '1990', payment_status: 'waiting_payment', payment: { pix: { qr_code: EMV } } },
    });
    expect(charge).toMatchObject({ transactionHash: 'tx1', amountCents: 1990, state: 'pending', pix: { code: EMV } });
  });

  it('reads status only when payment_status is absent', () => {
    expect(parseCharge({ hash: 'a', status: 'paid' })?.state).toBe('paid');
    expect(parseCharge({ hash: 'a', status: 'paid', payment_status: 'waiting_payment' })?.state).toBe('pending');
  });

  it('falls back to `transaction` as the id, and refuses a reply with no id at all', () => {
    expect(parseCharge({ transaction: 'T-9', pix: { pix_qr_code: EMV } })?.transactionHash).toBe('T-9');
    expect(parseCharge({ pix: { pix_qr_code: EMV } })).toBeNull();
    expect(parseCharge('not an object')).toBeNull();
    expect(parseCharge([tribopayReply()])).toBeNull();
  });
});

describe('parseTransactionRecord', () => {
  it('reads status, amount and product/offer hashes', () => {
    const record = parseTransactionRecord(
      tribopayReply({ payment_status: 'paid', product: { hash: 'prd1' }, offer: { hash: 'off1' } }),
      'tx12345678',
    );
    expect(record).toEqual({
      transactionHash: 'tx12345678',
      alternateIds: ['26004327', '4711'],
      amountCents: 1990,
      rawStatus: 'paid',
      state: 'paid',
      productHash: 'prd1',
      offerHash: 'off1',
    });
  });

  it('falls back to items[0] for the product hash and to the requested hash for the id', () => {
    const record = parseTransactionRecord(
      { data: { payment_status: 'refunded', amount: 1990, items: [{ product_hash: 'prd2', offer_hash: 'off2' }] } },
      'h1',
    );
    expect(record).toMatchObject({ transactionHash: 'h1', state: 'reversed', productHash: 'prd2', offerHash: 'off2' });
  });
});

describe('parseRefundReply', () => {
  it('reads the transaction, at the root or in data, by payment_status', () => {
    expect(parseRefundReply(tribopayReply({ payment_status: 'refunded' }), 'tx12345678')).toEqual({
      rawStatus: 'refunded',
      state: 'reversed',
    });
    expect(parseRefundReply({ data: { hash: 'h1', payment_status: 'pending_refund' } }, 'h1')).toEqual({
      rawStatus: 'pending_refund',
      state: 'refunding',
    });
    expect(parseRefundReply({ payment_status: 'PAID' }, 'h1')).toEqual({ rawStatus: 'PAID', state: 'paid' });
    expect(parseRefundReply(tribopayReply({ payment_status: 'refunded' }), '26004327')?.state).toBe('reversed');
  });

  it('takes an empty body or an object that is not the transaction as "accepted, state unknown"', () => {
    const unknown = { rawStatus: null, state: 'unknown' };
    expect(parseRefundReply(undefined, 'h1')).toEqual(unknown);
    expect(parseRefundReply({ success: true }, 'h1')).toEqual(unknown);
    expect(parseRefundReply({ message: 'Reembolso solicitado' }, 'h1')).toEqual(unknown);
    // A refund record of its own: its `status` is not the payment's.
    expect(parseRefundReply({ data: { id: 77, status: 'pending', amount: 1990 } }, 'h1')).toEqual(unknown);
  });

  it('leaves the outcome open (null) for a body that is no object, says success: false, or is another transaction', () => {
    expect(parseRefundReply('ok', 'h1')).toBeNull();
    expect(parseRefundReply([tribopayReply()], 'h1')).toBeNull();
    expect(parseRefundReply(null, 'h1')).toBeNull();
    expect(parseRefundReply({ success: false, message: 'Falhou' }, 'h1')).toBeNull();
    expect(parseRefundReply({ hash: 'someone-else', payment_status: 'refunded' }, 'h1')).toBeNull();
  });
});
