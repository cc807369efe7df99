import fc from 'fast-check';

/**
 * Hostile outside input as fast-check arbitraries: JSON text with prototype keys at any depth,
 * deep nesting, huge strings and wrong types; form and multipart bodies; odd header values,
 * paths and query strings. Shared by the HTTP fuzz (http-routes.test.ts) and the parser fuzz.
 * JSON is built as text, not with JSON.stringify of an object: an object literal's `__proto__`
 * key sets the prototype instead of making an own key, so it would never reach the wire.
 */

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Keys our routes and the gateway's payloads read, so a hostile value lands where code looks. */
const FIELD_KEYS = [
  'name',
  'email',
  'phone',
  'document',
  'checkoutKey',
  'viewKey',
  'attribution',
  'tracking',
  'consent',
  'fbp',
  'utm_source',
  'path',
  'visitorId',
  'password',
  'confirmation',
  'csv',
  'hash',
  'transaction_hash',
  'transaction',
  'data',
  'id',
  'payment_status',
  'status',
  'api_token',
  'amount',
  'customer',
  'cart',
  'postback_url',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'length',
] as const;

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\uFFFE',
  '\u202E',
  '🙂',
  'ﬀ',
  'ção',
  'İ',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '%zz',
  '${process.env}',
  '../../etc/passwd',
  '@'.repeat(60),
  '1'.repeat(60),
  '(11) 98765-4321',
  'maria@example.com',
  'a@b.c'.repeat(40),
  '123.456.789-09',
] as const;

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS),
  fc.constantFrom(...FIELD_KEYS),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc
    .tuple(fc.constantFrom('a', '9', '@', ' ', '.', '\u0000', 'é', '-'), fc.integer({ min: 100, max: 3000 }))
    .map(([unit, count]) => unit.repeat(count)),
);

const leafText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('null', 'true', 'false', '0', '-0', '1e308', '-1e-308', '1.5', '9007199254740993', '[]', '{}'),
  fc.double().map((value) => JSON.stringify(value)),
  hostileString.map((value) => JSON.stringify(value)),
);

/** Any JSON value as text: objects with prototype keys, arrays, wrong types, odd strings. */
export const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string; leaf: string; array: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', maxDepth: 5 }, tie('leaf'), tie('array'), tie('object')),
  leaf: leafText,
  array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
  object: fc
    .array(fc.tuple(hostileKey, tie('value')), { maxLength: 5 })
    .map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`),
})).value;

/** A prototype-pollution attempt: `{"__proto__":{"polluted":…}}` and its `constructor.prototype` twin. */
export const pollutionJson: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('{"__proto__":{"polluted":%}}', '{"constructor":{"prototype":{"polluted":%}}}', '{"prototype":{"polluted":%}}'),
    jsonText,
  )
  .map(([template, value]) => template.replace('%', value));

/** An object of `valid`'s keys in which any value may be swapped for hostile JSON, plus extra hostile keys. */
export function shapedJson(valid: Record<string, unknown>): fc.Arbitrary<string> {
  const entries = Object.entries(valid);
  return fc
    .tuple(
      fc.array(fc.option(fc.oneof(jsonText, pollutionJson), { freq: 2 }), { minLength: entries.length, maxLength: entries.length }),
      fc.array(fc.tuple(hostileKey, fc.oneof(jsonText, pollutionJson)), { maxLength: 3 }),
    )
    .map(([swaps, extras]) => {
      const parts = entries.map(([key, value], index) => `${JSON.stringify(key)}:${swaps[index] ?? JSON.stringify(value)}`);
      parts.push(...extras.map(([key, value]) => `${JSON.stringify(key)}:${value}`));
      return `{${parts.join(',')}}`;
    });
}

/** `depth` levels of one opener (arrays, objects, prototype keys), within `maxBytes`. */
export function deepJson(maxBytes: number): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(['[', ']'], ['{"a":', '}'], ['{"__proto__":', '}'], ['{"data":', '}'], ['{"constructor":{"prototype":', '}}']),
      fc.integer({ min: 1, max: 1_000_000 }),
    )
    .map(([[open, close], wanted]) => {
      const depth = Math.max(1, Math.min(wanted, Math.floor((maxBytes - 1) / (open.length + close.length))));
      return `${open.repeat(depth)}1${close.repeat(depth)}`;
    });
}

/** A JSON object with one huge string value: exactly `size` bytes, around the route's body limit. */
export function hugeJson(limit: number): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('name', 'email', 'path', 'csv', 'hash', 'password', '__proto__'),
      fc.constantFrom('x', 'é', '\\u0000', '@'),
      fc.constantFrom(limit - 1, limit, limit + 1, Math.floor(limit / 2), limit * 4),
    )
    .map(([key, unit, size]) => {
      const frame = `{"${key}":""}`.length;
      const count = Math.max(0, Math.floor((size - frame) / Buffer.byteLength(unit)));
      return `{"${key}":"${unit.repeat(count)}"}`;
    });
}

/** `encodeURIComponent`, which throws on a lone surrogate: those become U+FFFD first, as UTF-8 encoding does. */
export function percentEncode(text: string): string {
  return encodeURIComponent(Buffer.from(text).toString('utf8'));
}

const FORM_KEYS = [
  'a[b][c]',
  '__proto__[x]',
  '__proto__[polluted]',
  'constructor[prototype][x]',
  'data[hash]',
  'data[__proto__]',
  'hash',
  'hash[]',
  'transaction[id]',
  'email',
  'a[',
  ']',
  '[]',
  '%5B%5D',
] as const;

export const formBody: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...FORM_KEYS), hostileKey.map(percentEncode)),
      fc.oneof(fc.constantFrom('', '1', '%', '%zz', '%00', 'x'.repeat(2000)), hostileString.map(percentEncode)),
    ),
    { maxLength: 30 },
  )
  .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));

/** A multipart body and its boundary; field names include prototype keys. */
export const multipartBody: fc.Arbitrary<{ body: string; boundary: string }> = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9'()+_,-]{1,60}$/),
    fc.array(fc.tuple(hostileKey, hostileString, fc.boolean()), { maxLength: 6 }),
    fc.boolean(),
  )
  .map(([boundary, parts, closed]) => {
    const fields = parts.map(
      ([name, value, file]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '')}"${file ? '; filename="../../x.csv"' : ''}\r\n${file ? 'Content-Type: text/csv\r\n' : ''}\r\n${value}\r\n`,
    );
    return { body: `${fields.join('')}${closed ? `--${boundary}--\r\n` : ''}`, boundary };
  });

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=utf-16',
    'application/json;charset="x"; boundary=',
    'application/vnd.api+json',
    'text/json',
    'text/plain',
    'text/plain; charset=latin1',
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded; charset=iso-8859-1',
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'application/xml',
    'application/octet-stream',
    'application/csp-report',
    '*/*',
    '',
    ';',
    'json',
  ),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((text) => `application/json; ${text}`),
);

/** A header value Node's client will send: tab, printable ASCII and Latin-1 bytes. */
const headerChar = fc
  .oneof(
    { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
    { weight: 1, arbitrary: fc.constant(0x09) },
  )
  .map((code) => String.fromCharCode(code));
export const headerText = (maxLength: number) => fc.string({ unit: headerChar, maxLength });
const longHeader = fc
  .tuple(fc.constantFrom('a', ',', ';', '=', ' ', '1.2.3.4,'), fc.integer({ min: 500, max: 7000 }))
  .map(([unit, count]) => unit.repeat(Math.floor(count / unit.length)));

const cookieValue = fc.oneof(
  fc.constantFrom('', '"', '""', '%', '%zz', '%E0%A4%A', 'a=b', 'x'.repeat(4000), '__proto__', '{"a":1}'),
  fc.string({ unit: 'binary-ascii', maxLength: 80 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
);
const cookieName = fc.constantFrom('vitrine_admin', 'vitrine_access', '__proto__', 'constructor', 'toString', '', ' ', '$Version');
export const cookieHeader: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(fc.tuple(fc.oneof(cookieName, fc.string({ unit: 'binary-ascii', maxLength: 8 })), cookieValue), { maxLength: 40 })
    .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`.replace(/[^\t\x20-\x7e]/g, '')).join('; ')),
  headerText(400),
  longHeader,
);

const forwardedEntry = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.constantFrom('', 'unknown', ' ', '::ffff:127.0.0.1', '127.0.0.1:80', '[::1]:8080', '999.999.999.999', 'x'.repeat(300), '__proto__'),
  headerText(40).map((text) => text.replace(/,/g, '')),
);
export const forwardedFor: fc.Arbitrary<string> = fc.oneof(
  fc.array(forwardedEntry, { maxLength: 30 }).map((entries) => entries.join(', ')),
  longHeader,
);

const rangeHeader = fc.oneof(
  fc.constantFrom(
    'bytes=0-0',
    'bytes=-1',
    'bytes=1-',
    'bytes=0-',
    'bytes=5-1',
    'bytes=--',
    'bytes=0-1,2-3,4-5',
    'items=0-1',
    'bytes=99999999999999999999-',
  ),
  fc.integer({ min: 2, max: 1500 }).map((count) => `bytes=${Array.from({ length: count }, (_, index) => `${index}-${index}`).join(',')}`),
);

const entityTag = fc.oneof(
  fc.constantFrom('*', '""', 'W/"x"', '"abc", W/"def"', 'W/', '"'),
  fc.integer({ min: 1, max: 2000 }).map((count) => Array.from({ length: count }, (_, index) => `"${index}"`).join(', ')),
);

/** Headers a visitor may send, each optional, each odd; the route's own content type is added by the caller. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      Cookie: cookieHeader,
      Origin: fc.oneof(fc.constantFrom('null', 'http://evil.example', 'http://127.0.0.1', 'file://'), headerText(200)),
      'X-Forwarded-For': forwardedFor,
      'Accept-Language': fc.oneof(
        fc.constantFrom('pt-BR,pt;q=0.9', '*', 'xx;q=abc', ';q=', 'en-US;q=1.1'),
        headerText(300),
        fc
          .integer({ min: 10, max: 1000 })
          .map((count) => Array.from({ length: count }, (_, index) => `l${index};q=0.${index % 10}`).join(',')),
      ),
      'Accept-Encoding': fc.oneof(fc.constantFrom('br', 'gzip', 'identity;q=0', '*;q=0', 'br;q=0, gzip;q=0'), headerText(300), longHeader),
      Range: rangeHeader,
      'If-None-Match': entityTag,
      'If-Modified-Since': fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'garbage', 'Sat, 31 Dec 9999 23:59:59 GMT', '-1'),
      Authorization: fc.oneof(fc.constantFrom('Bearer ', 'Bearer sandbox-token', 'Basic Og=='), headerText(300)),
      Accept: fc.oneof(fc.constantFrom('application/json', 'text/html', '*/*'), headerText(200)),
      'User-Agent': fc.oneof(headerText(200), longHeader),
      Referer: headerText(300),
      'X-Order-Key': headerText(200),
      'X-Order-Contact': headerText(200),
      'X-Request-Id': headerText(200),
    },
    { requiredKeys: [] },
  )
  .map((headers) => Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined)));

const ODD_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F',
  '..%2f..%2f',
  '%',
  '%zz',
  '%c0%af',
  '%00',
  '%ff',
  '%F0%9F%98%80',
  '%E0%A4%A',
  '',
  '\\',
  '..\\..',
  'index.html',
  '.env',
  '__proto__',
  'constructor',
  ';a=b',
  'ã',
  'é%20é',
  '~',
  '*',
] as const;

/** A path segment: odd encodings, traversals, raw Latin-1 bytes, long runs. */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_SEGMENTS),
  fc
    .string({ unit: fc.integer({ min: 0x21, max: 0xff }).map((code) => String.fromCharCode(code)), maxLength: 30 })
    .map((text) => text.replace(/[/?#]/g, '')),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/),
);

/** A path of 15 KB or so: near Node's 16 KB header limit, with the route's prefix. */
export function longPath(prefix: string): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom('a', '%2e', '/', '%', 'ç', '../'), fc.integer({ min: 1000, max: 15_000 }))
    .map(([unit, bytes]) => `${prefix}${unit.repeat(Math.floor(bytes / unit.length))}`);
}

const queryKey = fc.oneof(
  fc.constantFrom(
    'a',
    'a[]',
    'a[b]',
    'a[b][c]',
    '__proto__[x]',
    'constructor[prototype][x]',
    'status',
    'status[]',
    'page',
    'q',
    'from',
    'to',
    't',
    'order',
    'api_token',
    'utm_source',
    '',
    '%',
  ),
  hostileKey.map(percentEncode),
);
const queryValue = fc.oneof(
  fc.constantFrom(
    '',
    '1',
    '-1',
    '0',
    '1e9',
    'NaN',
    'Infinity',
    '2025-02-30',
    '9999-99-99',
    'paid',
    'all',
    'x.y',
    '.',
    '%',
    '%zz',
    'x'.repeat(3000),
  ),
  hostileString.map(percentEncode),
);

/** A query string with repeated and bracketed keys (`?a=1&a=2&a[b]=3&__proto__[x]=1`), or none. */
export const queryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.tuple(queryKey, queryValue), { maxLength: 25 })
      .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
  },
);
