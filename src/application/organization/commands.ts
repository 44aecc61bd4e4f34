import { Type, type Static } from '@sinclair/typebox';
import { AtLeastOneOf, CalendarDate, Name, PageQueryFields, Uuid } from '../shared/schemas.js';

/**
 * The back-office inputs of the organization context, each declared once: the
 * admin API and the command-line tool compile these schemas (src/adapters/shared/validation.ts)
 * and the use cases take their static types. The tenant comes from the path, never the body.
 */

/** A branch's or a fiscal year's short code (`HQ`, `2026`). */
const Code = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,20}$',
  'x-message': 'code must be 1 to 20 letters, digits, "-" or "_"',
});

export const CreateTenantBody = Type.Object({ name: Name }, { additionalProperties: false });
export type CreateTenantCommand = Static<typeof CreateTenantBody>;

/**
 * `PATCH /api/v1/admin/tenants/:tenantId`: its name and/or whether its prices include tax (gross
 * pricing; net, tax on top, is the default), at least one.
 */
export const UpdateTenantBody = Type.Object(
  { name: Type.Optional(Name), pricesIncludeTax: Type.Optional(Type.Boolean()) },
  {
    additionalProperties: false,
    ...AtLeastOneOf(['name', 'pricesIncludeTax']),
    'x-message': 'At least one of name or pricesIncludeTax must be given',
  },
);
export type UpdateTenantCommand = Static<typeof UpdateTenantBody>;

export const CreateBranchBody = Type.Object({ name: Name, code: Code }, { additionalProperties: false });
export type CreateBranchCommand = Static<typeof CreateBranchBody> & { tenantId: string };

export const CreateFiscalYearBody = Type.Object(
  { code: Code, startsOn: CalendarDate('startsOn'), endsOn: CalendarDate('endsOn') },
  { additionalProperties: false },
);
export type CreateFiscalYearCommand = Static<typeof CreateFiscalYearBody> & { tenantId: string };

export const CreateWarehouseBody = Type.Object({ branchId: Uuid, name: Name }, { additionalProperties: false });
export type CreateWarehouseCommand = Static<typeof CreateWarehouseBody> & { tenantId: string };

/** `GET /api/v1/admin/tenants`: a page of tenants, optionally those whose name contains `search`. */
export const ListTenantsQuery = Type.Object({
  ...PageQueryFields,
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ListTenantsQuery = Static<typeof ListTenantsQuery>;

/** `GET /api/v1/external/warehouses`: a page of the caller's tenant's warehouses. */
export const ListWarehousesQuery = Type.Object({ ...PageQueryFields });
export type ListWarehousesQuery = Static<typeof ListWarehousesQuery>;
