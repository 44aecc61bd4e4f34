/**
 * PostgreSQL's own limit for what each scenario asks of it: the service's statements for one
 * request, issued from this process by the service's own code — the nonce claim
 * (KnexNonceStore), then the scenario's route handler from the service's route tables
 * (INFRA.ExternalRoutes: its use case, repositories and unit of work), given the Idempotency-Key
 * as the HTTP layer gives it and committing the held write with its answer — with no HTTP, no
 * signature check, no logging and no metering, on as many connections as the load generator
 * opens. The service's throughput over this figure says how close to the database's limit the
 * service runs.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { match } from 'path-to-regexp';
import type { KeyedWrite } from '../src/application/ports/gateway-ports.js';
import { KnexNonceStore } from '../src/adapters/persistence/nonce-store.js';
import type { BoundRoute, ExternalAccess } from '../src/adapters/http/routes/route.js';
import { bodyValidator, queryValidator } from '../src/adapters/shared/validation.js';
import { loadConfig } from '../src/infrastructure/config.js';
import { buildContainer } from '../src/infrastructure/container.js';
import { API_PARTS } from '../src/infrastructure/service.js';
import { openDatabase } from '../src/infrastructure/database.js';
import { createLogger } from '../src/infrastructure/logger.js';
import { resolve } from '../src/infrastructure/modules/bind.js';
import { INFRA } from '../src/infrastructure/tokens.js';
import { median } from './lib.js';
import type { Scenario } from './scenarios.js';

export interface LimitIds {
  tenantId: string;
  branchId: string;
  fiscalYearId: string;
  integrationId: string;
}

export interface LimitResult {
  rps: number;
  p50: number;
}

const PREFIX = '/api/v1/external';

/** `connections` loops doing `op` back to back for `seconds`: operations per second and p50 ms. */
async function drive(connections: number, seconds: number, op: () => Promise<void>): Promise<LimitResult> {
  const until = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        await op();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return { rps: latencies.length / seconds, p50: Math.round(median(latencies) * 10) / 10 };
}

/** The service's external routes, each with its path matcher and validators compiled once. */
function compiled(routes: BoundRoute<ExternalAccess>[]) {
  return routes
    .sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')))
    .map((route) => ({
      route,
      match: match(route.path),
      query: route.query ? queryValidator(route.query) : () => undefined,
      body: route.body ? bodyValidator(route.body) : (b: unknown) => b,
    }));
}

/** The service's route for a method and path, and the path's parameters. */
function routeOf(routes: ReturnType<typeof compiled>, method: string, path: string) {
  for (const r of routes) {
    if (r.route.method !== method) continue;
    const matched = r.match(path);
    if (matched) return { ...r, params: matched.params as Record<string, string> };
  }
  throw new Error(`no service route for ${method} ${path}`);
}

/** A keyed request's key, as the HTTP layer makes it (src/adapters/http/external/idempotency.ts). */
function keyedWrite(integrationId: string, path: string, body: unknown): KeyedWrite {
  const now = new Date();
  return {
    integrationId,
    key: randomUUID(),
    fingerprint: createHash('sha256')
      .update(`POST\n${path}\n${JSON.stringify(body)}`)
      .digest('hex'),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
    held: null,
    closed: null,
  };
}

/**
 * One request of `scenario` as the service serves it after its gateway: the route's handler with
 * the validated input, and for a keyed write the answer stored and committed with the write.
 */
function operationOf(
  routes: ReturnType<typeof compiled>,
  scenario: Scenario,
  caller: LimitIds,
  keys: boolean,
): () => Promise<void> {
  const method = scenario.body ? 'post' : 'get';
  return async () => {
    const url = new URL(scenario.pathOf ? scenario.pathOf() : scenario.path, 'http://bench');
    const { route, params, ...validate } = routeOf(routes, method, url.pathname.slice(PREFIX.length));
    const query = validate.query(Object.fromEntries(url.searchParams));
    const body = scenario.body ? validate.body(scenario.body()) : undefined;
    const keyed = scenario.body && keys ? keyedWrite(caller.integrationId, url.pathname, body) : undefined;
    const data = await route.handle({ caller, keyed, params, query, body } as never);
    if (keyed?.held) {
      keyed.closed = 'answered';
      await keyed.held.commit({ status: route.success.status, body: JSON.stringify({ success: true, data }) });
    }
  };
}

/** PostgreSQL's limit of each scenario, keyed by scenario name. */
export async function measurePgLimits(
  url: string,
  caller: LimitIds,
  scenarios: Scenario[],
  connections: number,
  seconds: number,
  idempotencyKeys = true,
): Promise<Map<string, LimitResult>> {
  const database = await openDatabase({ url, dataDir: null, poolMax: connections });
  const results = new Map<string, LimitResult>();
  try {
    const config = {
      ...loadConfig({ PORT: '0', LOG_LEVEL: 'silent', DATABASE_URL: url }),
      secretsKey: randomBytes(32),
    };
    const container = buildContainer({
      config,
      logger: createLogger('silent'),
      database,
      apiModules: API_PARTS.modules,
    });
    const routes = compiled(resolve(container, INFRA.ExternalRoutes));
    const nonces = new KnexNonceStore(database.knex);
    for (const scenario of scenarios) {
      const op = operationOf(routes, scenario, caller, idempotencyKeys);
      await op(); // fails fast on a scenario this process cannot serve
      const one = async () => {
        const nonce = randomBytes(16).toString('hex');
        const claim = nonces.claim(caller.integrationId, nonce, new Date(Date.now() + 600_000));
        // A read runs beside its claim, a write after it: as the service does.
        if (scenario.body) {
          await claim;
          await op();
        } else await Promise.all([claim, op()]);
      };
      await drive(connections, Math.min(1, seconds / 4), one); // warm-up: JIT, connections, prepared statements
      results.set(scenario.name, await drive(connections, seconds, one));
    }
  } finally {
    await database.close();
  }
  return results;
}
