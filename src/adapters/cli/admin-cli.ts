import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import {
  CreateIntegrationBody,
  RotateClientSecretBody,
  UpdateIntegrationBody,
} from '../../application/access/commands.js';
import type { BackOfficeUseCases } from '../../application/back-office.js';
import {
  CreateBranchBody,
  CreateFiscalYearBody,
  CreateTenantBody,
  CreateWarehouseBody,
} from '../../application/organization/commands.js';
import { CreateProductBody, RejectAdjustmentBody } from '../../application/inventory/commands.js';
import {
  presentCreatedIntegration,
  presentIntegration,
  presentRotatedSecret,
  presentUpdatedIntegration,
} from '../shared/access-presenters.js';
import { bodyValidator } from '../shared/validation.js';

const tenantBody = bodyValidator(CreateTenantBody);
const branchBody = bodyValidator(CreateBranchBody);
const fiscalYearBody = bodyValidator(CreateFiscalYearBody);
const warehouseBody = bodyValidator(CreateWarehouseBody);
const integrationBody = bodyValidator(CreateIntegrationBody);
const integrationChanges = bodyValidator(UpdateIntegrationBody);
const rotateBody = bodyValidator(RotateClientSecretBody);
import { ADJUSTMENT_STATUSES, type AdjustmentStatus } from '../../domain/inventory/adjustment-request.js';
import { DomainError } from '../../domain/shared/errors.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../domain/webhooks/delivery.machine.js';
import { isUuid } from '../../domain/shared/ids.js';
import { invoiceView, noteView } from '../shared/billing-views.js';
import { API_KEY_COMMANDS } from './api-key-commands.js';

type FlagType = 'string' | 'number' | 'uuid' | 'integer' | 'boolean';

interface Flag {
  type: FlagType;
  required?: boolean;
  help: string;
  /** For `integer`: inclusive bounds. */
  min?: number;
  max?: number;
  /** For `string`: the only values allowed. */
  choices?: readonly string[];
}

interface Command {
  summary: string;
  flags: Record<string, Flag>;
  run(uc: BackOfficeUseCases, v: Record<string, string | number | boolean | undefined>): Promise<unknown>;
}

const s = (v: unknown) => v as string;

/** The flags given, as a body for one of the commands' schemas (absent flags left out). */
const given = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

const createProductBody = bodyValidator(CreateProductBody);
const rejectBody = bodyValidator(RejectAdjustmentBody);

/** Who decided, as kept on the request and the ledger: `--by`, else `cli:<os user>`. */
function actorOf(v: Record<string, string | number | boolean | undefined>): string {
  if (typeof v.by === 'string') return v.by;
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

const pageFlags = {
  page: { type: 'integer', min: 1, help: 'page number (default 1)' },
  limit: { type: 'integer', min: 1, max: 100, help: 'page size, 1 to 100 (default 10)' },
} as const satisfies Record<string, Flag>;

const pageOf = (v: Record<string, string | number | boolean | undefined>) => ({
  page: (v.page as number | undefined) ?? 1,
  limit: (v.limit as number | undefined) ?? 10,
});

const byFlag: Flag = { type: 'string', help: 'who decides (default: cli:<os user>)' };

/** Every back-office operation, as `npm run admin -- <command> --flag value ...`. */
export const COMMANDS: Record<string, Command> = {
  'tenant:create': {
    summary: 'Create a tenant',
    flags: { name: { type: 'string', required: true, help: 'display name' } },
    run: (uc, v) => uc.createTenant.execute(tenantBody(given({ name: v.name }))),
  },
  'branch:create': {
    summary: 'Create a branch of a tenant',
    flags: {
      tenant: { type: 'uuid', required: true, help: 'tenant id' },
      name: { type: 'string', required: true, help: 'display name' },
      code: { type: 'string', required: true, help: 'short code, e.g. HQ' },
    },
    run: (uc, v) =>
      uc.createBranch.execute({ tenantId: s(v.tenant), ...branchBody(given({ name: v.name, code: v.code })) }),
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
        ...fiscalYearBody(given({ code: v.code, startsOn: v['starts-on'], endsOn: v['ends-on'] })),
      }),
  },
  'warehouse:create': {
    summary: 'Create a warehouse in a branch',
    flags: {
      tenant: { type: 'uuid', required: true, help: 'tenant id' },
      branch: { type: 'uuid', required: true, help: 'branch id' },
      name: { type: 'string', required: true, help: 'display name' },
    },
    run: (uc, v) =>
      uc.createWarehouse.execute({
        tenantId: s(v.tenant),
        ...warehouseBody(given({ branchId: v.branch, name: v.name })),
      }),
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
          ...createProductBody(
            given({ name: v.name, sku: v.sku, price: v.price, minStock: v['min-stock'], slug: v.slug }),
          ),
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
    run: (uc, v) =>
      uc.createCustomer.execute({
        tenantId: s(v.tenant),
        name: s(v.name),
        email: v.email as string | undefined,
        phone: v.phone as string | undefined,
      }),
  },
  'integration:create': {
    summary: 'Create an integration; prints its client secret (and webhook secret) once',
    flags: {
      tenant: { type: 'uuid', required: true, help: 'tenant id' },
      branch: { type: 'uuid', required: true, help: 'branch id' },
      'fiscal-year': { type: 'uuid', required: true, help: 'fiscal year id' },
      role: { type: 'string', required: true, help: 'ADMIN, INVENTORY, BILLING or READ_ONLY' },
      'client-name': { type: 'string', required: true, help: 'display name' },
      'allowed-ips': { type: 'string', help: 'comma-separated addresses / CIDR blocks' },
      'webhook-url': { type: 'string', help: 'https endpoint for events' },
      'webhook-events': { type: 'string', help: 'comma-separated event names (default: all)' },
      'require-signed-reads': { type: 'boolean', help: 'require x-signature on GET' },
    },
    run: async (uc, v) => {
      const created = await uc.createIntegration.execute(
        integrationBody(
          given({
            tenantId: v.tenant,
            branchId: v.branch,
            fiscalYearId: v['fiscal-year'],
            role: v.role,
            clientName: v['client-name'],
            allowedIps: v['allowed-ips'],
            webhookUrl: v['webhook-url'],
            webhookEvents: v['webhook-events'],
            requireSignedReads: v['require-signed-reads'],
          }),
        ),
      );
      return presentCreatedIntegration(created);
    },
  },
  'integration:list': {
    summary: "List a tenant's integrations (no secrets)",
    flags: { tenant: { type: 'uuid', required: true, help: 'tenant id' } },
    run: async (uc, v) => (await uc.listIntegrations.execute({ tenantId: s(v.tenant) })).map(presentIntegration),
  },
  'integration:update': {
    summary: 'Change an integration (a first webhook URL prints its new webhook secret once)',
    flags: {
      id: { type: 'uuid', required: true, help: 'integration id' },
      active: { type: 'boolean', help: 'true or false' },
      'allowed-ips': { type: 'string', help: 'comma-separated addresses / CIDR blocks ("" for none)' },
      'webhook-url': { type: 'string', help: 'https endpoint ("" to remove)' },
      'webhook-events': { type: 'string', help: 'comma-separated event names ("" for all)' },
      'require-signed-reads': { type: 'boolean', help: 'true or false' },
    },
    run: async (uc, v) => {
      const changes = integrationChanges(
        given({
          active: v.active,
          allowedIps: v['allowed-ips'],
          webhookUrl: v['webhook-url'],
          webhookEvents: v['webhook-events'] === '' ? null : v['webhook-events'],
          requireSignedReads: v['require-signed-reads'],
        }),
      );
      return presentUpdatedIntegration(await uc.updateIntegration.execute(s(v.id), changes));
    },
  },
  'integration:rotate-secret': {
    summary: 'Issue a new client secret (printed once); the old one works during the overlap',
    flags: {
      id: { type: 'uuid', required: true, help: 'integration id' },
      'overlap-seconds': { type: 'number', help: 'how long the old secret keeps working (default 86400)' },
    },
    run: async (uc, v) => {
      const command = rotateBody(given({ overlapSeconds: v['overlap-seconds'] }));
      return presentRotatedSecret(await uc.rotateClientSecret.execute(s(v.id), command));
    },
  },
  'adjustment:list': {
    summary: "List a tenant's stock adjustment requests, newest first",
    flags: {
      tenant: { type: 'uuid', required: true, help: 'tenant id' },
      status: { type: 'string', choices: ADJUSTMENT_STATUSES, help: 'PENDING, APPROVED or REJECTED' },
      ...pageFlags,
    },
    run: (uc, v) =>
      uc.listAdjustments.execute(
        { tenantId: s(v.tenant) },
        { status: v.status as AdjustmentStatus | undefined, ...pageOf(v) },
      ),
  },
  'adjustment:approve': {
    summary: 'Approve a PENDING stock adjustment request: apply it to the stock and the ledger',
    flags: { id: { type: 'uuid', required: true, help: 'request id' }, by: byFlag },
    run: async (uc, v) => (await uc.approveAdjustment.execute({ id: s(v.id), approvedBy: actorOf(v) })).snapshot(),
  },
  'adjustment:reject': {
    summary: 'Reject a PENDING stock adjustment request',
    flags: {
      id: { type: 'uuid', required: true, help: 'request id' },
      reason: { type: 'string', required: true, help: 'why it is rejected' },
      by: byFlag,
    },
    run: async (uc, v) =>
      (
        await uc.rejectAdjustment.execute({
          id: s(v.id),
          reason: rejectBody(given({ reason: v.reason })).reason,
          rejectedBy: actorOf(v),
        })
      ).snapshot(),
  },
  'ledger:list': {
    summary: "A product's stock ledger (every warehouse), newest first",
    flags: {
      tenant: { type: 'uuid', required: true, help: 'tenant id' },
      product: { type: 'uuid', required: true, help: 'product id' },
      ...pageFlags,
    },
    run: (uc, v) => uc.listStockLedger.execute({ tenantId: s(v.tenant), productId: s(v.product), ...pageOf(v) }),
  },
  'invoice:approve': {
    summary: 'Approve a DRAFT invoice (emits billing.invoice.created)',
    flags: { id: { type: 'uuid', required: true, help: 'invoice id' } },
    run: async (uc, v) => invoiceView(await uc.approveInvoice.execute(s(v.id))),
  },
  'credit-note:approve': {
    summary: 'Approve a DRAFT credit note (re-checks the invoice balance)',
    flags: { id: { type: 'uuid', required: true, help: 'credit note id' } },
    run: async (uc, v) => noteView(await uc.approveCreditNote.execute(s(v.id))),
  },
  'debit-note:approve': {
    summary: 'Approve a DRAFT debit note',
    flags: { id: { type: 'uuid', required: true, help: 'debit note id' } },
    run: async (uc, v) => noteView(await uc.approveDebitNote.execute(s(v.id))),
  },
  'credit-note:void': {
    summary: 'Void a DRAFT credit note',
    flags: {
      id: { type: 'uuid', required: true, help: 'credit note id' },
      reason: { type: 'string', help: 'why it is voided' },
    },
    run: async (uc, v) =>
      noteView(await uc.voidCreditNote.execute(s(v.id), { reason: v.reason as string | undefined })),
  },
  'debit-note:void': {
    summary: 'Void a DRAFT debit note',
    flags: {
      id: { type: 'uuid', required: true, help: 'debit note id' },
      reason: { type: 'string', help: 'why it is voided' },
    },
    run: async (uc, v) => noteView(await uc.voidDebitNote.execute(s(v.id), { reason: v.reason as string | undefined })),
  },
  'webhook:resume': {
    summary: "Resume an integration's paused webhook endpoint (HELD deliveries are sent again)",
    flags: {
      id: { type: 'uuid', required: true, help: 'integration id' },
      'replay-dead-letters': { type: 'boolean', help: 'also replay its DEAD deliveries (true or false)' },
    },
    run: async (uc, v) => {
      const r = await uc.resumeWebhook.execute(s(v.id), { replayDeadLetters: v['replay-dead-letters'] === true });
      return { integration: presentIntegration(r.integration), requeued: r.requeued, replayed: r.replayed };
    },
  },
  'webhook:deliveries': {
    summary: "List an integration's webhook deliveries with their attempts, newest first",
    flags: {
      id: { type: 'uuid', required: true, help: 'integration id' },
      status: { type: 'string', choices: DELIVERY_STATUSES, help: DELIVERY_STATUSES.join(', ') },
      ...pageFlags,
    },
    run: async (uc, v) => {
      const status = v.status as DeliveryStatus | undefined;
      const result = await uc.listDeliveries.execute(s(v.id), { ...pageOf(v), ...(status ? { status } : {}) });
      return {
        data: result.items,
        pagination: { total: result.total, page: result.page, limit: result.limit },
      };
    },
  },
  'delivery:replay': {
    summary: 'Replay one DEAD or DELIVERED webhook delivery (same id, fresh retry schedule)',
    flags: { id: { type: 'uuid', required: true, help: 'delivery id' } },
    run: (uc, v) => uc.replayDelivery.execute(s(v.id)),
  },
  'webhook:ping': {
    summary: "Send a webhook.ping event to an integration's endpoint now and show the outcome",
    flags: { id: { type: 'uuid', required: true, help: 'integration id' } },
    run: (uc, v) => uc.pingWebhook.execute(s(v.id)),
  },
  ...API_KEY_COMMANDS,
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
  let values: Record<string, string | number | boolean | undefined>;
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
      } else if (spec.type === 'boolean') {
        if (raw !== 'true' && raw !== 'false') throw new Error(`--${flag} must be true or false`);
        values[flag] = raw === 'true';
      } else if (spec.type === 'integer') {
        const n = Number(raw);
        if (!/^-?\d+$/.test(raw.trim()) || n < (spec.min ?? -Infinity) || n > (spec.max ?? Infinity)) {
          const range =
            spec.min !== undefined && spec.max !== undefined
              ? ` from ${spec.min} to ${spec.max}`
              : spec.min !== undefined
                ? ` of at least ${spec.min}`
                : '';
          throw new Error(`--${flag} must be an integer${range}`);
        }
        values[flag] = n;
      } else if (spec.type === 'uuid' && !isUuid(raw)) {
        throw new Error(`--${flag} must be a UUID`);
      } else if (spec.choices && !spec.choices.includes(raw)) {
        throw new Error(`--${flag} must be one of ${spec.choices.join(', ')}`);
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
