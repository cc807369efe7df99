import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from './wait.ts';

/**
 * The real nginx from the distribution, run from configurations derived from the one we ship
 * (deploy/nginx.conf), each with its own prefix, pid file, access log and temp folders under a temp
 * dir so it never touches /etc/nginx, /run, /var/log/nginx or /var/lib/nginx, and on loopback
 * ports only.
 */

export const SHIPPED_NGINX_CONF = path.resolve(import.meta.dirname, '../../deploy/nginx.conf');

export function findNginx(): string {
  const candidates = [process.env.NGINX_PATH?.trim(), '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];
  const found = candidates.find((candidate): candidate is string => Boolean(candidate && fs.existsSync(candidate)));
  if (!found) throw new Error('nginx not found: install it (apt-get install nginx) or set NGINX_PATH');
  return found;
}

/** A port nothing listens on right now (nginx cannot be told to pick one itself). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The end (after the closing brace) of the `{ … }` block whose opening brace is at `open`. */
function blockEnd(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === '{') depth++;
    if (text[index] === '}' && --depth === 0) return index + 1;
  }
  throw new Error('deploy/nginx.conf: unbalanced braces');
}

/** The top-level `server { … }` blocks of the shipped file, with their positions. */
function serverBlocks(text: string): Array<{ start: number; end: number; body: string }> {
  const blocks: Array<{ start: number; end: number; body: string }> = [];
  const pattern = /^server\s*\{/gm;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const end = blockEnd(text, match.index + match[0].length - 1);
    blocks.push({ start: match.index, end, body: text.slice(match.index, end) });
    pattern.lastIndex = end;
  }
  return blocks;
}

/** The shipped upstream's instances replaced by ours (where the first stood), each keeping the shipped parameters. */
function withUpstreams(text: string, upstreams: string[]): string {
  const upstream = /^upstream\s+vitrine\s*\{/m.exec(text);
  if (!upstream) throw new Error('deploy/nginx.conf: no "upstream vitrine" block');
  const end = blockEnd(text, upstream.index + upstream[0].length - 1);
  const lines = text.slice(upstream.index, end).split('\n');
  const isServer = (line: string) => /^\s*server\s+\S+.*;$/.test(line);
  const first = lines.findIndex(isServer);
  const shape = /^(\s*)server\s+\S+(.*);$/.exec(lines[first] ?? '');
  if (!shape) throw new Error('deploy/nginx.conf: the upstream lists no server');
  const [, indent, parameters] = shape;
  const kept = lines.filter((line) => !isServer(line));
  kept.splice(first, 0, ...upstreams.map((address) => `${indent}server ${address}${parameters};`));
  return text.slice(0, upstream.index) + kept.join('\n') + text.slice(end);
}

/**
 * The shipped site for a local run: our instances as the upstream, the HTTPS server listening on
 * a loopback port without TLS, the port-80 redirect server left out. Everything else — proxy
 * headers, retries, timeouts, body limits, response headers, the access log's format — stays
 * exactly as shipped.
 */
export function deriveLocalSite(shipped: string, options: { port: number; upstreams: string[] }): string {
  let text = withUpstreams(shipped, options.upstreams);
  const blocks = serverBlocks(text);
  const tls = blocks.find((block) => /\blisten\s+443\b/.test(block.body));
  const redirect = blocks.find((block) => /\blisten\s+80\b/.test(block.body));
  if (!tls || !redirect) throw new Error('deploy/nginx.conf: expected a port-80 server and a 443 server');
  const local = tls.body
    .replace(/^\s*listen\s+[^;]*;\n/gm, '')
    .replace(/^\s*ssl_\w+[^;]*;\n/gm, '')
    .replace(/^server\s*\{\n/, `server {\n    listen 127.0.0.1:${options.port};\n`);
  // Replace the later block first so the earlier one's offsets stay valid.
  for (const block of [tls, redirect].sort((a, b) => b.start - a.start)) {
    text = text.slice(0, block.start) + (block === tls ? local : '') + text.slice(block.end);
  }
  return text;
}

/** The shipped site with its certificate paths pointed at a stand-in certificate, for `nginx -t`. */
export function withTestCertificate(shipped: string, certificate: { cert: string; key: string }): string {
  return shipped
    .replace(/(ssl_certificate\s+)\/etc\/letsencrypt\/\S+;/, `$1${certificate.cert};`)
    .replace(/(ssl_certificate_key\s+)\/etc\/letsencrypt\/\S+;/, `$1${certificate.key};`);
}

/** A self-signed certificate for loja.example.com (openssl), standing in for Let's Encrypt's. */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'fullchain.pem');
  const key = path.join(dir, 'privkey.pem');
  const result = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=loja.example.com', '-keyout', key, '-out', cert],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl could not make a test certificate: ${result.stderr}`);
  return { cert, key };
}

/** The access log of a running nginx: the shipped `access_log` lines write there instead of /var/log/nginx. */
export function accessLogOf(prefix: string): string {
  return path.join(prefix, 'access.log');
}

/**
 * A whole nginx.conf around a site file, as /etc/nginx/nginx.conf includes conf.d: one worker
 * (the tests share two cores), and pid, logs and temp files under `prefix`. The site's own
 * `access_log` lines keep their format and write to `accessLogOf(prefix)`.
 */
export function mainConfig(site: string, prefix: string): string {
  const temp = (name: string) => path.join(prefix, name);
  const localSite = site.replace(/^(\s*access_log\s+)\/\S+/gm, (_line, directive: string) => `${directive}${accessLogOf(prefix)}`);
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${temp('nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 1024; }',
    'http {',
    '    access_log off;',
    `    client_body_temp_path ${temp('body')};`,
    `    proxy_temp_path ${temp('proxy')};`,
    `    fastcgi_temp_path ${temp('fastcgi')};`,
    `    uwsgi_temp_path ${temp('uwsgi')};`,
    `    scgi_temp_path ${temp('scgi')};`,
    localSite,
    '}',
    '',
  ].join('\n');
}

function makePrefix(): string {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-nginx-'));
  // nginx's workers drop root privileges (to nobody) and must still reach their temp folders.
  fs.chmodSync(prefix, 0o755);
  return prefix;
}

/** `nginx -t` on a site file (wrapped in `mainConfig`); returns its exit code and output. */
export function testNginxConfig(site: string): { code: number | null; output: string } {
  const prefix = makePrefix();
  try {
    const file = path.join(prefix, 'nginx.conf');
    fs.writeFileSync(file, mainConfig(site, prefix));
    const result = spawnSync(findNginx(), ['-t', '-p', prefix, '-c', file, '-e', 'stderr'], { encoding: 'utf8' });
    return { code: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    fs.rmSync(prefix, { recursive: true, force: true });
  }
}

export interface RunningNginx {
  url: string;
  port: number;
  /** Where the site's access log lines go. */
  accessLog: string;
  process: ChildProcess;
  output: string[];
  /**
   * Loads another site file (SIGHUP) and resolves once the workers of the old one have exited, so
   * every request after it gets the new site. Rejects if nginx keeps the old site (a refused file).
   */
  reload(site: string): Promise<void>;
  stop(): Promise<void>;
}

/** The nginx master's worker processes: the kernel's list of its children. */
function workersOf(masterPid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return []; // the master has exited
  }
}

/** Whether something accepts connections on 127.0.0.1:port. */
function portOpen(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Runs nginx in the foreground (a child process) with a site file that listens on `port`. */
export async function startNginx(site: string, port: number): Promise<RunningNginx> {
  const prefix = makePrefix();
  const file = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(file, mainConfig(site, prefix));
  const child = spawn(findNginx(), ['-p', prefix, '-c', file, '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let hasExited = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      hasExited = true;
      resolve();
    }),
  );
  /** Polls `check` while nginx runs (every 50 ms); an exit ends the wait at once. */
  const whileRunning = (what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) =>
    waitFor(
      what,
      async () => {
        if (hasExited) throw new Error('nginx exited');
        return check();
      },
      timeoutMs,
      50,
    );
  try {
    // The port opens before the master has forked its workers and set its signal handlers (a reload
    // then would kill it): started means both.
    await whileRunning('nginx to listen with its workers', async () => (await portOpen(port)) && workersOf(child.pid!).length > 0, 10_000);
  } catch {
    child.kill('SIGKILL');
    await exited;
    fs.rmSync(prefix, { recursive: true, force: true });
    throw new Error(`nginx did not start on port ${port}:\n${output.join('\n')}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    accessLog: accessLogOf(prefix),
    process: child,
    output,
    async reload(site) {
      // Until an old worker has seen the reload it still accepts connections and answers with the
      // old site, longer on a busy machine: a first good answer proves nothing about the next.
      const oldWorkers = workersOf(child.pid!);
      fs.writeFileSync(file, mainConfig(site, prefix));
      child.kill('SIGHUP');
      const replaced = () => {
        const workers = workersOf(child.pid!);
        return workers.length > 0 && !workers.some((pid) => oldWorkers.includes(pid));
      };
      await whileRunning('nginx to replace its workers', replaced, 15_000).catch(() => {
        throw new Error(`nginx did not replace its workers after a reload:\n${output.join('\n')}`);
      });
    },
    async stop() {
      // SIGQUIT: graceful shutdown, open requests finish first.
      if (!hasExited) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
