import type { Logger } from 'pino';
import { createApiServer } from '../adapters/http/server.js';
import type { Config } from './config.js';
import type { Database } from './database.js';
import { httpModule } from './modules/http.module.js';
import { staffModule } from './modules/staff.module.js';
import { startServiceWith, type ApiParts, type Mode, type RunningService } from './service-core.js';

export type { Mode, RunningService } from './service-core.js';

/** The API's and the back office's parts: the staff context and the HTTP adapter. */
export const API_PARTS: ApiParts = { modules: [staffModule, httpModule], createServer: createApiServer };

/**
 * Opens the database, migrates, wires the container and starts what `mode` asks for. The same
 * sequence serves `npm start`, the scale-out entry points and the end-to-end tests. A database
 * handed in stays open at stop (its owner closes it); one opened here closes with the service.
 * (A standalone worker starts through worker-service.ts, without the API's code.)
 */
export function startService(config: Config, logger: Logger, mode: Mode, database?: Database): Promise<RunningService> {
  return startServiceWith(API_PARTS, config, logger, mode, database);
}
