import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer, type RunningServer } from '../e2e/server.ts';
import { POSTGRES_URL } from '../integration/test-db.ts';
import { SHIPPED_NGINX_CONF, deriveLocalSite, freePort, startNginx, type RunningNginx } from './nginx.ts';
import { waitFor } from './wait.ts';

/**
 * Several real Vitrine processes (the built dist/server) on one PostgreSQL database behind a real
 * nginx running the shipped deploy/nginx.conf — the production shape, on loopback.
 */

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A database of its own on the machine's PostgreSQL (the server of TEST_POSTGRES_URL), dropped by `drop()`. */
export async function createScratchDatabase(adminUrl = POSTGRES_URL): Promise<ScratchDatabase> {
  const name = `vitrine_cluster_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // WITH (FORCE) ends the sessions a SIGKILLed instance may have left behind.
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface ClusterInstance {
  /** Direct address of this instance (bypassing nginx). */
  url: string;
  port: number;
  server: RunningServer;
}

export interface Cluster {
  /** nginx: the address buyers use. */
  url: string;
  instances: ClusterInstance[];
  nginx: RunningNginx;
  databaseUrl: string;
  /** SIGKILLs instance `index` (no shutdown of any kind, as a crash or the OOM killer does). */
  kill(index: number): Promise<void>;
  /** Starts instance `index` again on its port (as systemd's Restart= would). */
  restart(index: number): Promise<ClusterInstance>;
  /** Stops nginx and every instance (SIGTERM), then drops the database if the cluster created it. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** How many instances (default 3). */
  instances?: number;
  /** Environment of every instance, on top of the cluster's own (database, proxy hops, port). */
  env?: Record<string, string>;
  /** An existing PostgreSQL database to use; unset → a scratch database, dropped at `stop()`. */
  databaseUrl?: string;
  /** Each instance's log lines as they come (e.g. to print them). */
  onLog?: (instance: number, line: string) => void;
}

const START_TIMEOUT_MS = 60_000;

/** Waits until nginx answers from an instance. */
async function waitUntilServing(url: string, nginx: RunningNginx): Promise<void> {
  const answered = async () =>
    (await fetch(`${url}/api/live`).then(
      (response) => response.status,
      () => 0,
    )) === 200;
  await waitFor('nginx to reach the instances', answered, 15_000, 100).catch(() => {
    throw new Error(`nginx does not reach the instances:\n${nginx.output.join('\n')}`);
  });
}

/** nginx on the shipped site in front of `upstreams`, on a free port (another process may grab a probed port before nginx binds it: then a new one). */
async function startShippedNginx(upstreams: string[]): Promise<RunningNginx> {
  const shipped = fs.readFileSync(SHIPPED_NGINX_CONF, 'utf8');
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await startNginx(deriveLocalSite(shipped, { port, upstreams }), port);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * A second nginx on the shipped site whose one upstream is `instance`: a request sent to it reaches that instance
 * through nginx, so a test decides which instance serves a browser tab. Stopped by the caller.
 */
export function startPinnedNginx(instance: ClusterInstance): Promise<RunningNginx> {
  return startShippedNginx([`127.0.0.1:${instance.port}`]);
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 3;
  const scratch = options.databaseUrl ? undefined : await createScratchDatabase();
  const databaseUrl = options.databaseUrl ?? scratch!.url;
  // nginx takes its port first (the instances' PUBLIC_URL names it), with an upstream that is not
  // there yet; it gets the instances' ports by a reload once they listen.
  const shipped = fs.readFileSync(SHIPPED_NGINX_CONF, 'utf8');
  let nginx: RunningNginx;
  try {
    nginx = await startShippedNginx(['127.0.0.1:9']);
  } catch (error) {
    await scratch?.drop();
    throw error;
  }
  const nginxPort = nginx.port;
  const instances: ClusterInstance[] = [];

  const envFor = (port: number): Record<string, string> => ({
    // Links in e-mails and the gateway's postbacks go to the one public address: nginx.
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    ...options.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    // nginx appends the client's address to X-Forwarded-For (deploy/nginx.conf).
    TRUST_PROXY_HOPS: '1',
  });

  async function launch(index: number, port: number): Promise<ClusterInstance> {
    const server = await startServer(envFor(port), { startTimeoutMs: START_TIMEOUT_MS });
    if (options.onLog) {
      for (const line of server.logs) options.onLog(index, line);
      const forward = (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n').filter(Boolean)) options.onLog?.(index, line);
      };
      server.process.stdout?.on('data', forward);
      server.process.stderr?.on('data', forward);
    }
    const bound = Number(new URL(server.url).port);
    const instance = { url: server.url, port: bound, server };
    instances[index] = instance;
    return instance;
  }

  const cluster: Cluster = {
    url: `http://127.0.0.1:${nginxPort}`,
    instances,
    nginx,
    databaseUrl,
    async kill(index) {
      const { process: child } = instances[index]!.server;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    async restart(index) {
      const previous = instances[index]!;
      await cluster.kill(index);
      fs.rmSync(previous.server.dataDir, { recursive: true, force: true });
      return launch(index, previous.port);
    },
    async stop() {
      await nginx.stop();
      await Promise.all(instances.map((instance) => instance.server.stop()));
      await scratch?.drop();
    },
  };

  try {
    // All at once on an empty database: their migrations run concurrently, as after a deploy.
    const started = await Promise.allSettled(Array.from({ length: count }, (_, index) => launch(index, 0)));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    await nginx.reload(deriveLocalSite(shipped, { port: nginxPort, upstreams: instances.map((instance) => `127.0.0.1:${instance.port}`) }));
    await waitUntilServing(cluster.url, nginx);
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    throw error;
  }
  return cluster;
}

/** Runs `task` for every item, at most `limit` at a time; rejects with the first failure. */
export async function forEachInParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}
