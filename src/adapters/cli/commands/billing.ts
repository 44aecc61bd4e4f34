import { path } from '../admin-api.js';
import { str, type CliCommand } from '../command.js';

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

/** Customers, invoice approval, credit and debit note approval and voiding. */
export const billingCommands: CliCommand[] = [
  {
    name: 'customer:create',
    summary: 'Create a customer',
    flags: [
      { name: 'tenant', required: true, help: 'tenant id' },
      { name: 'name', required: true, help: 'display name' },
      { name: 'email', help: 'email address' },
      { name: 'phone', help: 'phone number' },
    ],
    request: (v) => ({
      method: 'POST',
      path: path`/tenants/${str(v, 'tenant')}/customers`,
      body: { name: v.name, email: v.email, phone: v.phone },
    }),
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
