import { loadConfig } from './config.js';
import { databaseOptions, openDatabase } from './database.js';
import { migrateLatest } from './migrator.js';

/** `npm run migrate`: apply pending migrations to DATABASE_URL, or to the embedded database. */
const config = loadConfig();
const db = await openDatabase(databaseOptions(config));
try {
  const applied = await migrateLatest(db.knex);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date');
} finally {
  await db.close();
}
