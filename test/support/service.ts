import { randomBytes } from 'node:crypto';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { loadConfig, type Config } from '../../src/infrastructure/config.js';
import { createLogger } from '../../src/infrastructure/logger.js';
import { startService, type Mode } from '../../src/infrastructure/service.js';
import type { Database } from '../../src/infrastructure/database.js';
import { resetData, testDatabase } from './database.js';
import { checkResponse } from './openapi-check.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface TestService {
  baseUrl: string;
  /** A standalone worker's probe port (`workerPort` set, mode `worker`), else null. */
  workerPort: number | null;
  container: Container;
  database: Database;
  config: Config;
  stop(): Promise<void>;
}

/**
 * The real service (express on a real port, real database) for end-to-end tests, on the shared
 * test database, emptied first unless `reset: false` (a second server beside a running one).
 * `mode: 'all'` also runs the webhook worker in the test process.
 */
export async function startTestService(
  overrides: Partial<Config> = {},
  options: { reset?: boolean; mode?: Mode; logger?: Logger } = {},
): Promise<TestService> {
  const database = await testDatabase();
  if (options.reset !== false) await resetData(database.knex);
  const config: Config = {
    ...loadConfig({ PORT: '0', LOG_LEVEL: 'silent' }),
    adminToken: ADMIN_TOKEN,
    secretsKey: randomBytes(32),
    webhookAllowHttp: true,
    webhookAllowPrivate: true,
    // Tests send many requests from one integration and one address; the gateway's own tests set these.
    rateLimitPerMinute: 100_000,
    authFailureLimitPerMinute: 1_000_000,
    ...overrides,
  };
  const logger = options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const service = await startService(config, logger, options.mode ?? 'api', database);
  return {
    baseUrl: `http://127.0.0.1:${service.port}`,
    workerPort: service.workerPort,
    container: service.container,
    database,
    config,
    stop: () => service.stop(),
  };
}

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A small JSON client for the admin API and unauthenticated probes. */
export async function call<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; token?: string | null; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? ADMIN_TOKEN : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await res.text();
  const json = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text || null;
  checkResponse(method, path, res.status, json);
  return { status: res.status, headers: res.headers, body: json };
}
