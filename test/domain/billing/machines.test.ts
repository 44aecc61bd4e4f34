import { expect } from 'chai';
import { INVOICE_STATUSES, nextInvoiceStatus, type InvoiceEvent } from '../../../src/domain/billing/invoice.machine.js';
import {
  APPROVED_NOTE_STATUS,
  AWAITING_APPROVAL_NOTE_STATUSES,
  NOTE_STATUSES,
  nextNoteStatus,
  type NoteEvent,
} from '../../../src/domain/billing/note.machine.js';

describe('billing lifecycle machines (pure transitions)', () => {
  it('invoice: every status × event, allowed and refused', () => {
    const expected: Record<string, Record<InvoiceEvent['type'], string | null>> = {
      DRAFT: { APPROVE: 'APPROVED', PAY: 'APPROVED', SETTLE: null, VOID: 'VOIDED', REFUND: null },
      APPROVED: { APPROVE: null, PAY: 'APPROVED', SETTLE: 'PAID', VOID: 'VOIDED', REFUND: 'APPROVED' },
      PAID: { APPROVE: null, PAY: null, SETTLE: null, VOID: null, REFUND: 'PAID' },
      VOIDED: { APPROVE: null, PAY: null, SETTLE: null, VOID: null, REFUND: 'VOIDED' },
    };
    for (const status of INVOICE_STATUSES) {
      for (const type of ['APPROVE', 'PAY', 'SETTLE', 'VOID', 'REFUND'] as const) {
        expect(nextInvoiceStatus(status, { type }), `${status} --${type}-->`).to.equal(expected[status]![type]);
      }
    }
  });

  it('note: every status × event, allowed and refused', () => {
    const expected: Record<string, Record<NoteEvent['type'], string | null>> = {
      DRAFT: { APPROVE: 'APPROVED', VOID: 'VOIDED' },
      APPROVED: { APPROVE: null, VOID: null },
      VOIDED: { APPROVE: null, VOID: null },
    };
    for (const status of NOTE_STATUSES) {
      for (const type of ['APPROVE', 'VOID'] as const) {
        expect(nextNoteStatus(status, { type }), `${status} --${type}-->`).to.equal(expected[status]![type]);
      }
    }
  });

  it('note: the statuses the invoice sums come from the machine (awaiting approval: DRAFT; counted: APPROVED)', () => {
    expect(AWAITING_APPROVAL_NOTE_STATUSES).to.deep.equal(['DRAFT']);
    expect(APPROVED_NOTE_STATUS).to.equal('APPROVED');
  });
});
