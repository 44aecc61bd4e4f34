import { expect } from 'chai';
import sinon from 'sinon';
import { setup, type EventObject } from 'xstate';
import { nextStatus, statusMoveOf } from '../../../src/domain/shared/lifecycle.js';

describe('nextStatus (a lifecycle machine as a transition function)', () => {
  const machine = setup({
    types: { events: {} as { type: 'SHIP' } | { type: 'PAY'; amount?: number } },
    guards: { paysSomething: ({ event }) => event.type === 'PAY' && (event.amount ?? 0) > 0 },
  }).createMachine({
    initial: 'OPEN',
    states: {
      OPEN: { on: { SHIP: 'SHIPPED', PAY: { guard: 'paysSomething', target: 'PAID' } } },
      SHIPPED: {},
      PAID: {},
    },
  });

  afterEach(() => sinon.restore());

  it('answers from the machine, the same on every call', () => {
    for (let i = 0; i < 3; i++) {
      expect(nextStatus(machine, 'OPEN', { type: 'SHIP' })).to.equal('SHIPPED');
      expect(nextStatus(machine, 'SHIPPED', { type: 'SHIP' })).to.equal(null);
    }
  });

  it('asks the machine once per status and bare event, and every time for an event with data', () => {
    const resolve = sinon.spy(machine, 'resolveState');
    nextStatus(machine, 'PAID', { type: 'SHIP' });
    nextStatus(machine, 'PAID', { type: 'SHIP' });
    expect(resolve.callCount).to.equal(1);
    // A guard may read the event's data: such an answer is never remembered.
    const pay = (amount: number): EventObject => ({ type: 'PAY', amount }) as EventObject;
    expect(nextStatus(machine, 'OPEN', pay(5))).to.equal('PAID');
    expect(nextStatus(machine, 'OPEN', pay(0))).to.equal(null);
    expect(resolve.callCount).to.equal(3);
  });

  it('statusMoveOf: the statuses an event accepts and the one status it moves them to, or a refusal', () => {
    const fork = setup({ types: { events: {} as { type: 'GO' } } }).createMachine({
      initial: 'A',
      states: { A: { on: { GO: 'X' } }, B: { on: { GO: 'X' } }, C: { on: { GO: 'Y' } }, X: {}, Y: {} },
    });
    const all = ['A', 'B', 'C', 'X', 'Y'] as const;
    expect(statusMoveOf(fork, all, { type: 'GO' }, ['A', 'B', 'X'])).to.deep.equal({ from: ['A', 'B'], to: 'X' });
    expect(() => statusMoveOf(fork, all, { type: 'GO' })).to.throw('GO does not move A/B/C/X/Y to a single status');
    expect(() => statusMoveOf(fork, all, { type: 'GO' }, ['X', 'Y'])).to.throw('does not move');
  });
});
