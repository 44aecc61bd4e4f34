import { parseArgs } from 'node:util';
import type { BackOfficeUseCases } from '../../application/back-office.js';
import { DomainError } from '../../domain/shared/errors.js';
import { isUuid } from '../../domain/shared/ids.js';

type FlagType = 'string' | 'number' | 'uuid';

interface Command {
  summary: string;
  flags: Record<string, { type: FlagType; required?: boolean; help: string }>;
  run(uc: BackOfficeUseCases, v: Record<string, string | number | undefined>): Promise<unknown>;
}

const s = (v: unknown) => v as string;

/** Every back-office operation, as `npm run admin -- <command> --flag value ...`. */
export const COMMANDS: Record<string, Command> = {
  'tenant:create': {
    summary: 'Create a tenant',
    flags: { name: { type: 'string', required: true, help: 'display name' } },
    run: (uc, v) => uc.createTenant.execute({ name: v.name }),
  },
  'branch:create': {
    summary: 'Create a branch of a tenant',
    flags: {
      tenant: { type: 'uuid', required: true, help: 'tenant id' },
      name: { type: 'string', required: true, help: 'display name' },
      code: { type: 'string', required: true, help: 'short code, e.g. HQ' },
    },
    run: (uc, v) => uc.createBranch.execute({ tenantId: s(v.tenant), name: v.name, code: v.code }),
  },
  'fiscal-year:create': {
    summary: 'Create a fiscal year (must not overlap another of the tenant)',
    flags: {
      tenant: { type: 'uuid', required: true, help: 'tenant id' },
      code: { type: 'string', required: true, help: 'code used in document numbers, e.g. 2026' },
      'starts-on': { type: 'string', required: true, help: 'first day, YYYY-MM-DD' },
      'ends-on': { type: 'string', required: true, help: 'last day, YYYY-MM-DD' },
    },
    run: (uc, v) =>
      uc.createFiscalYear.execute({
        tenantId: s(v.tenant),
        code: v.code,
        startsOn: v['starts-on'],
        endsOn: v['ends-on'],
      }),
  },
  'warehouse:create': {
    summary: 'Create a warehouse in a branch',
    flags: {
      tenant: { type: 'uuid', required: true, help: 'tenant id' },
      branch: { type: 'uuid', required: true, help: 'branch id' },
      name: { type: 'string', required: true, help: 'display name' },
    },
    run: (uc, v) => uc.createWarehouse.execute({ tenantId: s(v.tenant), branchId: s(v.branch), name: v.name }),
  },
  'product:create': {
    summary: 'Create a product',
    flags: {
      tenant: { type: 'uuid', required: true, help: 'tenant id' },
      name: { type: 'string', required: true, help: 'display name' },
      sku: { type: 'string', required: true, help: 'stock keeping unit, unique per tenant' },
      price: { type: 'number', required: true, help: 'unit price, > 0, at most 2 decimals' },
      'min-stock': { type: 'number', help: 'low-stock threshold (default 0)' },
      slug: { type: 'string', help: 'URL slug (default: from the name)' },
    },
    run: async (uc, v) =>
      (
        await uc.createProduct.execute({
          tenantId: s(v.tenant),
          name: v.name,
          sku: v.sku,
          price: v.price,
          minStock: v['min-stock'],
          slug: v.slug,
        })
      ).snapshot(),
  },
  'customer:create': {
    summary: 'Create a customer',
    flags: {
      tenant: { type: 'uuid', required: true, help: 'tenant id' },
      name: { type: 'string', required: true, help: 'display name' },
      email: { type: 'string', help: 'email address' },
      phone: { type: 'string', help: 'phone number' },
    },
    run: (uc, v) => uc.createCustomer.execute({ tenantId: s(v.tenant), name: v.name, email: v.email, phone: v.phone }),
  },
  'invoice:approve': {
    summary: 'Approve a DRAFT invoice (emits billing.invoice.created)',
    flags: { id: { type: 'uuid', required: true, help: 'invoice id' } },
    run: async (uc, v) => (await uc.approveInvoice.execute(s(v.id))).snapshot(),
  },
  'credit-note:approve': {
    summary: 'Approve a DRAFT credit note (re-checks the invoice balance)',
    flags: { id: { type: 'uuid', required: true, help: 'credit note id' } },
    run: async (uc, v) => (await uc.approveCreditNote.execute(s(v.id))).snapshot(),
  },
  'debit-note:approve': {
    summary: 'Approve a DRAFT debit note',
    flags: { id: { type: 'uuid', required: true, help: 'debit note id' } },
    run: async (uc, v) => (await uc.approveDebitNote.execute(s(v.id))).snapshot(),
  },
  'credit-note:void': {
    summary: 'Void a DRAFT credit note',
    flags: {
      id: { type: 'uuid', required: true, help: 'credit note id' },
      reason: { type: 'string', help: 'why it is voided' },
    },
    run: async (uc, v) => (await uc.voidCreditNote.execute(s(v.id), { reason: v.reason })).snapshot(),
  },
  'debit-note:void': {
    summary: 'Void a DRAFT debit note',
    flags: {
      id: { type: 'uuid', required: true, help: 'debit note id' },
      reason: { type: 'string', help: 'why it is voided' },
    },
    run: async (uc, v) => (await uc.voidDebitNote.execute(s(v.id), { reason: v.reason })).snapshot(),
  },
};

export function usage(): string {
  const lines = ['Usage: npm run admin -- <command> [--flag value ...]', '', 'Commands:'];
  for (const [name, cmd] of Object.entries(COMMANDS)) {
    lines.push(`  ${name.padEnd(22)} ${cmd.summary}`);
    for (const [flag, f] of Object.entries(cmd.flags)) {
      lines.push(`      --${flag.padEnd(16)} ${f.required ? '(required) ' : ''}${f.help}`);
    }
  }
  return lines.join('\n');
}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

/** Parses argv and runs one command. Returns the process exit code: 0 ok, 1 refused, 2 usage. */
export async function runAdminCli(argv: string[], uc: BackOfficeUseCases, io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    io.err(name && name !== 'help' && name !== '--help' ? `Unknown command "${name}"\n\n${usage()}` : usage());
    return 2;
  }
  let values: Record<string, string | number | undefined>;
  try {
    const parsed = parseArgs({
      args: rest,
      options: Object.fromEntries(Object.keys(command.flags).map((f) => [f, { type: 'string' as const }])),
      strict: true,
      allowPositionals: false,
    });
    values = {};
    for (const [flag, spec] of Object.entries(command.flags)) {
      const raw = parsed.values[flag] as string | undefined;
      if (raw === undefined) {
        if (spec.required) throw new Error(`--${flag} is required`);
        continue;
      }
      if (spec.type === 'number') {
        const n = Number(raw);
        if (raw.trim() === '' || !Number.isFinite(n)) throw new Error(`--${flag} must be a number`);
        values[flag] = n;
      } else if (spec.type === 'uuid' && !isUuid(raw)) {
        throw new Error(`--${flag} must be a UUID`);
      } else {
        values[flag] = raw;
      }
    }
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${usage()}`);
    return 2;
  }
  try {
    const result = await command.run(uc, values);
    io.out(JSON.stringify(result, null, 2));
    return 0;
  } catch (err) {
    if (err instanceof DomainError) {
      io.err(`${err.code}: ${err.message}`);
      return 1;
    }
    throw err;
  }
}
