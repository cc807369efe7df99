import { runCli, withCliDatabase } from './cli-config.ts';
import { eraseBuyerData, exportBuyerData } from '../privacy/buyer-data.ts';

/**
 * `npm run buyer -- export EMAIL` prints what is stored about a buyer as JSON;
 * `npm run buyer -- delete EMAIL` erases it from every order of that address (the amounts stay,
 * for accounting) and from the database file's bytes. Same database as the server (DATA_DIR /
 * DATABASE_URL).
 */
const USAGE = 'Usage: npm run buyer -- export EMAIL | npm run buyer -- delete EMAIL';

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if ((command !== 'export' && command !== 'delete') || !email || !email.includes('@')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  return withCliDatabase(async (database) => {
    if (command === 'export') {
      process.stdout.write(`${JSON.stringify(await exportBuyerData(database.db, email), null, 2)}\n`);
      return 0;
    }
    const erased = await eraseBuyerData(database.db, database.dialect, email);
    process.stdout.write(`${erased.length} order(s) erased\n`);
    return 0;
  });
}

runCli('Buyer command failed', main);
