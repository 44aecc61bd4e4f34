import { expect } from 'chai';
import {
  InvoiceInvalidState,
  PaymentExceedsAmountDue,
  RefundExceedsRefundable,
} from '../../../src/domain/billing/errors.js';
import type { InvoiceStatus } from '../../../src/domain/billing/invoice.machine.js';
import { Invoice, NO_NOTES, type InvoiceNoteTotals } from '../../../src/domain/billing/invoice.js';
import type { PaymentMethod } from '../../../src/domain/billing/invoice-line.js';
import { UNNUMBERED } from '../../../src/domain/shared/document-number.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';
import { Money } from '../../../src/domain/shared/money.js';
import { pricingOf } from '../../support/pricing.js';

const T = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const B2 = '00000000-0000-4000-8000-0000000000b2';
const F = '00000000-0000-4000-8000-00000000000f';
const P = '11111111-1111-4111-8111-111111111111';
const C = '22222222-2222-4222-8222-222222222222';
const I = '33333333-3333-4333-8333-333333333333';
const NOW = new Date('2026-03-01T10:00:00.000Z');
const LATER = new Date('2026-03-02T10:00:00.000Z');
const m = (v: string | number) => Money.of(v);
const ALL: InvoiceStatus[] = ['DRAFT', 'APPROVED', 'PAID', 'VOIDED'];

function draft(total: number | string = 100): Invoice {
  const invoice = Invoice.create(
    { id: I, tenantId: T, branchId: B, fiscalYearId: F },
    { customerId: C, paymentMethod: 'CARD', items: [{ productId: P, quantity: 1, unitPrice: Number(total) }] },
    pricingOf({ [P]: 0 }),
    NOW,
  );
  invoice.numbered('INV-2026-000007');
  return invoice;
}

/** A stored invoice in `status` with `payments` received and `refunds` given, rebuilt as the repository would. */
function stored(
  status: InvoiceStatus,
  opts: {
    total?: number;
    payments?: number | string;
    refunds?: number | string;
    notes?: Partial<InvoiceNoteTotals>;
  } = {},
): Invoice {
  const s = draft(opts.total ?? 100).state();
  return Invoice.restore(
    {
      ...s,
      status,
      payments: m(opts.payments ?? 0),
      refunds: m(opts.refunds ?? 0),
      approvedAt: status === 'DRAFT' ? null : NOW,
      voidedAt: status === 'VOIDED' ? NOW : null,
      voidReason: status === 'VOIDED' ? 'x' : null,
    },
    { ...NO_NOTES, ...opts.notes },
  );
}

let seq = 0;
function pay(
  inv: Invoice,
  amount: number,
  method: PaymentMethod = 'CASH',
  reference?: string,
  recordedBy: string | null = null,
) {
  seq += 1;
  return inv.recordPayment(
    {
      id: `55555555-5555-4555-8555-${String(seq).padStart(12, '0')}`,
      branchId: B2,
      fiscalYearId: F,
      amount,
      method,
      ...(reference === undefined ? {} : { reference }),
      recordedBy,
    },
    LATER,
  );
}

function refund(inv: Invoice, amount: number, reason = 'Returned goods', method?: PaymentMethod) {
  seq += 1;
  return inv.refund(
    {
      id: `66666666-6666-4666-8666-${String(seq).padStart(12, '0')}`,
      branchId: B2,
      fiscalYearId: F,
      amount,
      reason,
      ...(method === undefined ? {} : { method }),
    },
    LATER,
  );
}

const amounts = (inv: Invoice) => {
  const a = inv.amounts();
  return { netAmount: a.netAmount.toString(), amountPaid: a.amountPaid.toString(), amountDue: a.amountDue.toString() };
};

describe('Invoice payments and refunds', () => {
  it('are numbered once, by their store: a second number or an empty one is refused', () => {
    const inv = stored('APPROVED', { payments: 50 });
    const payment = pay(inv, 10);
    const given = refund(inv, 5);
    payment.numbered('PAY-2026-000001');
    given.numbered('RF-2026-000001');
    expect([payment.state().number, given.state().number]).to.deep.equal(['PAY-2026-000001', 'RF-2026-000001']);
    expect(() => payment.numbered('PAY-2026-000002')).to.throw('already has a number');
    expect(() => given.numbered('RF-2026-000002')).to.throw('already has a number');
    expect(() => pay(inv, 1).numbered(UNNUMBERED)).to.throw('empty number');
  });

  describe('payments on every status', () => {
    it('DRAFT: the first payment approves the invoice (billing.invoice.created), then the payment records billing.payment.received', () => {
      const inv = draft(100);
      const payment = pay(inv, 40.1, 'QR', ' slip-7 ');
      expect(inv.status).to.equal('APPROVED');
      expect(inv.state().approvedAt).to.deep.equal(LATER);
      expect(amounts(inv)).to.deep.equal({ netAmount: '100.00', amountPaid: '40.10', amountDue: '59.90' });
      expect(inv.pullEvents().map((e) => [e.name, e.payload])).to.deep.equal([
        [
          'billing.invoice.created',
          { id: I, code: 'INV-2026-000007', branchId: B, resource: 'INVOICE', action: 'CREATE' },
        ],
      ]);
      const s = payment.state();
      expect(s).to.include({ invoiceId: I, tenantId: T, branchId: B2, method: 'QR', reference: 'slip-7' });
      expect(s.amount.toString()).to.equal('40.10');
      expect(s.receivedAt).to.deep.equal(LATER);
      // Its store draws its number, and its event's `code`, in the statement that stores it.
      expect(s.number).to.equal(UNNUMBERED);
      expect(payment.pullEvents()).to.deep.equal([
        {
          name: 'billing.payment.received',
          tenantId: T,
          occurredAt: LATER,
          payload: {
            id: s.id,
            code: s.number,
            branchId: B2,
            resource: 'PAYMENT',
            action: 'RECEIVE',
            invoiceId: I,
            paymentMethod: 'QR',
            reference: 'slip-7',
            amount: 40.1,
          },
        },
      ]);
    });

    it('keeps who recorded it (null: an integration), who also approves the DRAFT invoice it pays; the events never name them', () => {
      const byPerson = draft(100);
      const recorded = pay(byPerson, 10, 'CASH', undefined, 'approver@example.com');
      expect(recorded.state().recordedBy).to.equal('approver@example.com');
      expect(byPerson.state().approvedBy).to.equal('approver@example.com');
      pay(byPerson, 10, 'CASH', undefined, 'someone@example.com');
      expect(byPerson.state().approvedBy, 'a later payment approves nothing').to.equal('approver@example.com');
      const events = [...byPerson.pullEvents(), ...recorded.pullEvents()];
      expect(JSON.stringify(events)).to.not.include('approver@example.com');
      const byIntegration = draft(100);
      expect(pay(byIntegration, 10).state().recordedBy).to.equal(null);
      expect(byIntegration.state()).to.include({ status: 'APPROVED', approvedBy: null });
    });

    it('DRAFT: a full first payment goes DRAFT → APPROVED → PAID with one creation event', () => {
      const inv = draft(25);
      pay(inv, 25);
      expect(inv.status).to.equal('PAID');
      expect(inv.pullEvents().map((e) => e.name)).to.deep.equal(['billing.invoice.created']);
    });

    it('APPROVED: a further payment records no creation event; the one that reaches 0 due makes it PAID', () => {
      const inv = stored('APPROVED', { payments: 30 });
      const p = pay(inv, 50);
      expect(inv.status).to.equal('APPROVED');
      expect(inv.pullEvents()).to.deep.equal([]);
      expect(p.pullEvents().map((e) => (e.payload as { reference: unknown }).reference)).to.deep.equal([null]);
      pay(inv, 20);
      expect(inv.status).to.equal('PAID');
      expect(amounts(inv)).to.deep.equal({ netAmount: '100.00', amountPaid: '100.00', amountDue: '0.00' });
    });

    it('PAID and VOIDED: 409 INVALID_STATE, nothing changes', () => {
      for (const status of ['PAID', 'VOIDED'] as const) {
        const inv = stored(status, { payments: status === 'PAID' ? 100 : 0 });
        expect(() => pay(inv, 1)).to.throw(
          InvoiceInvalidState,
          `Cannot record a payment on an invoice in status ${status}`,
        );
        expect(inv.status).to.equal(status);
        expect(inv.pullEvents()).to.deep.equal([]);
      }
    });

    it('refuses more than the amount due (400 "Payment exceeds the amount due"), and a non-positive amount', () => {
      const inv = stored('APPROVED', { payments: 90 });
      expect(() => pay(inv, 10.01)).to.throw(PaymentExceedsAmountDue, 'Payment exceeds the amount due');
      expect(() => pay(inv, 0)).to.throw(ValidationError);
      expect(amounts(inv).amountPaid).to.equal('90.00');
      expect(() => pay(draft(10), 10.01)).to.throw(PaymentExceedsAmountDue);
    });

    it('the amount due counts approved notes: a debit note raises it, a credit note lowers it', () => {
      const inv = stored('APPROVED', { notes: { approvedDebits: m(5), approvedCredits: m(20) } });
      expect(() => pay(inv, 85.01)).to.throw(PaymentExceedsAmountDue);
      pay(inv, 85);
      expect(inv.status).to.equal('PAID');
    });

    it('sums exactly: 0.1 + 0.2 settles an invoice of 0.30, ten payments of 0.01 one of 0.10', () => {
      const inv = draft('0.3');
      pay(inv, 0.1);
      pay(inv, 0.2);
      expect(inv.status).to.equal('PAID');
      expect(amounts(inv)).to.deep.equal({ netAmount: '0.30', amountPaid: '0.30', amountDue: '0.00' });
      const dimes = draft('0.1');
      for (let i = 0; i < 9; i++) pay(dimes, 0.01);
      expect(dimes.status).to.equal('APPROVED');
      pay(dimes, 0.01);
      expect(dimes.status).to.equal('PAID');
      expect(() => pay(stored('APPROVED', { total: 0.3, payments: 0.1 }), 0.21)).to.throw(PaymentExceedsAmountDue);
    });

    it('a blank reference is refused by the payment itself (the schema keeps it out first)', () => {
      expect(() => pay(draft(10), 1, 'CARD', '   ')).to.throw(ValidationError, 'reference must be');
    });
  });

  describe('refunds on every status', () => {
    it('DRAFT: 409 INVALID_STATE (nothing was received)', () => {
      const inv = draft(100);
      expect(inv.refundableAmount().toString()).to.equal('0.00');
      expect(() => refund(inv, 1)).to.throw(InvoiceInvalidState, 'Cannot refund an invoice in status DRAFT');
    });

    it('APPROVED: up to the amount paid; the status stays and the amount due grows back', () => {
      const inv = stored('APPROVED', { payments: 60 });
      expect(inv.refundableAmount().toString()).to.equal('60.00');
      expect(() => refund(inv, 60.01)).to.throw(RefundExceedsRefundable, 'Refund exceeds the refundable amount');
      const r = refund(inv, 25.5, 'Damaged', 'CARD');
      expect(inv.status).to.equal('APPROVED');
      expect(amounts(inv)).to.deep.equal({ netAmount: '100.00', amountPaid: '34.50', amountDue: '65.50' });
      expect(inv.refundableAmount().toString()).to.equal('34.50');
      const s = r.state();
      expect(s).to.include({ status: 'PROCESSED', reason: 'Damaged', method: 'CARD', invoiceId: I, branchId: B2 });
      expect(r.pullEvents()).to.deep.equal([
        {
          name: 'billing.refund.processed',
          tenantId: T,
          occurredAt: LATER,
          payload: {
            id: s.id,
            code: s.number,
            branchId: B2,
            resource: 'REFUND',
            action: 'PROCESS',
            invoiceId: I,
            amount: 25.5,
          },
        },
      ]);
      expect(inv.pullEvents()).to.deep.equal([]);
    });

    it('APPROVED with nothing paid: nothing to refund (400)', () => {
      expect(() => refund(stored('APPROVED'), 0.01)).to.throw(RefundExceedsRefundable);
    });

    it('VOIDED: up to the amount paid before the void', () => {
      const inv = stored('VOIDED', { payments: 40, refunds: 10 });
      expect(inv.refundableAmount().toString()).to.equal('30.00');
      refund(inv, 30);
      expect(inv.status).to.equal('VOIDED');
      expect(amounts(inv).amountPaid).to.equal('0.00');
      expect(() => refund(inv, 0.01)).to.throw(RefundExceedsRefundable);
    });

    it('PAID without approved credit notes: nothing is refundable', () => {
      const inv = stored('PAID', { payments: 100 });
      expect(inv.refundableAmount().toString()).to.equal('0.00');
      expect(() => refund(inv, 0.01)).to.throw(RefundExceedsRefundable);
    });

    it('PAID with approved credit notes: only the overpayment they left, and the invoice stays PAID', () => {
      const inv = stored('PAID', { payments: 100, notes: { approvedCredits: m('20.30') } });
      expect(amounts(inv)).to.deep.equal({ netAmount: '79.70', amountPaid: '100.00', amountDue: '-20.30' });
      expect(inv.refundableAmount().toString()).to.equal('20.30');
      expect(() => refund(inv, 20.31)).to.throw(RefundExceedsRefundable);
      refund(inv, 0.1);
      refund(inv, 0.2);
      expect(inv.refundableAmount().toString()).to.equal('20.00');
      refund(inv, 20);
      expect(inv.status).to.equal('PAID');
      expect(amounts(inv)).to.deep.equal({ netAmount: '79.70', amountPaid: '79.70', amountDue: '0.00' });
      expect(() => refund(inv, 0.01)).to.throw(RefundExceedsRefundable);
    });

    it('a credit note approved on a partly paid invoice may settle it and leave an overpayment to refund', () => {
      const inv = stored('APPROVED', { payments: 90 });
      const note = inv.issueNote(
        'CREDIT',
        {
          id: '77777777-7777-4777-8777-777777777777',
          number: 'CN-2026-000001',
          amount: 25,
          reason: 'r',
          branchId: B,
          fiscalYearId: F,
        },
        NOW,
      );
      inv.approveNote(note, LATER, 'approver@example.com');
      expect(inv.status).to.equal('PAID');
      expect(inv.refundableAmount().toString()).to.equal('15.00');
    });

    it('every status × refund: refused only in DRAFT; the status never changes', () => {
      for (const status of ALL) {
        const inv = stored(status, {
          payments: status === 'DRAFT' ? 0 : 50,
          total: 50,
          notes: { approvedCredits: m(10) },
        });
        if (status === 'DRAFT') {
          expect(() => refund(inv, 1)).to.throw(InvoiceInvalidState);
        } else {
          refund(inv, 1);
          expect(inv.status).to.equal(status);
        }
      }
    });

    it('refuses a blank reason with the one reason rule', () => {
      expect(() => refund(stored('APPROVED', { payments: 10 }), 1, '  ')).to.throw(ValidationError, 'reason must be');
    });
  });
});
