/**
 * The benchmark baseline: a minimal hand-written express 5 + pg server with a route for every
 * bench scenario (bench/scenarios.ts), each doing the same statements as the service — its
 * gateway's included: the nonce claim with the rate-limit window, and a POST's Idempotency-Key
 * row and stored answer in the write's transaction — with no signature check, no validation and
 * none of our framework. The routes are in bench/baseline/, each with its statements listed.
 * `DATABASE_URL` and `PORT` come from the environment; `TENANT_ID`, `BRANCH_ID`,
 * `FISCAL_YEAR_ID` and `INTEGRATION_ID` are the caller's; `RATE_LIMIT_PER_MINUTE` its limit.
 */
import express from 'express';
import { billingRoutes } from './baseline/billing.js';
import { catalogueRoutes } from './baseline/catalogue.js';
import { pool } from './baseline/gateway.js';
import { logisticsRoutes } from './baseline/logistics.js';
import { stockRoutes } from './baseline/stock.js';

const app = express();
app.use(express.json({ limit: '1mb' }));
app.get('/health', (_req, res) => void res.json({ ok: true }));
catalogueRoutes(app);
billingRoutes(app);
stockRoutes(app);
logisticsRoutes(app);

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
