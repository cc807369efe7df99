import { migrateToLatest, openDatabase } from '../db/database.ts';
import { composeOrders } from '../compose.ts';
import { createLogger } from '../lib/logger.ts';
import { eraseBuyerData, exportBuyerData } from '../privacy/buyer-data.ts';
import { loadCliConfig, runCli } from './cli-config.ts';

/** `npm run buyer -- export|delete EMAIL`: the buyer's data as JSON, or its erasure (amounts stay, for accounting). */
const USAGE = 'Usage: npm run buyer -- export EMAIL | npm run buyer -- delete EMAIL';

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if ((command !== 'export' && command !== 'delete') || !email || !email.includes('@')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // The erasure needs the settings beside the database: the outbox folder and the webhook.
  const config = loadCliConfig();
  if (!config) return 2;
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    if (command === 'export') {
      process.stdout.write(`${JSON.stringify(await exportBuyerData(database.db, email), null, 2)}\n`);
      return 0;
    }
    // The same subscribers as the server's: the seller's webhook hears of the erasure (sent by the server's outbox).
    const { orders } = composeOrders({ config, database, logger: createLogger() });
    const erased = await eraseBuyerData(database.db, database.dialect, email, {
      now: Date.now(),
      dataDir: config.dataDir,
      events: orders.events,
      orders,
    });
    process.stdout.write(`${erased.length} order(s) erased\n`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli('Buyer command failed', main);
