import { Type } from '@sinclair/typebox';
import { IntegrationData } from './access.js';
import { Id, Timestamp } from './common.js';

/**
 * The `data` of the back office's organization answers: tenants, branches,
 * fiscal years, warehouses, and a tenant read with its set-up records (never a secret).
 */

export const TenantData = Type.Object(
  {
    id: Id,
    name: Type.String({ examples: ['Acme Retail'] }),
    pricesIncludeTax: Type.Boolean({
      description: "Whether the tenant's prices include tax (gross pricing); false: tax is added on top (net).",
    }),
    createdAt: Timestamp,
  },
  { additionalProperties: false, description: 'A tenant (one business using the service).' },
);

export const BranchData = Type.Object(
  { id: Id, tenantId: Id, name: Type.String(), code: Type.String({ examples: ['HQ'] }), createdAt: Timestamp },
  { additionalProperties: false, description: 'A branch of a tenant (its code is kept upper-case).' },
);

export const FiscalYearData = Type.Object(
  {
    id: Id,
    tenantId: Id,
    code: Type.String({ examples: ['2026'] }),
    startsOn: Type.String({ format: 'date' }),
    endsOn: Type.String({ format: 'date' }),
    createdAt: Timestamp,
  },
  { additionalProperties: false, description: 'A fiscal year of a tenant: the closed range [startsOn, endsOn].' },
);

export const WarehouseData = Type.Object(
  { id: Id, tenantId: Id, branchId: Id, name: Type.String(), createdAt: Timestamp },
  { additionalProperties: false, description: 'A warehouse of a branch.' },
);

/** `GET /api/v1/external/warehouses`: what an integrator needs of a warehouse. */
export const WarehouseSummaryData = Type.Object(
  { id: Id, name: Type.String({ examples: ['Main'] }), branchId: Id },
  { additionalProperties: false, description: "A warehouse of the caller's tenant." },
);

export const TenantDetailData = Type.Object(
  {
    ...TenantData.properties,
    branches: Type.Array(BranchData),
    fiscalYears: Type.Array(FiscalYearData),
    warehouses: Type.Array(WarehouseData),
    integrations: Type.Array(IntegrationData),
  },
  {
    additionalProperties: false,
    description: 'A tenant with its branches, fiscal years, warehouses and integrations.',
  },
);
