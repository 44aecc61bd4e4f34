import { expect } from 'chai';
import { transition } from 'xstate';
import {
  deliveryMachine,
  DELIVERY_STATUSES,
  type DeliveryMachineEvent,
  type DeliveryStatus,
} from '../../../src/domain/webhooks/delivery.machine.js';
import { WebhookDelivery, type AttemptOutcome } from '../../../src/domain/webhooks/delivery.js';
import { serializePayload } from '../../../src/domain/webhooks/payload.js';
import { retryDelayAfter } from '../../../src/domain/webhooks/retry-policy.js';
import { describeRefusal, judgeAddress } from '../../../src/domain/webhooks/target-address.js';

const now = new Date('2026-03-01T10:00:00.000Z');
const SCHEDULE = [60_000, 300_000, 900_000, 3_600_000, 21_600_000];
const ok: AttemptOutcome = { ok: true, statusCode: 200, startedAt: now, durationMs: 12.4 };
const failed: AttemptOutcome = { ok: false, statusCode: 500, error: 'HTTP 500', startedAt: now, durationMs: 3 };
const lease = { slot: 1, owner: 'w1', token: 'tok-1', expiresAt: new Date(now.getTime() + 30_000) };

function fresh(paused = false) {
  return WebhookDelivery.forEvent({
    id: 'd1',
    tenantId: 't1',
    integrationId: 'i1',
    event: { id: 'e1', name: 'billing.invoice.created', payload: '{"id":"x"}', occurredAt: now },
    endpointPaused: paused,
    now,
  });
}

function claimed() {
  const d = fresh();
  d.claim(lease, now);
  return d;
}

describe('webhook delivery lifecycle (delivery.machine.ts)', () => {
  const allowed: Record<DeliveryStatus, DeliveryMachineEvent['type'][]> = {
    PENDING: ['CLAIM', 'HOLD'],
    RETRYING: ['CLAIM', 'HOLD'],
    IN_FLIGHT: ['SUCCEED', 'RETRY', 'DEAD_LETTER', 'LEASE_EXPIRED', 'HOLD'],
    DELIVERED: ['REPLAY'],
    DEAD: ['REPLAY'],
    HELD: ['REQUEUE'],
  };
  const events: DeliveryMachineEvent['type'][] = [
    'CLAIM',
    'SUCCEED',
    'RETRY',
    'DEAD_LETTER',
    'HOLD',
    'LEASE_EXPIRED',
    'REQUEUE',
    'REPLAY',
  ];
  const target: Record<DeliveryMachineEvent['type'], DeliveryStatus> = {
    CLAIM: 'IN_FLIGHT',
    SUCCEED: 'DELIVERED',
    RETRY: 'RETRYING',
    DEAD_LETTER: 'DEAD',
    HOLD: 'HELD',
    LEASE_EXPIRED: 'PENDING',
    REQUEUE: 'PENDING',
    REPLAY: 'PENDING',
  };
  for (const status of DELIVERY_STATUSES) {
    for (const type of events) {
      const expected = allowed[status].includes(type);
      it(`${status} --${type}--> ${expected ? target[type] : 'refused'}`, () => {
        const snap = deliveryMachine.resolveState({ value: status, context: {} });
        expect(snap.can({ type })).to.equal(expected);
        if (expected) expect(transition(deliveryMachine, snap, { type })[0].value).to.equal(target[type]);
      });
    }
  }
});

describe('WebhookDelivery', () => {
  it('is due at once when created, or HELD when the endpoint is paused', () => {
    expect(fresh().state()).to.include({ status: 'PENDING', attempts: 0 });
    expect(fresh().nextAttemptAt).to.deep.equal(now);
    expect(fresh(true).state()).to.include({ status: 'HELD', nextAttemptAt: null });
  });

  it('a 2xx delivers it and records the attempt', () => {
    const d = claimed();
    expect(d.recordAttempt('a1', ok, { schedule: SCHEDULE, endpointPaused: false }, now)).to.equal('DELIVERED');
    expect(d.state()).to.include({ lease: null, lastStatusCode: 200, lastError: null, attempts: 0 });
    expect(d.state().deliveredAt).to.deep.equal(now);
    expect(d.newAttempts()).to.deep.equal([{ id: 'a1', startedAt: now, durationMs: 12, statusCode: 200, error: null }]);
  });

  it('retries on the schedule and dead-letters when the fifth retry fails', () => {
    const d = claimed();
    const seen: { status: string; delay: number | null }[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      const at = new Date(now.getTime() + attempt * 1000);
      const status = d.recordAttempt(`a${attempt}`, failed, { schedule: SCHEDULE, endpointPaused: false }, at);
      seen.push({ status, delay: d.nextAttemptAt ? d.nextAttemptAt.getTime() - at.getTime() : null });
      if (status === 'RETRYING') d.claim({ ...lease, token: `tok-${attempt + 1}` }, at);
    }
    expect(seen).to.deep.equal([
      { status: 'RETRYING', delay: 60_000 },
      { status: 'RETRYING', delay: 300_000 },
      { status: 'RETRYING', delay: 900_000 },
      { status: 'RETRYING', delay: 3_600_000 },
      { status: 'RETRYING', delay: 21_600_000 },
      { status: 'DEAD', delay: null },
    ]);
    expect(d.state()).to.include({ attempts: 6, lastError: 'HTTP 500', lastStatusCode: 500 });
    expect(d.newAttempts()).to.have.length(6);
  });

  it('a failure while the endpoint is paused is held, not retried', () => {
    const d = claimed();
    expect(d.recordAttempt('a1', failed, { schedule: SCHEDULE, endpointPaused: true }, now)).to.equal('HELD');
    expect(d.state()).to.include({ attempts: 1, nextAttemptAt: null, lease: null });
  });

  it('an expired lease makes it due again (or HELD), logging the lost attempt without counting it', () => {
    const d = claimed();
    d.leaseExpired('lost', false, now);
    expect(d.state()).to.include({ status: 'PENDING', attempts: 0, lease: null });
    expect(d.newAttempts()[0]!.error).to.contain('lease expired');
    const h = claimed();
    h.leaseExpired('lost', true, now);
    expect(h.status).to.equal('HELD');
  });

  it('replays DEAD and DELIVERED deliveries with a fresh schedule; refuses the rest and pings', () => {
    const d = claimed();
    d.recordAttempt('a1', ok, { schedule: SCHEDULE, endpointPaused: false }, now);
    d.replay(false, now);
    expect(d.state()).to.include({ status: 'PENDING', attempts: 0, deliveredAt: null });
    expect(() => d.replay(false, now)).to.throw(
      'Only a DEAD or DELIVERED delivery can be replayed (this one is PENDING)',
    );
    const dead = claimed();
    dead.recordAttempt('a1', failed, { schedule: [], endpointPaused: false }, now);
    expect(dead.status).to.equal('DEAD');
    dead.replay(true, now);
    expect(dead.status, 'paused endpoint: waits as HELD').to.equal('HELD');
    dead.requeue(now);
    expect(dead.status).to.equal('PENDING');

    const ping = WebhookDelivery.ping({ id: 'p', tenantId: 't', integrationId: 'i', payload: '{}', now });
    ping.claim(lease, now);
    expect(ping.recordAttempt('a', failed, { schedule: SCHEDULE, endpointPaused: false }, now)).to.equal('DEAD');
    expect(() => ping.replay(false, now)).to.throw('A ping cannot be replayed; send a new ping');
  });

  it('refuses an outcome for a delivery that is not in flight', () => {
    expect(() => fresh().recordAttempt('a', ok, { schedule: SCHEDULE, endpointPaused: false }, now)).to.throw(
      'A PENDING delivery cannot be given an outcome',
    );
    expect(() => fresh().requeue(now)).to.throw('A PENDING delivery cannot be re-queued');
  });

  it('keeps at most 500 characters of an error', () => {
    const d = claimed();
    d.recordAttempt('a', { ...failed, error: 'x'.repeat(2000) }, { schedule: SCHEDULE, endpointPaused: false }, now);
    expect(d.state().lastError).to.have.length(500);
  });
});

describe('retry schedule', () => {
  it('gives the n-th delay after the n-th failure, then null', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayAfter(n, [1, 2, 3, 4, 5]))).to.deep.equal([1, 2, 3, 4, 5, null]);
    expect(retryDelayAfter(1, [])).to.equal(null);
    expect(() => retryDelayAfter(0, [1])).to.throw(RangeError);
  });
});

describe('webhook payload text', () => {
  it('puts the fields of spec 2.10 first, in order, then the others', () => {
    const text = serializePayload({
      timestamp: 'T',
      extra: 1,
      action: 'CREATE',
      id: 'I',
      resource: 'INVOICE',
      code: 'C',
      branchId: 'B',
    });
    expect(text).to.equal(
      '{"id":"I","code":"C","branchId":"B","resource":"INVOICE","action":"CREATE","timestamp":"T","extra":1}',
    );
  });
});

describe('webhook target addresses', () => {
  const refused: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.0.10', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['64:ff9b::a00:1', 'private'],
  ];
  for (const [address, range] of refused) {
    it(`refuses ${address} (${range})`, () => {
      const verdict = judgeAddress(address)!;
      expect(verdict).to.include({ allowed: false, range });
    });
  }
  it('allows public unicast addresses and explains refusals', () => {
    expect(judgeAddress('93.184.216.34')).to.include({ allowed: true });
    expect(judgeAddress('2606:4700::6810:85e5')).to.include({ allowed: true });
    expect(judgeAddress('shop.example')).to.equal(null);
    expect(describeRefusal(judgeAddress('[::ffff:7f00:1]')!)).to.equal('127.0.0.1 is a loopback address');
    expect(describeRefusal(judgeAddress('169.254.169.254')!)).to.equal('169.254.169.254 is a link-local address');
  });
});
