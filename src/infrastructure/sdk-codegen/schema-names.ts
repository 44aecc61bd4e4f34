import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, type TSchema } from '@sinclair/typebox';
import * as accessResponses from '../../adapters/shared/responses/access.js';
import * as approvalsResponses from '../../adapters/shared/responses/approvals.js';
import * as billingResponses from '../../adapters/shared/responses/billing.js';
import * as billingNoteResponses from '../../adapters/shared/responses/billing-notes.js';
import * as commonResponses from '../../adapters/shared/responses/common.js';
import * as eventResponses from '../../adapters/shared/responses/events.js';
import * as gatewayResponses from '../../adapters/shared/responses/gateway.js';
import * as inventoryResponses from '../../adapters/shared/responses/inventory.js';
import * as logisticsResponses from '../../adapters/shared/responses/logistics.js';
import * as organizationResponses from '../../adapters/shared/responses/organization.js';
import * as staffResponses from '../../adapters/shared/responses/staff.js';
import * as webhookResponses from '../../adapters/shared/responses/webhooks.js';
import * as accessCommands from '../../application/access/commands.js';
import * as approvalsCommands from '../../application/approvals/commands.js';
import * as billingCommands from '../../application/billing/commands.js';
import * as inventoryCommands from '../../application/inventory/commands.js';
import * as logisticsCommands from '../../application/logistics/commands.js';
import * as organizationCommands from '../../application/organization/commands.js';
import * as staffCommands from '../../application/staff/commands.js';
import * as webhookCommands from '../../application/webhooks/commands.js';

/**
 * The generated module a named type is written in, relative to packages/sdk/src/generated/ and
 * without extension: `requests` for request types, `responses/<module>` for response types
 * (after the file of src/adapters/shared/responses/ that declares them).
 */
export type TypeFile = string;

export interface SchemaName {
  name: string;
  file: TypeFile;
}

/** Schema object → the SDK type it is written as, found by identity. */
export type SchemaNames = Map<object, SchemaName>;

type Module = Record<string, unknown>;

/**
 * Every src/application/<context>/commands.ts, by context. Imported here rather than found at
 * run time: a module imported twice (by a test runner's two loaders) would hold other schema
 * objects than the routes do. `checkModuleLists` fails when a file is missing from a list.
 */
const COMMANDS: Record<string, Module> = {
  access: accessCommands,
  approvals: approvalsCommands,
  billing: billingCommands,
  inventory: inventoryCommands,
  logistics: logisticsCommands,
  organization: organizationCommands,
  staff: staffCommands,
  webhooks: webhookCommands,
};

/** Every src/adapters/shared/responses/<module>.ts, by module. */
const RESPONSES: Record<string, Module> = {
  access: accessResponses,
  approvals: approvalsResponses,
  billing: billingResponses,
  'billing-notes': billingNoteResponses,
  common: commonResponses,
  events: eventResponses,
  gateway: gatewayResponses,
  inventory: inventoryResponses,
  logistics: logisticsResponses,
  organization: organizationResponses,
  staff: staffResponses,
  webhooks: webhookResponses,
};

const SRC = fileURLToPath(new URL('../../', import.meta.url));

/** Fails when a commands or responses file of the service is not in the lists above. */
function checkModuleLists(): void {
  const application = join(SRC, 'application');
  const contexts = readdirSync(application, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(application, d.name, 'commands.ts')))
    .map((d) => d.name);
  const responses = readdirSync(join(SRC, 'adapters/shared/responses'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.slice(0, -'.ts'.length));
  const missing = [
    ...contexts.filter((c) => !(c in COMMANDS)).map((c) => `src/application/${c}/commands.ts`),
    ...responses.filter((m) => !(m in RESPONSES)).map((m) => `src/adapters/shared/responses/${m}.ts`),
  ];
  if (missing.length > 0) {
    throw new Error(`Import ${missing.join(', ')} in src/infrastructure/sdk-codegen/schema-names.ts`);
  }
}

export function isSchema(value: unknown): value is TSchema {
  return typeof value === 'object' && value !== null && Kind in value;
}

/**
 * Whether a schema gets a type of its own: an object, or a list or choice of objects. A scalar
 * (an id, a timestamp, a nullable string) is written inline wherever it is used.
 */
export function describesObjects(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const s = schema as { type?: unknown; items?: unknown; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[] };
  if (s.type === 'object') return true;
  if (s.type === 'array') return describesObjects(s.items);
  return [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].some(describesObjects);
}

/** A response schema's type name: its export name without `Data` or `Response` (`InvoiceData` → `Invoice`). */
export function responseTypeName(exportName: string): string {
  return exportName.replace(/(Data|Response)$/, '') || exportName;
}

function exportedSchemas(module: Module): [string, TSchema][] {
  return Object.entries(module)
    .filter((entry): entry is [string, TSchema] => isSchema(entry[1]) && describesObjects(entry[1]))
    .sort(([a], [b]) => a.localeCompare(b));
}

function add(names: SchemaNames, schema: TSchema, name: SchemaName, taken: Map<string, object>): void {
  if (names.has(schema)) return; // exported twice: the first name stands
  const holder = taken.get(name.name);
  if (holder !== undefined && holder !== schema) {
    throw new Error(`Two different schemas would both be the SDK type ${name.name}: rename one of the exports`);
  }
  taken.set(name.name, schema);
  names.set(schema, name);
}

/**
 * The names of the SDK's types, by schema identity: the request schemas exported by
 * src/application/<context>/commands.ts under their export names, and the response schemas
 * exported by src/adapters/shared/responses/*.ts under their export names less `Data` or
 * `Response`.
 */
export function loadSchemaNames(): SchemaNames {
  checkModuleLists();
  const names: SchemaNames = new Map();
  const taken = new Map<string, object>();
  for (const context of Object.keys(COMMANDS).sort()) {
    for (const [name, schema] of exportedSchemas(COMMANDS[context]!)) {
      add(names, schema, { name, file: 'requests' }, taken);
    }
  }
  for (const module of Object.keys(RESPONSES).sort()) {
    for (const [exportName, schema] of exportedSchemas(RESPONSES[module]!)) {
      add(names, schema, { name: responseTypeName(exportName), file: `responses/${module}` }, taken);
    }
  }
  return names;
}
