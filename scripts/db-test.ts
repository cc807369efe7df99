import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * `npm run db:test`: a throwaway PostgreSQL for the integration tests, for a machine that has none.
 * The distribution's server binaries (initdb, postgres) on a free loopback port, its data in a
 * temporary folder; else, when Docker is there, the `postgres` image. It prints the variable to
 * export; Ctrl-C stops the server and deletes its data. `-- --port N` picks the port.
 */

const portArgument = process.argv.indexOf('--port');
const requestedPort = portArgument > 0 ? Number(process.argv[portArgument + 1]) : 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The newest installed server binaries: Debian's /usr/lib/postgresql/<major>/bin, else pg_config's, else PATH. */
function postgresBinDir(): string | undefined {
  const debian = '/usr/lib/postgresql';
  const majors = fs.existsSync(debian) ? fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a)) : [];
  const candidates = majors.map((major) => path.join(debian, major, 'bin'));
  const pgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (pgConfig.status === 0) candidates.push(pgConfig.stdout.trim());
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) candidates.push(dir);
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres')));
}

/** initdb refuses to run as root: as root, the server runs as the `postgres` user, else as `nobody`. */
function unprivilegedUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  }
  throw new Error('initdb does not run as root, and there is neither a postgres nor a nobody user to run it as');
}

async function waitForServer(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL exited (code ${server.exitCode}) before accepting connections`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

async function startLocal(binDir: string, port: number): Promise<{ server: ChildProcess; cleanup: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-pg-'));
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  const user = unprivilegedUser();
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const asUser: SpawnOptions = user ? { uid: user.uid, gid: user.gid } : {};
  const data = path.join(dir, 'data');
  const init = spawnSync(
    path.join(binDir, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
    { ...asUser, encoding: 'utf8', env: { ...process.env, HOME: dir } },
  );
  if (init.status !== 0) {
    cleanup();
    throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
  }
  // Speed over durability: the data is deleted on exit anyway.
  const settings = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=200'];
  const server = spawn(
    path.join(binDir, 'postgres'),
    ['-D', data, '-h', '127.0.0.1', '-p', String(port), '-k', dir, ...settings.flatMap((setting) => ['-c', setting])],
    { ...asUser, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const log = fs.createWriteStream(path.join(dir, 'postgres.log'));
  server.stderr?.pipe(log);
  return { server, cleanup };
}

function startDocker(port: number): { server: ChildProcess; cleanup: () => void } {
  const server = spawn(
    'docker',
    ['run', '--rm', '-p', `127.0.0.1:${port}:5432`, '-e', 'POSTGRES_HOST_AUTH_METHOD=trust', '-e', 'POSTGRES_DB=test', 'postgres:16'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return { server, cleanup: () => undefined };
}

const port = requestedPort || (await freePort());
const binDir = postgresBinDir();
const dockerAvailable = spawnSync('docker', ['version'], { stdio: 'ignore' }).status === 0;
if (!binDir && !dockerAvailable) {
  console.error(
    'Neither PostgreSQL server binaries (initdb, postgres) nor Docker were found: apt-get install postgresql, or install Docker.',
  );
  process.exit(1);
}
const { server, cleanup } = binDir ? await startLocal(binDir, port) : startDocker(port);

let stopping = false;
function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  // SIGINT is PostgreSQL's fast shutdown (and stops the container's `docker run`).
  if (server.exitCode === null) server.kill('SIGINT');
  const done = () => {
    cleanup();
    process.exit(code);
  };
  if (server.exitCode !== null) done();
  else server.once('exit', done);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('SIGHUP', () => stop(0));
server.once('exit', (exitCode) => {
  if (!stopping) {
    console.error(`PostgreSQL stopped on its own (code ${exitCode}).`);
    stop(1);
  }
});

const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
try {
  await waitForServer(adminUrl, server);
  if (binDir) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('create database test');
    await admin.end();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  stop(1);
}

if (!stopping) {
  const url = `postgres://postgres@127.0.0.1:${port}/test`;
  console.log(`A throwaway PostgreSQL ${binDir ? `(${binDir})` : '(Docker)'} listens on 127.0.0.1:${port}. In another terminal:

  export TEST_POSTGRES_URL=${url}
  npm run test:integration

(DATABASE_URL=${url} runs the server on it.) Ctrl-C stops it and deletes its data.`);
}
