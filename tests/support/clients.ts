import http from 'node:http';

/**
 * Distinct clients on one machine: every address in 127.0.0.0/8 is this machine's loopback, so a
 * request bound to 127.0.3.7 reaches a server on 127.0.0.1 from a different client address. The
 * server's per-client limits then see each one as its own visitor.
 */
let issued = 0;
export function newClientAddress(): string {
  issued += 1;
  const n = issued % 62_000;
  return `127.0.${2 + Math.floor(n / 250)}.${1 + (n % 250)}`;
}

/** `fetch`, but sent from `localAddress` (Node's fetch cannot bind a source address). */
export function fetchFrom(localAddress: string) {
  return (url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    new Promise<Response>((resolve, reject) => {
      const request = http.request(url, { method: init.method ?? 'GET', headers: init.headers, localAddress, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          const status = response.statusCode ?? 0;
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers }));
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(init.body);
    });
}

/** A buyer nobody else in the test run uses (the checkout hands an open PIX back to the same buyer). */
let buyers = 0;
export function uniqueBuyer(name = 'Maria Souza') {
  buyers += 1;
  const tag = `${process.pid}${buyers}${Math.random().toString(36).slice(2, 6)}`;
  const digits = String(900_000_000 + ((process.pid * 7919 + buyers * 104_729) % 99_999_999)).slice(0, 9);
  return { name, email: `comprador${tag}@example.com`, phone: `(11) ${digits.slice(0, 5)}-${digits.slice(5, 9)}` };
}

/** A valid CPF of its own per buyer: one CPF buying again reads as a duplicate payment, refunded automatically. */
let cpfs = 0;
export function uniqueCpf(): string {
  cpfs += 1;
  const base = String(100_000_000 + ((process.pid * 7_919 + cpfs * 104_729) % 800_000_000))
    .split('')
    .map(Number);
  const check = (digits: number[]) => ((digits.reduce((sum, digit, index) => sum + digit * (digits.length + 1 - index), 0) * 10) % 11) % 10;
  const first = check(base);
  return [...base, first, check([...base, first])].join('');
}

/** A checkout attempt's key, as the modal makes one per attempt: unique in the test run. */
let keys = 0;
export function newCheckoutKey(): string {
  keys += 1;
  return `k${process.pid}${Date.now().toString(36)}${keys}`.padEnd(24, 'k');
}

/** The key the checkout's tab sends with its order (viewKey), so that only it is shown the access link: unique in the test run. */
export function newViewKey(): string {
  return `vk${newCheckoutKey()}${newCheckoutKey()}`.slice(0, 48);
}

/** POST /api/orders as the modal sends it, from a client address of its own unless given; `headers` added to its own. */
export async function postOrder<Reply = Record<string, unknown>>(
  url: string,
  body: Record<string, unknown>,
  from = newClientAddress(),
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Reply }> {
  const response = await fetchFrom(from)(`${url}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Reply };
}

/**
 * Signs in to the seller's console at `url` with `password`; resolves with the session cookie
 * (`name=value`). Fails when the login is refused. `origin` is the browser's (the server's own URL
 * unless PUBLIC_URL sets another).
 */
export async function signInToConsole(url: string, password: string, origin = url): Promise<string> {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ password }),
  });
  if (login.status !== 200) throw new Error(`console login answered ${login.status}: ${await login.text()}`);
  return login.headers.get('Set-Cookie')!.split(';')[0]!;
}
