/**
 * npm run seed [-- --scale small|default|large|<products>] [--reset]
 * Fills the configured database (PGlite in the data folder, or DATABASE_URL) with demo data.
 */
import { databaseOptions, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { parseScale, seedDemoData } from '../demo/seed';
import { saveDemoCredentials } from '../demo/credentials';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main() {
  const config = loadConfig();
  const scale = parseScale(argument('scale'));
  const reset = process.argv.includes('--reset');
  const database = await openDatabase(databaseOptions(config));
  try {
    console.log(`Seeding ${scale.products} products in ${scale.stores} stores (${database.driver})…`);
    const result = await seedDemoData(database.db, { scale, reset, log: console.log });
    const { counts } = result;
    console.log(
      `Done in ${(result.milliseconds / 1000).toFixed(1)} s: ${counts.categories} categories, ${counts.stores} stores, ` +
        `${counts.products} products, ${counts.offers} offers, ${counts.history} price history rows.`,
    );
    console.log(`Admin: ${result.accounts.admin.email} / ${result.accounts.admin.password}`);
    console.log(`User:  ${result.accounts.user.email} / ${result.accounts.user.password}`);
    console.log(`(kept in ${saveDemoCredentials(config.dataDir, result.accounts)})`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
