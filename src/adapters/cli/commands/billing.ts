import { PAYMENT_METHODS } from '../../../domain/billing/invoice-line.js';
import { path } from '../admin-api.js';
import { pageFlags, pageQuery, str, type CliCommand } from '../command.js';

const approve = (name: string, what: string, route: string, summary: string): CliCommand => ({
  name,
  summary,
  flags: [{ name: 'id', required: true, help: `${what} id` }],
  request: (v) => ({ method: 'POST', path: `/${route}${path`/${str(v, 'id')}`}/approve` }),
});

const voidNote = (name: string, what: string, route: string): CliCommand => ({
  name,
  summary: `Void a DRAFT ${what}`,
  flags: [
    { name: 'id', required: true, help: `${what} id` },
    { name: 'reason', help: 'why it is voided' },
  ],
  request: (v) => ({ method: 'POST', path: `/${route}${path`/${str(v, 'id')}`}/void`, body: { reason: v.reason } }),
});

/** Customers, invoice approval, payments and refunds, credit and debit note approval and voiding. */
export const billingCommands: CliCommand[] = [
  {
    name: 'customer:create',
    summary: 'Create a customer',
    flags: [
      { name: 'tenant', required: true, help: 'tenant id' },
      { name: 'name', required: true, help: 'display name' },
      { name: 'email', help: 'email address' },
      { name: 'phone', help: 'phone number: 3 to 32 digits, spaces or "+()-"' },
      { name: 'tax-id', help: 'tax identification number' },
      { name: 'address', help: 'postal address (free text)' },
    ],
    request: (v) => ({
      method: 'POST',
      path: path`/tenants/${str(v, 'tenant')}/customers`,
      body: { name: v.name, email: v.email, phone: v.phone, taxId: v['tax-id'], address: v.address },
    }),
  },
  {
    name: 'payment:record',
    summary: 'Record a payment on a DRAFT or APPROVED invoice (a first payment approves a DRAFT)',
    flags: [
      { name: 'invoice', required: true, help: 'invoice id' },
      { name: 'amount', type: 'number', required: true, help: 'amount, > 0, at most the amount due' },
      { name: 'method', required: true, choices: PAYMENT_METHODS, help: 'how it was paid' },
      { name: 'reference', help: 'your reference (slip, transaction id)' },
    ],
    request: (v) => ({
      method: 'POST',
      path: path`/invoices/${str(v, 'invoice')}/payments`,
      body: { amount: v.amount, method: v.method, reference: v.reference },
    }),
  },
  {
    name: 'invoice:payments',
    summary: "List an invoice's payments, newest first",
    flags: [{ name: 'id', required: true, help: 'invoice id' }, ...pageFlags],
    request: (v) => ({ method: 'GET', path: path`/invoices/${str(v, 'id')}/payments`, query: pageQuery(v) }),
    columns: ['id', 'paymentNumber', 'amount', 'method', 'reference', 'receivedAt'],
  },
  {
    name: 'invoice:refunds',
    summary: "List an invoice's refunds, newest first",
    flags: [{ name: 'id', required: true, help: 'invoice id' }, ...pageFlags],
    request: (v) => ({ method: 'GET', path: path`/invoices/${str(v, 'id')}/refunds`, query: pageQuery(v) }),
    columns: ['id', 'refundNumber', 'amount', 'status', 'reason', 'createdAt'],
  },
  approve('invoice:approve', 'invoice', 'invoices', 'Approve a DRAFT invoice (emits billing.invoice.created)'),
  approve(
    'credit-note:approve',
    'credit note',
    'credit-notes',
    'Approve a DRAFT credit note (re-checks the invoice balance)',
  ),
  approve('debit-note:approve', 'debit note', 'debit-notes', 'Approve a DRAFT debit note'),
  voidNote('credit-note:void', 'credit note', 'credit-notes'),
  voidNote('debit-note:void', 'debit note', 'debit-notes'),
];
