import { expect } from 'chai';
import { NoteInvalidState } from '../../../src/domain/billing/errors.js';
import type { NoteStatus } from '../../../src/domain/billing/note.machine.js';
import { Note, parseNoteInput, type NoteKind } from '../../../src/domain/billing/note.js';
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
      reason: 'Returned',
    },
    NOW,
  );
}

function inStatus(status: NoteStatus, kind: NoteKind = 'CREDIT'): Note {
  return Note.restore({ ...draftNote(kind).state(), status });
}

describe('Note aggregate (credit and debit notes)', () => {
  it('starts as DRAFT and records no event', () => {
    const n = draftNote();
    expect(n.snapshot()).to.include({ status: 'DRAFT', amount: 12.34, approvedAt: null, voidedAt: null });
    expect(n.pullEvents()).to.deep.equal([]);
  });

  it('DRAFT → APPROVED and DRAFT → VOIDED (reason optional)', () => {
    const a = draftNote();
    a.approve(LATER);
    expect(a.snapshot()).to.include({ status: 'APPROVED', approvedAt: LATER.toISOString() });
    const v = draftNote('DEBIT');
    v.void(undefined, LATER);
    expect(v.snapshot()).to.include({ status: 'VOIDED', voidReason: null, voidedAt: LATER.toISOString() });
    const r = draftNote();
    r.void(' Duplicate ', LATER);
    expect(r.snapshot().voidReason).to.equal('Duplicate');
  });

  it('refuses every step out of APPROVED and VOIDED (409 INVALID_STATE)', () => {
    for (const status of ['APPROVED', 'VOIDED'] as const) {
      for (const kind of ['CREDIT', 'DEBIT'] as const) {
        const label = kind === 'CREDIT' ? 'credit note' : 'debit note';
        const n = inStatus(status, kind);
        expect(() => n.approve(LATER))
          .to.throw(NoteInvalidState, `Cannot approve a ${label} in status ${status}`)
          .that.includes({ kind: 'conflict', code: 'INVALID_STATE' });
        expect(() => n.void(undefined, LATER)).to.throw(NoteInvalidState, `Cannot void a ${label} in status ${status}`);
        expect(n.status).to.equal(status);
      }
    }
  });

  it('refuses a blank void reason', () => {
    const n = draftNote();
    expect(() => n.void('  ', LATER)).to.throw(ValidationError);
    expect(n.status).to.equal('DRAFT');
  });

  it('parses a note request: amount > 0 with at most 2 decimals, non-empty reason', () => {
    const ok = parseNoteInput({ amount: 10.5, reason: ' Damaged ' });
    expect(ok.amount.toString()).to.equal('10.50');
    expect(ok.reason).to.equal('Damaged');
    for (const amount of [0, -1, 1.001, '10', null, 1e15]) {
      expect(() => parseNoteInput({ amount, reason: 'x' }), String(amount)).to.throw(
        ValidationError,
        'amount must be a positive number with at most 2 decimals',
      );
    }
    expect(() => parseNoteInput({ amount: 1, reason: '' })).to.throw(
      ValidationError,
      'reason must be a non-empty string',
    );
  });
});
