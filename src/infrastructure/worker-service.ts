import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './database.js';
import { startServiceWith, type Mode, type RunningService } from './service-core.js';

/**
 * `npm run start:worker`: the webhook worker alone, started as service.ts starts it, but
 * without the API's and the back office's code (the HTTP adapter, the staff context), which
 * it never loads: a worker process is that much smaller. A `mode` that serves the API is refused.
 */
export function startService(config: Config, logger: Logger, mode: Mode, database?: Database): Promise<RunningService> {
  return startServiceWith(null, config, logger, mode, database);
}
