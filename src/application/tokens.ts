/**
 * Injection tokens: one symbol per port and per use case. Plain symbols, so application code
 * can name them without importing the container; the composition root binds them
 * (src/infrastructure/container.ts).
 */
export const TOKENS = {
  // infrastructure values
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  Knex: Symbol.for('Knex'),
  Database: Symbol.for('Database'),
  // ports
  UnitOfWork: Symbol.for('UnitOfWork'),
  Clock: Symbol.for('Clock'),
  IdGenerator: Symbol.for('IdGenerator'),
  // organization use cases
  CreateTenant: Symbol.for('CreateTenant'),
  CreateBranch: Symbol.for('CreateBranch'),
  CreateFiscalYear: Symbol.for('CreateFiscalYear'),
  CreateWarehouse: Symbol.for('CreateWarehouse'),
  // inventory use cases
  CreateProduct: Symbol.for('CreateProduct'),
  // billing use cases
  CreateCustomer: Symbol.for('CreateCustomer'),
  ListInvoices: Symbol.for('ListInvoices'),
  CreateInvoice: Symbol.for('CreateInvoice'),
  VoidInvoice: Symbol.for('VoidInvoice'),
  ApproveInvoice: Symbol.for('ApproveInvoice'),
  ListCreditNotes: Symbol.for('ListCreditNotes'),
  CreateCreditNote: Symbol.for('CreateCreditNote'),
  ApproveCreditNote: Symbol.for('ApproveCreditNote'),
  VoidCreditNote: Symbol.for('VoidCreditNote'),
  ListDebitNotes: Symbol.for('ListDebitNotes'),
  CreateDebitNote: Symbol.for('CreateDebitNote'),
  ApproveDebitNote: Symbol.for('ApproveDebitNote'),
  VoidDebitNote: Symbol.for('VoidDebitNote'),
  BillingUseCases: Symbol.for('BillingUseCases'),
  // http
  BackOfficeUseCases: Symbol.for('BackOfficeUseCases'),
  HttpApp: Symbol.for('HttpApp'),
} as const;
