import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';

/**
 * Bounds, replay and CPU measurement for the fuzz suite.
 *
 * Every run is bounded (a fixed number of cases per target) and seeded: the seed is printed at the
 * start, and `FUZZ_SEED=<seed>` replays exactly the same cases. Without it the seed comes from the
 * commit checked out, so a commit's run in CI draws the cases its author's run drew, and each new
 * commit draws new ones. `FUZZ_RUNS` scales the number of cases (default 1, e.g. 10 for a long
 * local hunt, with `FUZZ_SEED=random` for a new seed each time).
 */
export const FUZZ_SEED = readSeed();
export const FUZZ_SCALE = readScale();

function readSeed(): number {
  const given = process.env.FUZZ_SEED?.trim();
  if (given === 'random') return Date.now() % 2_147_483_647;
  if (!given) return commitSeed() ?? Date.now() % 2_147_483_647;
  const seed = Number(given);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got "${given}"`);
  return seed;
}

function commitSeed(): number | undefined {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return createHash('sha256').update(commit.trim()).digest().readUInt32BE(0) % 2_147_483_647;
  } catch {
    return undefined;
  }
}

function readScale(): number {
  const given = process.env.FUZZ_RUNS?.trim();
  const scale = given ? Number(given) : 1;
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`FUZZ_RUNS must be a positive number, got "${given}"`);
  return scale;
}

export function runs(base: number): number {
  return Math.max(1, Math.round(base * FUZZ_SCALE));
}

export function announceSeed(suite: string): void {
  console.log(`${suite}: fuzz seed ${FUZZ_SEED} (replay with FUZZ_SEED=${FUZZ_SEED})`);
}

/** CPU milliseconds of `run()`; over `budgetMs`, run again and keep the lower figure (a GC can land anywhere). */
export function cpuMs(run: () => unknown, budgetMs: number): number {
  const once = () => {
    const before = process.cpuUsage();
    run();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  };
  // Over budget, it is measured twice more and the least counts: a parser that is really slow for
  // this input is slow every time, while a garbage collection or a busy second core is not.
  let least = once();
  for (let again = 0; again < 2 && least > budgetMs; again++) least = Math.min(least, once());
  return least;
}

/**
 * The CPU budget of a reader of JSON text: `fixedMs`, or three times what `JSON.parse` alone costs on
 * the same text measured now, whichever is more. A reader cannot be cheaper than parsing its input;
 * for a 4 MB body that parse alone has taken over 100 ms on a slow CI machine, while a reader that is
 * quadratic in anything still overruns three parses by far.
 */
export function jsonReaderBudgetMs(text: string, fixedMs: number): number {
  const parse = () => {
    try {
      JSON.parse(text);
    } catch {
      // Not JSON: the failed parse is still the floor.
    }
  };
  return Math.max(fixedMs, 3 * cpuMs(parse, 0));
}

/**
 * The CPU one anonymous request may cost the server. Measured with `process.cpuUsage()` around the
 * request: the server runs in the test's own process and nothing else runs meanwhile (requests go
 * one at a time, the server's timers are not started), so the difference is the server's work for
 * that request plus the client's small share (sending a prepared buffer, reading the answer). CPU
 * time, unlike wall time, does not grow when other processes share the machine's cores.
 */
export const CPU_BUDGET_MS = 50;

export interface HostileRequest {
  method: string;
  /** Path and query, sent as they are (Latin-1 bytes included). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send the body with `Transfer-Encoding: chunked` instead of a Content-Length. */
  chunked?: boolean;
}

export interface Answer {
  /** 0 when the connection ended without an answer. */
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The connection failed (reset, refused) before or while the answer came. */
  failure?: string;
}

/** One request over a fresh connection from `localAddress`; never rejects. */
export function send(baseUrl: string, request: HostileRequest, localAddress: string): Promise<Answer> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const headers: Record<string, string> = { ...request.headers };
    if (request.body && !request.chunked) headers['Content-Length'] = String(request.body.length);
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request({
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers,
        localAddress,
        agent: false,
      });
    } catch (error) {
      // The client refused to send it (e.g. a character Node never puts on the wire): not a server failure.
      done({ status: -1, headers: {}, body: Buffer.alloc(0), failure: `not sent: ${(error as Error).message}` });
      return;
    }
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('no answer within 30 s')));
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', (error) =>
        done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), failure: error.message }),
      );
    });
    outgoing.on('error', (error) => done({ status: 0, headers: {}, body: Buffer.alloc(0), failure: error.message }));
    outgoing.end(request.body);
  });
}

/** `send`, and the process's CPU time (user + system) spent until the answer was read. */
export async function sendMeasured(baseUrl: string, request: HostileRequest, localAddress: string): Promise<Answer & { cpuMs: number }> {
  const before = process.cpuUsage();
  const answer = await send(baseUrl, request, localAddress);
  const used = process.cpuUsage(before);
  return { ...answer, cpuMs: (used.user + used.system) / 1000 };
}

/** A request as one line for a report: method, path and body cut short, sizes given. */
export function describeRequest(request: HostileRequest): string {
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);
  const headerNames = Object.entries(request.headers)
    .map(([name, value]) => (value.length > 60 ? `${name}(${value.length} chars)` : `${name}: ${value}`))
    .join(' | ');
  const body = request.body ? ` body ${cut(JSON.stringify(request.body.toString('latin1')), 160)} (${request.body.length} B)` : '';
  return `${request.method} ${cut(JSON.stringify(request.path), 160)}${request.chunked ? ' chunked' : ''} [${cut(headerNames, 300)}]${body}`;
}
