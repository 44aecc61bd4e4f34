import { expect } from 'chai';
import {
  ADJUSTMENT_STATUSES,
  adjustmentRequestMachine,
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

  it('covers every status × event pair', () => {
    const events: AdjustmentEvent['type'][] = ['APPROVE', 'REJECT'];
    expect(table).to.have.length(ADJUSTMENT_STATUSES.length * events.length);
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
