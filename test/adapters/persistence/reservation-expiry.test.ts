import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { KnexUnitOfWork } from '../../../src/adapters/persistence/unit-of-work.js';
import { AesGcmSecretCipher } from '../../../src/adapters/security/secret-cipher.js';
import { hasExpired, Reservation, type ReservationStatus } from '../../../src/domain/inventory/reservation.js';
import { RESERVATION_STATUSES } from '../../../src/domain/inventory/reservation.machine.js';
import { Quantity } from '../../../src/domain/shared/quantity.js';
import type { Database } from '../../../src/infrastructure/database.js';
import { resetData, testDatabase, seedOrganization } from '../../support/database.js';

/**
 * A reservation's expiry is decided in memory (`hasExpired`, `Reservation.statusAt`) and in SQL
 * (what a reading counts as held, the conditional save of a commit or release, the sweep). Each
 * case below runs one instant through both on the test database, and both must agree.
 */
describe('reservation expiry: the domain and the SQL agree (real database)', () => {
  let db: Database;
  let uow: KnexUnitOfWork;
  const tenantId = randomUUID();
  const branchId = randomUUID();
  const fiscalYearId = randomUUID();
  const warehouseId = randomUUID();
  const integrationId = randomUUID();
  const productId = randomUUID();
  const created = new Date('2026-03-01T10:00:00.000Z');
  const expiresAt = new Date(created.getTime() + 60_000);
  const ON_HAND = '100.000';

  before(async () => {
    db = await testDatabase();
    await resetData(db.knex);
    uow = new KnexUnitOfWork(db.knex, new AesGcmSecretCipher(randomBytes(32)));
    const k = db.knex;
    await seedOrganization(k, { tenantId, branchId, fiscalYearId }, created);
    await k('warehouses').insert({
      tenant_id: tenantId,
      id: warehouseId,
      branch_id: branchId,
      name: 'W',
      created_at: created,
    });
    await k('integrations').insert({
      tenant_id: tenantId,
      id: integrationId,
      branch_id: branchId,
      fiscal_year_id: fiscalYearId,
      role: 'ADMIN',
      client_name: 'expiry',
      client_id: `expiry-${integrationId}`,
      client_secret_enc: 'x',
      created_at: created,
      updated_at: created,
    });
    const product = { tenant_id: tenantId, id: productId, name: 'P', slug: 'p', sku: 'p', price: '1.00' };
    await k('products').insert({ ...product, min_stock: '0', created_at: created, updated_at: created });
  });

  /** No reservation, and the product's level on hand with nothing held. */
  beforeEach(async () => {
    await db.knex('reservation_items').where({ tenant_id: tenantId }).del();
    await db.knex('reservations').where({ tenant_id: tenantId }).del();
    await db.knex('stock_levels').where({ tenant_id: tenantId }).del();
    await db.knex('stock_levels').insert({
      tenant_id: tenantId,
      warehouse_id: warehouseId,
      product_id: productId,
      quantity: ON_HAND,
      updated_at: created,
    });
  });

  /** A reservation of one unit expiring at `expiresAt`, stored in `status`; an ACTIVE one holds its unit. */
  async function stored(status: ReservationStatus = 'ACTIVE'): Promise<Reservation> {
    const reservation = Reservation.create(
      {
        id: randomUUID(),
        tenantId,
        warehouseId,
        branchId,
        fiscalYearId,
        integrationId,
      },
      { items: [{ row: 1, productId, quantity: Quantity.of(1) }], expiresInSeconds: 60 },
      created,
    );
    await uow.run((r) => r.reservations.add(reservation));
    await db.knex('reservations').where({ id: reservation.id }).update({ status });
    if (status === 'ACTIVE') await db.knex('stock_levels').where({ product_id: productId }).increment('reserved', 1);
    return Reservation.restore({ ...reservation.state(), status });
  }

  /** Which statuses the back office's list filter finds the reservation under at `now`. */
  async function listedAs(reservation: Reservation, now: Date): Promise<ReservationStatus[]> {
    const found: ReservationStatus[] = [];
    for (const status of RESERVATION_STATUSES) {
      const page = await uow.read((r) => r.reservations.list(tenantId, { page: 1, limit: 10, status }, now));
      if (page.items.some((item) => item.id === reservation.id)) found.push(status);
    }
    return found;
  }

  const available = async (now: Date) =>
    (await uow.read((r) => r.stock.findAvailable(tenantId, warehouseId, [productId], now))).get(productId)!.toString();

  const instants: [string, number][] = [
    ['a millisecond before expiresAt', -1],
    ['at expiresAt', 0],
    ['a millisecond after expiresAt', 1],
  ];

  for (const [label, offset] of instants) {
    describe(label, () => {
      const now = new Date(expiresAt.getTime() + offset);
      const expired = hasExpired(expiresAt, now);

      it(`the domain reads the reservation ${expired ? 'EXPIRED' : 'ACTIVE'}`, async () => {
        expect((await stored()).statusAt(now)).to.equal(expired ? 'EXPIRED' : 'ACTIVE');
        expect(offset >= 0).to.equal(expired);
      });

      it(`a reading ${expired ? 'no longer counts' : 'counts'} its unit as held`, async () => {
        await stored();
        expect(await available(now)).to.equal(expired ? ON_HAND : '99.000');
      });

      it(`a release decided earlier is ${expired ? 'refused' : 'saved'} by the conditional save`, async () => {
        const reservation = await stored();
        reservation.release(created);
        expect(await uow.run((r) => r.reservations.save(reservation, now))).to.equal(!expired);
      });

      it(`the list's status filter finds it ${expired ? 'EXPIRED' : 'ACTIVE'}, as the domain reads it`, async () => {
        const reservation = await stored();
        expect(await listedAs(reservation, now)).to.deep.equal([reservation.statusAt(now)]);
      });

      it(`the sweep ${expired ? 'expires it' : 'leaves it'}`, async () => {
        await stored();
        expect(await uow.run((r) => r.reservations.expireDue(now, { tenantId, warehouseId }))).to.equal(
          expired ? 1 : 0,
        );
      });
    });
  }

  describe('past its expiry, by stored status (the machine’s EXPIRE vs the SQL’s statuses)', () => {
    const now = new Date(expiresAt.getTime() + 1);
    for (const status of RESERVATION_STATUSES) {
      it(`stored ${status}`, async () => {
        const reservation = await stored(status);
        const expires = reservation.statusAt(now) !== status;
        expect(await listedAs(reservation, now), 'the list filters as the domain reads').to.deep.equal([
          reservation.statusAt(now),
        ]);
        expect(await available(now), 'nothing is held past expiry').to.equal(ON_HAND);
        expect(await uow.run((r) => r.reservations.expireDue(now, { limit: 10 }))).to.equal(expires ? 1 : 0);
        const after = await db.knex('reservations').where({ id: reservation.id }).first();
        expect(after.status).to.equal(reservation.statusAt(now));
      });
    }
  });
});
