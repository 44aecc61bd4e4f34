import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { KnexUnitOfWork } from '../../../src/adapters/persistence/unit-of-work.js';
import { LOW_STOCK_CASE } from '../../../src/adapters/persistence/stock-repository.js';
import { AesGcmSecretCipher } from '../../../src/adapters/security/secret-cipher.js';
import { AdjustmentRequest, type AdjustmentRequestState } from '../../../src/domain/inventory/adjustment-request.js';
import {
  ADJUSTMENT_EVENTS,
  ADJUSTMENT_STATUSES,
  nextAdjustmentStatus,
} from '../../../src/domain/inventory/adjustment-request.machine.js';
import { LOW_STOCK_LIST_LIMIT } from '../../../src/domain/inventory/low-stock.js';
import { levelAfter, STOCK_LEVEL_BOUNDS } from '../../../src/domain/inventory/stock-level.js';
import { Quantity } from '../../../src/domain/shared/quantity.js';
import type { Database } from '../../../src/infrastructure/database.js';
import { resetData, testDatabase, seedOrganization } from '../../support/database.js';

/**
 * Where SQL decides for concurrency or speed, it must decide as the domain does: each table
 * below runs the same cases through the domain rule and through the knex repository on the
 * test database (PGlite, or PostgreSQL with TEST_DATABASE_URL), and both must agree.
 */
describe('inventory rules: the domain and the SQL agree (real database)', () => {
  let db: Database;
  let uow: KnexUnitOfWork;
  const tenantId = randomUUID();
  const branchId = randomUUID();
  const fiscalYearId = randomUUID();
  const warehouseId = randomUUID();
  const integrationId = randomUUID();
  const now = new Date('2026-03-01T10:00:00.000Z');
  const q = (v: number | string) => Quantity.of(v);

  before(async () => {
    db = await testDatabase();
    await resetData(db.knex);
    uow = new KnexUnitOfWork(db.knex, new AesGcmSecretCipher(randomBytes(32)));
    const k = db.knex;
    await seedOrganization(k, { tenantId, branchId, fiscalYearId }, now);
    await k('warehouses').insert({
      tenant_id: tenantId,
      id: warehouseId,
      branch_id: branchId,
      name: 'W',
      created_at: now,
    });
    await k('integrations').insert({
      tenant_id: tenantId,
      id: integrationId,
      branch_id: branchId,
      fiscal_year_id: fiscalYearId,
      role: 'ADMIN',
      client_name: 'rules',
      client_id: `rules-${integrationId}`,
      client_secret_enc: 'x',
      created_at: now,
      updated_at: now,
    });
  });

  async function product(minStock: string, level: string | null): Promise<string> {
    const id = randomUUID();
    await db.knex('products').insert({
      tenant_id: tenantId,
      id,
      name: `P ${id}`,
      slug: id,
      sku: id,
      price: '1.00',
      min_stock: minStock,
      created_at: now,
      updated_at: now,
    });
    if (level !== null) {
      await db.knex('stock_levels').insert({
        tenant_id: tenantId,
        warehouse_id: warehouseId,
        product_id: id,
        quantity: level,
        updated_at: now,
      });
    }
    return id;
  }

  describe('low-stock classification (LOW_STOCK_RULE, as the CASE of findLowStockSummary)', () => {
    // [current stock, minStock]
    const cases: [string, string][] = [
      ['0', '0'],
      ['0', '5'],
      ['-1', '5'],
      ['-0.001', '0'],
      ['0.001', '5'],
      ['4.999', '5'],
      ['5', '5'],
      ['5.001', '5'],
      ['1', '0'],
    ];
    const expected: Record<string, string | null> = {
      '0/0': 'OUT_OF_STOCK',
      '0/5': 'OUT_OF_STOCK',
      '-1/5': 'OUT_OF_STOCK',
      '-0.001/0': 'OUT_OF_STOCK',
      '0.001/5': 'LOW_STOCK',
      '4.999/5': 'LOW_STOCK',
      '5/5': null,
      '5.001/5': null,
      '1/0': null,
    };

    it('the SQL CASE, evaluated by the database, gives the spec’s answer for every case, negative stock included', async () => {
      for (const [current, min] of cases) {
        const { rows } = await db.knex.raw<{ rows: { status: string | null }[] }>(
          `SELECT ${LOW_STOCK_CASE} AS status FROM (SELECT ?::numeric AS current_stock, ?::numeric AS min_stock) t`,
          [current, min],
        );
        expect(rows[0]!.status, `${current}/${min}`).to.equal(expected[`${current}/${min}`]);
      }
    });

    it('findLowStockSummary classifies stored products by the spec (every storable case)', async () => {
      await resetProducts();
      const byId = new Map<string, string | null>();
      for (const [current, min] of cases.filter(([c]) => !c.startsWith('-'))) {
        const id = await product(min, current === '0' ? null : current);
        byId.set(id, expected[`${current}/${min}`] ?? null);
      }
      const summaries = await uow.read((r) => r.stock.findLowStockSummary(tenantId, LOW_STOCK_LIST_LIMIT));
      const fromSql = new Map<string, string | null>([...byId.keys()].map((id) => [id, null]));
      for (const s of summaries) for (const p of s.products) fromSql.set(p.id, s.status);
      expect(Object.fromEntries(fromSql)).to.deep.equal(Object.fromEntries(byId));
      expect(summaries.map((s) => [s.status, s.productCount])).to.deep.equal([
        ['OUT_OF_STOCK', [...byId.values()].filter((s) => s === 'OUT_OF_STOCK').length],
        ['LOW_STOCK', [...byId.values()].filter((s) => s === 'LOW_STOCK').length],
      ]);
    });
  });

  describe('stock level bounds at approval (levelAfter vs increaseIfRoom / decreaseIfAvailable)', () => {
    const max = STOCK_LEVEL_BOUNDS.max.toString();
    const justBelowMax = STOCK_LEVEL_BOUNDS.max.minus(q(1)).toString();
    // [level before (null: no level row), signed delta]
    const cases: [string | null, string][] = [
      ['5', '-5'],
      ['5', '-5.001'],
      ['5', '-0.001'],
      [null, '-0.001'],
      [null, '3'],
      ['0', '0.001'],
      [justBelowMax, '1'],
      [justBelowMax, '1.001'],
      [max, '0.001'],
    ];

    for (const [before, delta] of cases) {
      it(`${before ?? 'no level'} ${delta.startsWith('-') ? '' : '+'}${delta}`, async () => {
        const id = await product('0', before);
        const domain = levelAfter(q(before ?? '0'), q(delta));
        const amount = q(delta.replace('-', ''));
        const sql = await uow.run((r) =>
          delta.startsWith('-')
            ? r.stock.decreaseIfAvailable(tenantId, warehouseId, id, amount, now)
            : r.stock.increaseIfRoom(tenantId, warehouseId, id, amount, now),
        );
        expect(sql?.toString() ?? null).to.equal(domain?.toString() ?? null);
        const stored = await db.knex('stock_levels').where({ tenant_id: tenantId, product_id: id }).first();
        const expectedStored = domain ?? (before === null ? null : q(before));
        expect(stored ? q(stored.quantity).toString() : null, 'what is stored').to.equal(
          expectedStored?.toString() ?? null,
        );
      });
    }
  });

  describe("decision from-states (the machine vs the conditional save's WHERE status IN)", () => {
    function stored(status: (typeof ADJUSTMENT_STATUSES)[number], id: string) {
      return {
        tenant_id: tenantId,
        id,
        number: `ADJ-2026-${id.replace(/\D/g, '').slice(0, 8).padEnd(8, '0')}`,
        warehouse_id: warehouseId,
        branch_id: branchId,
        fiscal_year_id: fiscalYearId,
        integration_id: integrationId,
        reason: 'r',
        status,
        decided_by: status === 'PENDING' ? null : 'earlier',
        decided_at: status === 'PENDING' ? null : now,
        rejection_reason: status === 'REJECTED' ? 'earlier' : null,
        created_at: now,
      };
    }

    for (const status of ADJUSTMENT_STATUSES) {
      for (const event of ADJUSTMENT_EVENTS) {
        const accepts = nextAdjustmentStatus(status, event) !== null;
        it(`stored ${status}, ${event}: ${accepts ? 'saved' : 'refused'} by both`, async () => {
          const id = randomUUID();
          await db.knex('stock_adjustment_requests').insert(stored(status, id));
          // A request loaded while PENDING, decided after the stored one moved to `status`.
          const row = stored('PENDING', id);
          const state: AdjustmentRequestState = {
            id,
            tenantId,
            number: row.number,
            warehouseId,
            branchId,
            fiscalYearId,
            integrationId,
            reason: 'r',
            status: 'PENDING',
            items: [],
            decidedBy: null,
            decidedAt: null,
            rejectionReason: null,
            createdAt: now,
          };
          const request = AdjustmentRequest.restore(state);
          if (event === 'APPROVE') request.approve('now', now);
          else request.reject('now', 'now', now);
          const saved = await uow.run((r) => r.adjustmentRequests.save(request));
          expect(saved).to.equal(accepts);
          const after = await db.knex('stock_adjustment_requests').where({ id }).first();
          expect(after.status).to.equal(accepts ? request.status : status);
        });
      }
    }
  });

  async function resetProducts() {
    await db.knex('stock_levels').where({ tenant_id: tenantId }).del();
    await db.knex('products').where({ tenant_id: tenantId }).del();
  }
});
