import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCluster, type Cluster } from '../tests/support/cluster.ts';
import { ensureBuilt } from './ensure-built.ts';

/**
 * `npm run cluster`: the production shape on one machine — three instances of the built server
 * on one PostgreSQL database behind nginx running deploy/nginx.conf (without TLS, on a loopback
 * port). Without DATABASE_URL it creates a scratch database on the PostgreSQL of
 * TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test) and drops it on exit.
 * Without PROVIDER_URL every instance runs the sandbox gateway, whose charges live in the shared
 * database, so a charge made on one instance can be paid on any. Each instance runs with
 * production's Node flags (SERVER_NODE_FLAGS, tests/support/server-process.ts). Ctrl-C stops everything.
 */

const instanceCount = Number(process.env.CLUSTER_INSTANCES ?? 3);
if (!Number.isInteger(instanceCount) || instanceCount < 1 || instanceCount > 9) {
  console.error(`Invalid configuration: CLUSTER_INSTANCES must be a whole number from 1 to 9 (got "${process.env.CLUSTER_INSTANCES}")`);
  process.exit(1);
}
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error('Invalid configuration: DATABASE_URL must be a postgres:// URL: several instances share one PostgreSQL database');
  process.exit(1);
}

// VITRINE_SERVER_ENTRY runs a given build as it is (tests/e2e/server.ts); otherwise build if stale.
if (!process.env.VITRINE_SERVER_ENTRY?.trim()) await ensureBuilt();

// One folder for all instances: e-mails written as files (no SMTP_URL) land together.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-cluster-'));
const ownPassword = process.env.ADMIN_PASSWORD?.trim();
// One password for all instances (each would otherwise make its own): a console session works on any.
const adminPassword = ownPassword || randomBytes(12).toString('base64url');
// The cluster decides these per instance; everything else in the environment is passed on.
const { PORT: _port, HOST: _host, PUBLIC_URL: _publicUrl, DATABASE_URL: _databaseUrl, ...inherited } = process.env;
const env = Object.fromEntries(Object.entries(inherited).filter((entry): entry is [string, string] => entry[1] !== undefined));

let cluster: Cluster | undefined;
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping nginx and the instances…');
  await cluster?.stop().catch((error: unknown) => console.error(error instanceof Error ? error.message : String(error)));
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  cluster = await startCluster({
    instances: instanceCount,
    ...(databaseUrl ? { databaseUrl } : {}),
    env: { ...env, DATA_DIR: dataDir, ADMIN_PASSWORD: adminPassword },
    onLog: (instance, line) => console.log(`[${instance + 1}] ${line}`),
  });
} catch (error) {
  console.error(`The cluster could not start: ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}

console.log(
  [
    '',
    `Vitrine cluster: ${cluster!.url}  (nginx → ${cluster!.instances.map((instance) => instance.url).join(', ')})`,
    `  database  ${databaseUrl ? 'DATABASE_URL' : `${new URL(cluster!.databaseUrl).pathname.slice(1)} (a scratch database, dropped on exit)`}`,
    `  console   ${cluster!.url}/painel  password ${ownPassword ? 'from ADMIN_PASSWORD' : adminPassword}`,
    `  e-mails   ${process.env.SMTP_URL ? 'through SMTP_URL' : path.join(dataDir, 'outbox')}`,
    'Ctrl-C stops everything.',
  ].join('\n'),
);
