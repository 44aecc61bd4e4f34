import { expect } from 'chai';
import {
  CreateInvoiceBody,
  CreateNoteBody,
  ListInvoicesQuery,
  VoidNoteBody,
} from '../../../src/application/billing/commands.js';
import { bodyValidator, queryValidator } from '../../../src/adapters/shared/validation.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';

const P = '11111111-1111-4111-8111-111111111111';
const C = '22222222-2222-4222-8222-222222222222';

function problems(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(ValidationError);
    return (err as ValidationError).details!.map((d) => d.issue);
  }
  throw new Error('expected a ValidationError');
}

describe('billing commands (one schema per input, spec 7.2 wording)', () => {
  const invoice = bodyValidator(CreateInvoiceBody);
  const note = bodyValidator(CreateNoteBody);
  const voidNote = bodyValidator(VoidNoteBody);
  const list = queryValidator(ListInvoicesQuery);

  it('reports every bad item as "Row N: Items ..." counted from 1', () => {
    const items = [
      { productId: P, quantity: 1, unitPrice: 1 },
      { productId: P, quantity: 0, unitPrice: 1 },
      { productId: 'nope', quantity: 1, unitPrice: -1 },
      { productId: P, quantity: 100000000000, unitPrice: 1.001 },
    ];
    expect(problems(() => invoice({ customerId: C, paymentMethod: 'CASH', items }))).to.deep.equal([
      'Row 2: Items quantity must be a positive number',
      'Row 3: Items productId must be a UUID',
      'Row 3: Items unitPrice must not be less than 0',
      'Row 4: Items quantity must not be greater than 99999999999.999',
      'Row 4: Items unitPrice must have at most 2 decimal places',
    ]);
  });

  it('refuses an empty or oversized item list, a bad customer id and payment method', () => {
    const one = [{ productId: P, quantity: 1, unitPrice: 1 }];
    expect(problems(() => invoice({ customerId: C, paymentMethod: 'CASH', items: [] }))).to.deep.equal([
      'items must contain at least 1 item',
    ]);
    const many = Array.from({ length: 501 }, () => one[0]);
    expect(problems(() => invoice({ customerId: C, paymentMethod: 'CASH', items: many }))).to.deep.equal([
      'items must contain no more than 500 items',
    ]);
    expect(problems(() => invoice({ customerId: 'c', paymentMethod: 'CHEQUE', items: one }))).to.deep.equal([
      'customerId must be a UUID',
      'paymentMethod must be one of the following values: CASH, CARD, QR, CREDIT',
    ]);
    const ok = invoice({ customerId: C, paymentMethod: 'QR', items: one });
    expect(ok.paymentMethod).to.equal('QR');
  });

  it('words a note request and a void reason as the spec does', () => {
    expect(problems(() => note({ invoiceId: 'x', amount: 0, reason: '  ' }))).to.deep.equal([
      'invoiceId must be a UUID',
      'amount must be a positive number',
      'reason must be a non-empty string of at most 500 characters',
    ]);
    expect(problems(() => note({ invoiceId: P, amount: 1e15, reason: 'r' }))).to.deep.equal([
      'amount must not be greater than 999999999999.99',
    ]);
    expect(voidNote({})).to.deep.equal({});
    expect(problems(() => voidNote({ reason: '' }))).to.deep.equal([
      'reason must be a non-empty string of at most 500 characters',
    ]);
  });

  it('coerces the invoice list query and words bad dates', () => {
    expect(list({ status: 'PAID', fromDate: '2026-03-01' })).to.deep.equal({
      page: 1,
      limit: 10,
      status: 'PAID',
      fromDate: '2026-03-01',
    });
    expect(problems(() => list({ fromDate: '2026-02-30', toDate: 'soon', status: 'OPEN' }))).to.deep.equal([
      'status must be one of the following values: DRAFT, APPROVED, PAID, VOIDED',
      'fromDate must be an ISO 8601 date (YYYY-MM-DD) or date-time with a time zone',
      'toDate must be an ISO 8601 date (YYYY-MM-DD) or date-time with a time zone',
    ]);
  });
});
