import { ContainerModule } from 'inversify';
import { ApproveInvoice } from '../../application/billing/approve-invoice.js';
import { CreateCustomer } from '../../application/billing/create-customer.js';
import { CreateInvoice } from '../../application/billing/create-invoice.js';
import { CreateNote } from '../../application/billing/create-note.js';
import { CreateRefund } from '../../application/billing/create-refund.js';
import { GetInvoice } from '../../application/billing/get-invoice.js';
import { ListCustomers } from '../../application/billing/list-customers.js';
import { ListInvoicePayments, ListInvoiceRefunds } from '../../application/billing/list-invoice-money.js';
import { ListInvoices } from '../../application/billing/list-invoices.js';
import { GetNote, ListNotes } from '../../application/billing/list-notes.js';
import { GetPayment, GetRefund, ListPayments, ListRefunds } from '../../application/billing/payments-and-refunds.js';
import { ApproveNote, VoidNote } from '../../application/billing/note-lifecycle.js';
import { RecordPayment } from '../../application/billing/record-payment.js';
import { VoidInvoice } from '../../application/billing/void-invoice.js';
import type { Clock } from '../../application/ports/clock.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import { TOKENS } from '../../application/tokens.js';
import { bindFactory, bindGroup, bindUseCase } from './bind.js';

const { UnitOfWork: Uow, IdGenerator: Ids, Clock: Clk } = TOKENS;

/** The tokens of one kind of note's use cases. */
const NOTES = {
  CREDIT: {
    list: TOKENS.ListCreditNotes,
    get: TOKENS.GetCreditNote,
    create: TOKENS.CreateCreditNote,
    approve: TOKENS.ApproveCreditNote,
    void: TOKENS.VoidCreditNote,
  },
  DEBIT: {
    list: TOKENS.ListDebitNotes,
    get: TOKENS.GetDebitNote,
    create: TOKENS.CreateDebitNote,
    approve: TOKENS.ApproveDebitNote,
    void: TOKENS.VoidDebitNote,
  },
} as const;

/** Customers, invoices, payments, refunds, credit and debit notes. */
export const billingModule = new ContainerModule(({ bind }) => {
  bindUseCase(bind, TOKENS.CreateCustomer, CreateCustomer, [Uow, Ids, Clk]);
  bindUseCase(bind, TOKENS.ListInvoices, ListInvoices, [Uow]);
  bindUseCase(bind, TOKENS.CreateInvoice, CreateInvoice, [Uow, Ids, Clk]);
  bindUseCase(bind, TOKENS.VoidInvoice, VoidInvoice, [Uow, Clk]);
  bindUseCase(bind, TOKENS.ApproveInvoice, ApproveInvoice, [Uow, Clk]);
  bindUseCase(bind, TOKENS.ListCustomers, ListCustomers, [Uow]);
  bindUseCase(bind, TOKENS.GetInvoice, GetInvoice, [Uow]);
  bindUseCase(bind, TOKENS.RecordPayment, RecordPayment, [Uow, Ids, Clk]);
  bindUseCase(bind, TOKENS.CreateRefund, CreateRefund, [Uow, Ids, Clk]);
  bindUseCase(bind, TOKENS.ListInvoicePayments, ListInvoicePayments, [Uow]);
  bindUseCase(bind, TOKENS.ListInvoiceRefunds, ListInvoiceRefunds, [Uow]);
  bindUseCase(bind, TOKENS.ListPayments, ListPayments, [Uow]);
  bindUseCase(bind, TOKENS.GetPayment, GetPayment, [Uow]);
  bindUseCase(bind, TOKENS.ListRefunds, ListRefunds, [Uow]);
  bindUseCase(bind, TOKENS.GetRefund, GetRefund, [Uow]);
  // The note use cases serve both kinds: the kind is a fixed last argument, not a token.
  for (const kind of ['CREDIT', 'DEBIT'] as const) {
    const t = NOTES[kind];
    bindFactory(bind, t.list, (uow: UnitOfWork) => new ListNotes(uow, kind), [Uow]);
    bindFactory(bind, t.get, (uow: UnitOfWork) => new GetNote(uow, kind), [Uow]);
    bindFactory(
      bind,
      t.create,
      (uow: UnitOfWork, ids: IdGenerator, clock: Clock) => new CreateNote(uow, ids, clock, kind),
      [Uow, Ids, Clk],
    );
    bindFactory(bind, t.approve, (uow: UnitOfWork, clock: Clock) => new ApproveNote(uow, clock, kind), [Uow, Clk]);
    bindFactory(bind, t.void, (uow: UnitOfWork, clock: Clock) => new VoidNote(uow, clock, kind), [Uow, Clk]);
  }

  bindGroup(bind, TOKENS.BillingUseCases, {
    listInvoices: TOKENS.ListInvoices,
    createInvoice: TOKENS.CreateInvoice,
    voidInvoice: TOKENS.VoidInvoice,
    listCreditNotes: TOKENS.ListCreditNotes,
    createCreditNote: TOKENS.CreateCreditNote,
    listDebitNotes: TOKENS.ListDebitNotes,
    createDebitNote: TOKENS.CreateDebitNote,
    getInvoice: TOKENS.GetInvoice,
    recordPayment: TOKENS.RecordPayment,
    createRefund: TOKENS.CreateRefund,
    createCustomer: TOKENS.CreateCustomer,
    listCustomers: TOKENS.ListCustomers,
  });
  bindGroup(bind, TOKENS.BillingBackOffice, {
    approveInvoice: TOKENS.ApproveInvoice,
    approveCreditNote: TOKENS.ApproveCreditNote,
    approveDebitNote: TOKENS.ApproveDebitNote,
    voidCreditNote: TOKENS.VoidCreditNote,
    voidDebitNote: TOKENS.VoidDebitNote,
    recordPayment: TOKENS.RecordPayment,
    listInvoicePayments: TOKENS.ListInvoicePayments,
    listInvoiceRefunds: TOKENS.ListInvoiceRefunds,
  });
  bindGroup(bind, TOKENS.BillingViews, {
    listCustomers: TOKENS.ListCustomers,
    listInvoices: TOKENS.ListInvoices,
    getInvoice: TOKENS.GetInvoice,
    listCreditNotes: TOKENS.ListCreditNotes,
    getCreditNote: TOKENS.GetCreditNote,
    listDebitNotes: TOKENS.ListDebitNotes,
    getDebitNote: TOKENS.GetDebitNote,
    listPayments: TOKENS.ListPayments,
    getPayment: TOKENS.GetPayment,
    listRefunds: TOKENS.ListRefunds,
    getRefund: TOKENS.GetRefund,
  });
});
