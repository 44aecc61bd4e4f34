import { ConfigError, loadConfig, type Config } from './config.js';
import { describeStartupFailure } from './startup-errors.js';

/**
 * What every entry point that opens the database (a start, `npm run migrate`, `npm run
 * seed:demo`) does when it cannot: the same one line naming the cause and the fix, the stack
 * only at LOG_LEVEL=debug (or trace).
 */

/** The environment's settings as `read` takes them; a bad one ends the process with its message (exit 78). */
export function settingsOrExit<T = Config>(read: () => T = () => loadConfig() as T): T {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(78);
  }
}

/** Prints why the process could not start (one line, a stack only at debug) and exits 1. */
export function exitWithStartupFailure(err: unknown, config: Config): never {
  console.error(describeStartupFailure(err, config));
  if (['debug', 'trace'].includes(config.logLevel)) console.error(err);
  process.exit(1);
}
