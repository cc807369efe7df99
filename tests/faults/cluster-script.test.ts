import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY } from '../e2e/server.ts';
import { POSTGRES_URL } from '../integration/test-db.ts';
import { uniqueBuyer } from '../support/clients.ts';
import { waitFor } from '../support/wait.ts';

/**
 * `npm run cluster` as a developer uses it: it prints the address, a whole sandbox purchase works
 * through it (the charge, the payment page and the postback may each land on another instance),
 * and Ctrl-C — SIGINT to the terminal's whole process group — stops everything and drops the
 * scratch database.
 */

const root = path.resolve(import.meta.dirname, '../..');

describe('npm run cluster', () => {
  it('serves a whole sandbox purchase through nginx and cleans up on Ctrl-C', async () => {
    // As `npm run cluster` runs it: node itself takes the signal (the tsx CLI's signal relay gives
    // up after a few milliseconds on a busy machine and exits 130).
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster.ts'], {
      cwd: root,
      // Its own process group, like a terminal's foreground job, so the test can "press Ctrl-C".
      detached: true,
      env: { PATH: process.env.PATH ?? '', TEST_POSTGRES_URL: POSTGRES_URL, VITRINE_SERVER_ENTRY: SERVER_ENTRY },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    try {
      const deadline = Date.now() + 90_000;
      while (!/Ctrl-C stops everything/.test(output) && child.exitCode === null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const url = /Vitrine cluster: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      const database = /database\s+(vitrine_cluster_\w+)/.exec(output)?.[1];
      const mailDir = /e-mails\s+(\S+)/.exec(output)?.[1];
      expect(url && database && mailDir, output).toBeTruthy();
      expect(output.match(/^\[\d\] .*Vitrine listening on/gm)).toHaveLength(3);

      const created = await fetch(`${url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...uniqueBuyer(), checkoutKey: `clusterscript${Date.now()}` }),
      });
      expect(created.status, `${await created.clone().text()}\n${output}`).toBe(201);
      const order = (await created.json()) as { orderId: string; sandboxPayUrl: string };
      const paid = await fetch(`${url}${order.sandboxPayUrl}`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      // Generous waits: on a 2-core machine this runs beside the other fault tests' instances.
      await waitFor(
        'the order to be paid',
        async () => ((await (await fetch(`${url}/api/orders/${order.orderId}`)).json()) as { status: string }).status === 'paid',
        60_000,
      );
      const mailFile = path.join(mailDir!, `access-${order.orderId}-access_email@vitrine.eml`);
      await waitFor('the access e-mail in the mail folder', () => fs.existsSync(mailFile), 60_000);

      process.kill(-child.pid!, 'SIGINT');
      expect(await exited).toBe(0);
      expect(fs.existsSync(mailDir!)).toBe(false);
      await expect(fetch(`${url}/api/live`)).rejects.toThrow();
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      const { rows } = await admin.query('select 1 from pg_database where datname = $1', [database]);
      await admin.end();
      expect(rows).toHaveLength(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        // A failed run: stop what it started and drop its database, as Ctrl-C would have.
        process.kill(-child.pid!, 'SIGKILL');
        const database = /database\s+(vitrine_cluster_\w+)/.exec(output)?.[1];
        if (database) {
          const admin = new pg.Client({ connectionString: POSTGRES_URL });
          await admin.connect();
          await admin.query(`drop database if exists ${database} with (force)`);
          await admin.end();
        }
      }
    }
  }, 240_000);
});
