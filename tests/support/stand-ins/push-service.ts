import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { Hono } from 'hono';
import { listenOnLoopback } from '../loopback.ts';

/**
 * A browser's push service, written from the RFCs, and the browser's side of a subscription:
 * - RFC 8030 §5: a push message is a POST to the subscription's URL with a `TTL` header; 201 Created accepts it,
 *   404/410 say the subscription is gone, 429 asks to slow down (§8.4).
 * - RFC 8292 §2–3: `Authorization: vapid t=<JWT>, k=<server public key>`; the JWT is ES256 with `aud` the origin of
 *   the push resource, `exp` no more than 24 h ahead, and `sub` a contact (mailto: or https:).
 * - RFC 8291 §3–4 with RFC 8188: `Content-Encoding: aes128gcm`; the body's header carries salt, record size and the
 *   sender's ephemeral key; the browser derives the key and nonce from its ECDH share and auth secret and decrypts.
 */

export interface PushArrival {
  device: string;
  status: number;
  /** The decrypted payload as JSON; null when the stand-in refused the request before decrypting. */
  message: Record<string, unknown> | null;
  ttl: number;
  urgency: string | null;
  problem: string | null;
}

export interface BrowserSubscription {
  id: string;
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface PushServiceStandIn {
  url: string;
  arrivals: PushArrival[];
  /** A device as a browser makes one: its key pair and auth secret stay here, to decrypt what arrives. */
  subscribe(): BrowserSubscription;
  /** The next answers to that device, in order, instead of 201. */
  answer(device: string, ...statuses: number[]): void;
  /**
   * The next message to that device is checked, decrypted and recorded as delivered (the service passed it on), and
   * its answer held until `release()`: a sender killed meanwhile never learns it went. `arrived` names the sender's
   * TCP port, so a test can tell which process sent it.
   */
  hold(device: string): { arrived: Promise<{ senderPort: number }>; release(): void };
  delivered(device: string): Array<Record<string, unknown>>;
  stop(): Promise<void>;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

function checkVapid(header: string | undefined, endpoint: string, now: number): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'no vapid authorization';
  const [token, key] = [match[1]!, match[2]!];
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) return 'malformed JWT';
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (header_.alg !== 'ES256') return 'not ES256';
  if (claims.aud !== new URL(endpoint).origin) return `aud ${claims.aud}`;
  const seconds = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= seconds || claims.exp > seconds + 24 * 3600) return 'exp out of range';
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return 'no contact in sub';
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return signed ? null : 'bad signature';
}

function decrypt(body: Buffer, device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): Record<string, unknown> {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const receiverKey = device.ecdh.getPublicKey();
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // RFC 8188 §2: the last record's plaintext ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return JSON.parse(padded.subarray(0, end).toString('utf8')) as Record<string, unknown>;
}

export async function startPushService(options: { now?: () => number } = {}): Promise<PushServiceStandIn> {
  const now = options.now ?? Date.now;
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; answers: number[] }>();
  const holds = new Map<string, { arrived: (sender: { senderPort: number }) => void; released: Promise<void> }>();
  const arrivals: PushArrival[] = [];
  const app = new Hono().post('/push/:device', async (c) => {
    const id = c.req.param('device');
    const device = devices.get(id);
    const ttl = Number(c.req.header('TTL'));
    const urgency = c.req.header('Urgency') ?? null;
    const record = (status: number, message: Record<string, unknown> | null, problem: string | null) => {
      arrivals.push({ device: id, status, message, ttl, urgency, problem });
      return c.body(null, status as 201);
    };
    if (!device) return record(404, null, 'unknown device');
    const scripted = device.answers.shift();
    if (scripted === 410) devices.delete(id);
    if (scripted !== undefined) return record(scripted, null, null);
    const problem =
      checkVapid(c.req.header('Authorization'), c.req.url, now()) ??
      (Number.isInteger(ttl) && ttl >= 0 ? null : 'no TTL') ??
      (c.req.header('Content-Encoding') === 'aes128gcm' ? null : 'not aes128gcm');
    if (problem) return record(400, null, problem);
    const message = decrypt(Buffer.from(await c.req.arrayBuffer()), device);
    c.header('Location', `${new URL(c.req.url).origin}/message/${randomUUID()}`);
    const held = holds.get(id);
    if (held) {
      holds.delete(id);
      arrivals.push({ device: id, status: 201, message, ttl, urgency, problem: null });
      held.arrived({ senderPort: (c.env as { incoming: { socket: { remotePort: number } } }).incoming.socket.remotePort });
      await held.released;
      return c.body(null, 201);
    }
    return record(201, message, null);
  });
  const server = await listenOnLoopback(app.fetch);
  const url = server.url;
  return {
    url,
    arrivals,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth, answers: [] });
      return {
        id,
        json: { endpoint: `${url}/push/${id}`, expirationTime: null, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } },
      };
    },
    answer(device, ...statuses) {
      devices.get(device)?.answers.push(...statuses);
    },
    hold(device) {
      let arrived!: (sender: { senderPort: number }) => void;
      let release!: () => void;
      const arrival = new Promise<{ senderPort: number }>((resolve) => (arrived = resolve));
      holds.set(device, { arrived, released: new Promise<void>((resolve) => (release = resolve)) });
      return { arrived: arrival, release };
    },
    delivered: (device) =>
      arrivals
        .filter((arrival) => arrival.device === device && arrival.status === 201)
        .flatMap((arrival) => (arrival.message ? [arrival.message] : [])),
    stop: () => server.close(),
  };
}
