import { databaseOptions, openDatabase } from './database.js';
import { applyMigrations } from './migrator.js';
import { exitWithStartupFailure, settingsOrExit } from './startup.js';

/**
 * `npm run migrate`: apply pending migrations to DATABASE_URL, or to the embedded database. A
 * failure is the one line a start would print for it (exit 1; the stack only at LOG_LEVEL=debug).
 */
const config = settingsOrExit();
let applied: string[];
try {
  const db = await openDatabase(databaseOptions(config));
  try {
    applied = await applyMigrations(db);
  } finally {
    await db.close();
  }
} catch (err) {
  exitWithStartupFailure(err, config);
}
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date');
