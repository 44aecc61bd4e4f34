import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { BuiltinCarrier } from '../../../src/adapters/carriers/builtin-carrier.js';
import { KnexUnitOfWork } from '../../../src/adapters/persistence/unit-of-work.js';
import { AesGcmSecretCipher } from '../../../src/adapters/security/secret-cipher.js';
import type { Caller } from '../../../src/application/access/caller.js';
import { BookShipment } from '../../../src/application/logistics/book-shipment.js';
import type { BookShipmentCommand } from '../../../src/application/logistics/commands.js';
import type { Carrier, CarrierBooking, CarrierBookingRequest } from '../../../src/application/ports/logistics-ports.js';
import { FiscalYearNotFound } from '../../../src/domain/organization/errors.js';
import { resetData, seedOrganization, TEST_DATABASE_URL, testDatabase } from '../../support/database.js';
import { FixedClock, SequentialIds } from '../../support/fakes.js';

/**
 * The carrier port is the one stand-in here (a real carrier is another company's service): the
 * built-in carrier, whose bookings a test can hold until it lets them go, as a slow carrier
 * would. Everything else is the real use case on the knex repositories.
 */
class HeldCarrier implements Carrier {
  readonly requests: CarrierBookingRequest[] = [];
  private readonly builtin = new BuiltinCarrier();
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;
  /** Set when a held booking has reached the carrier. */
  private arrived: (() => void) | null = null;

  /** The next booking waits in the carrier until `letGo`; resolves once it has arrived. */
  holdNext(): Promise<void> {
    this.held = new Promise((resolve) => (this.release = resolve));
    return new Promise((resolve) => (this.arrived = resolve));
  }

  letGo(): void {
    this.release?.();
  }

  async book(request: CarrierBookingRequest): Promise<CarrierBooking> {
    this.requests.push(request);
    const held = this.held;
    this.held = null;
    if (held) {
      this.arrived?.();
      await held;
    }
    return this.builtin.book(request);
  }
}

const COMMAND: BookShipmentCommand = {
  weightKg: 2.5,
  recipient: { name: 'Ann', phone: '+49 30 1234', address: { line1: 'Main St 1', city: 'Berlin', country: 'DE' } },
};

async function world() {
  const db = await testDatabase();
  await resetData(db.knex);
  const clock = new FixedClock();
  const caller: Caller = {
    integrationId: 'int-A',
    tenantId: randomUUID(),
    branchId: randomUUID(),
    fiscalYearId: randomUUID(),
  };
  await seedOrganization(db.knex, caller, clock.now());
  const carrier = new HeldCarrier();
  const uow = new KnexUnitOfWork(db.knex, new AesGcmSecretCipher(randomBytes(32)));
  const book = new BookShipment(uow, new SequentialIds(), clock, carrier);
  const numbers = async () =>
    ((await db.knex('shipments').orderBy('number').select('number')) as { number: string }[]).map((r) => r.number);
  return { knex: db.knex, caller, carrier, book, numbers };
}

describe('BookShipment (the knex repositories on the test database)', () => {
  it('books with the carrier by shipment id, then numbers the shipment gaplessly as it is stored', async () => {
    const w = await world();
    const first = await w.book.execute(w.caller, COMMAND);
    const second = await w.book.execute(w.caller, { ...COMMAND, reference: 'ORDER-2' });
    expect([first.number, second.number]).to.deep.equal(['SHP-2026-000001', 'SHP-2026-000002']);
    expect(await w.numbers()).to.deep.equal(['SHP-2026-000001', 'SHP-2026-000002']);
    expect(w.carrier.requests.map((r) => r.shipmentId)).to.deep.equal([first.id, second.id]);
    const history = await w.knex('shipment_tracking').where({ shipment_id: first.id }).select('status');
    expect(history).to.deep.equal([{ status: 'BOOKED' }]);
  });

  it('a fiscal year not the caller tenant’s: FiscalYearNotFound, nothing written, no number drawn', async () => {
    const w = await world();
    const stranger = { ...w.caller, fiscalYearId: randomUUID() };
    await expect(w.book.execute(stranger, COMMAND)).to.be.rejectedWith(FiscalYearNotFound);
    expect(await w.numbers()).to.deep.equal([]);
    expect(await w.knex('shipment_tracking').select('shipment_id')).to.deep.equal([]);
    expect(await w.knex('document_sequences').select('kind')).to.deep.equal([]);
  });

  describe('while the carrier is slow (PostgreSQL server)', function () {
    before(function () {
      if (!TEST_DATABASE_URL) {
        console.log('    (skipped: needs concurrent transactions on the PostgreSQL server; set TEST_DATABASE_URL)');
        this.skip();
      }
    });

    it('a booking waiting on its carrier holds no counter lock: another of the same year is booked meanwhile', async () => {
      const w = await world();
      const arrived = w.carrier.holdNext();
      const slow = w.book.execute(w.caller, { ...COMMAND, reference: 'SLOW' });
      await arrived;
      // The slow booking's transaction is open, waiting on its carrier. Before, it had drawn its
      // number first and held the fiscal year's counter row: this one queued behind it.
      const deadline = new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), 5_000).unref());
      const fast = await Promise.race([w.book.execute(w.caller, { ...COMMAND, reference: 'FAST' }), deadline]);
      w.carrier.letGo();
      const slowShipment = await slow;
      expect(fast, 'booked while the other waited on its carrier').to.not.equal('timed out');
      if (fast === 'timed out') return;
      expect(fast.number).to.equal('SHP-2026-000001');
      expect(slowShipment.number).to.equal('SHP-2026-000002');
      expect(await w.numbers()).to.deep.equal(['SHP-2026-000001', 'SHP-2026-000002']);
    });
  });
});
