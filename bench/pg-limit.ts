/**
 * PostgreSQL's own limit for what a scenario asks of it: the service's statements for one
 * request, issued by the service's own adapters (nonce store, repositories, unit of work,
 * idempotency store) from this process, with no HTTP, no signature check, no validation and no
 * logging, on as many connections as the load generator opens. The service's throughput over
 * this figure says how close to the database's limit the service runs.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { KnexNonceStore } from '../src/adapters/persistence/nonce-store.js';
import { KnexProductRepository } from '../src/adapters/persistence/product-repository.js';
import { KnexUnitOfWork } from '../src/adapters/persistence/unit-of-work.js';
import { AesGcmSecretCipher } from '../src/adapters/security/secret-cipher.js';
import type { KeyedWrite } from '../src/application/ports/gateway-ports.js';
import { RandomUuidGenerator, SystemClock } from '../src/adapters/system/system.js';
import { CreateInvoice } from '../src/application/billing/create-invoice.js';
import { openDatabase } from '../src/infrastructure/database.js';
import { median } from './lib.js';

export interface LimitIds {
  tenantId: string;
  branchId: string;
  fiscalYearId: string;
  integrationId: string;
  customerIds: string[];
  productIds: string[];
}

export interface LimitResult {
  rps: number;
  p50: number;
}

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

/** The limits of the list, search and invoice-create scenarios, keyed by scenario name. */
export async function measurePgLimits(
  url: string,
  ids: LimitIds,
  scenarios: { list: string; search: string; invoice: string },
  connections: number,
  seconds: number,
  idempotencyKeys = true,
): Promise<Map<string, LimitResult>> {
  const db = await openDatabase({ url, dataDir: null, poolMax: connections });
  const results = new Map<string, LimitResult>();
  try {
    const nonces = new KnexNonceStore(db.knex);
    const products = new KnexProductRepository(db.knex);
    const createInvoice = new CreateInvoice(
      new KnexUnitOfWork(db.knex, new AesGcmSecretCipher(randomBytes(32))),
      new RandomUuidGenerator(),
      new SystemClock(),
    );
    const caller = {
      tenantId: ids.tenantId,
      branchId: ids.branchId,
      fiscalYearId: ids.fiscalYearId,
      integrationId: ids.integrationId,
    };
    const claim = async () => {
      const nonce = randomBytes(16).toString('hex');
      await nonces.claim(ids.integrationId, nonce, new Date(Date.now() + 600_000));
    };
    results.set(
      scenarios.list,
      await drive(connections, seconds, async () => {
        await claim();
        await products.list(ids.tenantId, { page: 1, limit: 10 });
      }),
    );
    results.set(
      scenarios.search,
      await drive(connections, seconds, async () => {
        await claim();
        await products.list(ids.tenantId, { page: 1, limit: 10, search: 'sku-1234' });
      }),
    );
    results.set(
      scenarios.invoice,
      await drive(connections, seconds, async () => {
        await claim();
        const command = {
          customerId: ids.customerIds[Math.floor(Math.random() * ids.customerIds.length)]!,
          paymentMethod: 'CASH' as const,
          items: [0, 1, 2].map((k) => ({ productId: ids.productIds[k]!, quantity: k + 1, unitPrice: 19.99 })),
        };
        if (!idempotencyKeys) {
          await createInvoice.execute(caller, command);
          return;
        }
        // As the service does it: the key's row first in the transaction, the answer in it before the commit.
        const key = randomUUID();
        const now = new Date();
        const scope: KeyedWrite = {
          integrationId: ids.integrationId,
          key,
          fingerprint: createHash('sha256').update(key).digest('hex'),
          createdAt: now,
          expiresAt: new Date(now.getTime() + 86_400_000),
          held: null,
          closed: null,
        };
        const invoice = await createInvoice.execute(caller, command, scope);
        await scope.held!.commit({ status: 201, body: JSON.stringify({ id: invoice.id }) });
      }),
    );
  } finally {
    await db.close();
  }
  return results;
}
