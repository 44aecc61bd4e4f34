import { expect } from 'chai';
import { NoteInvalidState } from '../../../src/domain/billing/errors.js';
import type { NoteStatus } from '../../../src/domain/billing/note.machine.js';
import { Note, REASON_RULE, reasonText, type NoteKind } from '../../../src/domain/billing/note.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';
import { Money } from '../../../src/domain/shared/money.js';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const LATER = new Date('2026-03-02T10:00:00.000Z');

function draftNote(kind: NoteKind = 'CREDIT'): Note {
  return Note.draft(
    {
      id: '44444444-4444-4444-8444-000000000001',
      tenantId: '00000000-0000-4000-8000-00000000000a',
      kind,
      number: 'CN-2026-000001',
      invoiceId: '33333333-3333-4333-8333-333333333333',
      branchId: '00000000-0000-4000-8000-00000000000b',
      fiscalYearId: '00000000-0000-4000-8000-00000000000f',
      amount: Money.of('12.34'),
      taxAmount: Money.of('1.42'),
      untaxedAmount: Money.of('10.92'),
      reason: 'Returned',
    },
    NOW,
  );
}

const view = (n: Note) => {
  const s = n.state();
  return {
    ...s,
    amount: s.amount.toNumber(),
    approvedAt: s.approvedAt?.toISOString() ?? null,
    voidedAt: s.voidedAt?.toISOString() ?? null,
  };
};

function inStatus(status: NoteStatus, kind: NoteKind = 'CREDIT'): Note {
  return Note.restore({ ...draftNote(kind).state(), status });
}

describe('Note aggregate (credit and debit notes)', () => {
  it('starts as DRAFT and records no event', () => {
    const n = draftNote();
    expect(view(n)).to.include({
      status: 'DRAFT',
      amount: 12.34,
      approvedAt: null,
      approvedBy: null,
      voidedAt: null,
      voidedBy: null,
    });
    expect(n.pullEvents()).to.deep.equal([]);
  });

  it('DRAFT → APPROVED and DRAFT → VOIDED (reason optional)', () => {
    const a = draftNote();
    a.approve(LATER, 'approver@example.com');
    expect(view(a)).to.include({
      status: 'APPROVED',
      approvedAt: LATER.toISOString(),
      approvedBy: 'approver@example.com',
      voidedBy: null,
    });
    const v = draftNote('DEBIT');
    v.void(undefined, LATER, 'approver@example.com');
    expect(view(v)).to.include({
      status: 'VOIDED',
      voidReason: null,
      voidedAt: LATER.toISOString(),
      voidedBy: 'approver@example.com',
      approvedBy: null,
    });
    const r = draftNote();
    r.void(' Duplicate ', LATER, 'approver@example.com');
    expect(view(r).voidReason).to.equal('Duplicate');
  });

  it('refuses every step out of APPROVED and VOIDED (409 INVALID_STATE)', () => {
    for (const status of ['APPROVED', 'VOIDED'] as const) {
      for (const kind of ['CREDIT', 'DEBIT'] as const) {
        const label = kind === 'CREDIT' ? 'credit note' : 'debit note';
        const n = inStatus(status, kind);
        expect(() => n.approve(LATER, 'approver@example.com'))
          .to.throw(NoteInvalidState, `Cannot approve a ${label} in status ${status}`)
          .that.includes({ kind: 'conflict', code: 'INVALID_STATE' });
        expect(() => n.void(undefined, LATER, 'approver@example.com')).to.throw(
          NoteInvalidState,
          `Cannot void a ${label} in status ${status}`,
        );
        expect(n.status).to.equal(status);
      }
    }
  });

  it('refuses a blank void reason', () => {
    const n = draftNote();
    expect(() => n.void('  ', LATER, 'approver@example.com')).to.throw(ValidationError);
    expect(n.status).to.equal('DRAFT');
  });

  it('words the reason rule once: trimmed, 1 to 500 characters', () => {
    expect(reasonText(' Damaged ')).to.equal('Damaged');
    expect(reasonText('x'.repeat(500))).to.have.length(500);
    for (const reason of ['', '   ', 'x'.repeat(501)]) {
      expect(() => reasonText(reason), JSON.stringify(reason)).to.throw(ValidationError, REASON_RULE);
    }
    expect(REASON_RULE).to.equal('reason must be a non-empty string of at most 500 characters');
  });
});
