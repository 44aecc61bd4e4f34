import { expect } from 'chai';
import {
  ADJUSTMENT_EVENTS,
  ADJUSTMENT_STATUSES,
  adjustmentRequestMachine,
  adjustmentStatusesAccepting,
  nextAdjustmentStatus,
  type AdjustmentEvent,
  type AdjustmentStatus,
} from '../../../src/domain/inventory/adjustment-request.machine.js';

describe('stock adjustment request machine (pure transitions)', () => {
  const table: [AdjustmentStatus, AdjustmentEvent['type'], AdjustmentStatus | null][] = [
    ['PENDING', 'APPROVE', 'APPROVED'],
    ['PENDING', 'REJECT', 'REJECTED'],
    ['APPROVED', 'APPROVE', null],
    ['APPROVED', 'REJECT', null],
    ['REJECTED', 'APPROVE', null],
    ['REJECTED', 'REJECT', null],
  ];

  for (const [from, event, to] of table) {
    it(`${from} --${event}--> ${to ?? 'refused'}`, () => {
      expect(nextAdjustmentStatus(from, event)).to.equal(to);
    });
  }

  it('knows exactly the statuses and events the table covers', () => {
    const config = adjustmentRequestMachine.config.states ?? {};
    expect(Object.keys(config)).to.have.members([...ADJUSTMENT_STATUSES]);
    const handled = new Set(Object.values(config).flatMap((s) => Object.keys(s.on ?? {})));
    expect([...handled]).to.have.members([...ADJUSTMENT_EVENTS]);
    const pairs = table.map(([from, event]) => `${from}/${event}`);
    const every = ADJUSTMENT_STATUSES.flatMap((s) => ADJUSTMENT_EVENTS.map((e) => `${s}/${e}`));
    expect(pairs).to.have.members(every);
  });

  it('gives the conditional save its from-states: the statuses the table lets the event leave', () => {
    for (const event of ADJUSTMENT_EVENTS) {
      const expected = table.filter(([, e, to]) => e === event && to !== null).map(([from]) => from);
      expect(adjustmentStatusesAccepting(event), event).to.deep.equal(expected);
    }
  });

  it('starts PENDING and has APPROVED and REJECTED as its only final states', () => {
    expect(adjustmentRequestMachine.config.initial).to.equal('PENDING');
    const finals = Object.entries(adjustmentRequestMachine.config.states ?? {})
      .filter(([, s]) => s.type === 'final')
      .map(([name]) => name);
    expect(finals).to.have.members(['APPROVED', 'REJECTED']);
  });

  it('refuses a status the machine does not know', () => {
    expect(() => nextAdjustmentStatus('DONE' as AdjustmentStatus, 'APPROVE')).to.throw();
  });
});
