/**
 * The production server (started by site/server/main.mjs): migrates the database, seeds the demo world into
 * an empty one, then serves the built site (site/server/front-door.ts) in WEB_CONCURRENCY processes sharing
 * one port.
 */
import cluster from 'node:cluster';
import { closeDb, getDb, workOnThePrimary, type Db } from '#db/client.ts';
import { config } from '#db/config.ts';
import { migrateDb } from '#db/migrate.ts';
import { prepareEncryptionKey } from '#db/crypto/encryption.ts';
import { DEMO_ACCOUNTS, seedDemo } from '#db/maintenance/seed/demo.ts';
import { log } from './log.ts';
import { runCluster } from './cluster.ts';
import { startFrontDoor } from './front-door.ts';

async function prepareDatabase(db: Db): Promise<void> {
  await migrateDb(db);
  // Two-factor sign-in works out of the box: without TWO_FACTOR_KEY, the first start keeps a key of its own.
  const key = prepareEncryptionKey();
  if (key === undefined)
    log().warn('Two-factor sign-in cannot be set up: set TWO_FACTOR_KEY (a libSQL server keeps no key file)');
  else if (key !== 'set') log().info(`Two-factor sign-in keys its secrets with ${key} (back it up with the database)`);
  if (config().SEED_DEMO === 'true') {
    const report = await seedDemo(db);
    // The accounts, not their passwords: no secret goes into the log (the README lists the demo passwords).
    if (report.seeded) {
      const accounts = DEMO_ACCOUNTS.map((a) => `${a.email}${a.isAdmin ? ' (admin)' : ''}`).join(', ');
      log().info(
        `Seeded demo data: ${report.contents} contents, ${report.reviews} reviews, ${report.submissions} submissions waiting, ${report.users} accounts: ${accounts} (their passwords are in the README)`,
      );
    }
  }
}

if (cluster.isPrimary) {
  const workers = config().WEB_CONCURRENCY;
  if (workers === 1) {
    await prepareDatabase(await getDb());
    await startFrontDoor();
  } else {
    // This process only forks: it prepares the database where writes land, and leaves each server process's
    // replica file (when they keep one) to that process alone.
    workOnThePrimary();
    await prepareDatabase(await getDb());
    await closeDb();
    runCluster(workers, config().PORT);
  }
} else {
  await startFrontDoor();
}
