import { expect } from 'chai';
import {
  ADJUSTMENT_STATUSES,
  adjustmentRequestMachine,
  nextAdjustmentStatus,
  type AdjustmentEvent,
  type AdjustmentStatus,
} from '../../../src/domain/inventory/adjustment-request.machine.js';
import { statesThatAccept } from '../../../src/domain/shared/lifecycle.js';

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

  it('knows exactly the listed statuses, and accepts each event only from the states above', () => {
    expect(Object.keys(adjustmentRequestMachine.config.states ?? {})).to.have.members([...ADJUSTMENT_STATUSES]);
    for (const event of ['APPROVE', 'REJECT'] as const) {
      const expected = table.filter(([, e, to]) => e === event && to !== null).map(([from]) => from);
      expect(statesThatAccept(adjustmentRequestMachine, ADJUSTMENT_STATUSES, { type: event }), event).to.deep.equal(
        expected,
      );
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
