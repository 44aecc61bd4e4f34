import type { SetupBackOffice } from '../../../../application/back-office.js';
import { adminRoute, presentPage } from '../route.js';
import {
  presentBranch,
  presentCustomer,
  presentFiscalYear,
  presentTenant,
  presentTenantDetail,
  presentWarehouse,
} from '../../presenters.js';
import { presentProduct } from '../../inventory-presenters.js';
import { FISCAL_YEAR_ORDER_RULE } from '../../../../domain/organization/fiscal-year.js';
import {
  CreateBranchBody,
  CreateFiscalYearBody,
  CreateTenantBody,
  CreateWarehouseBody,
  ListTenantsQuery,
  UpdateTenantBody,
} from '../../../../application/organization/commands.js';
import {
  BranchData,
  FiscalYearData,
  TenantData,
  TenantDetailData,
  WarehouseData,
} from '../../../shared/responses/organization.js';
import { CreateProductBody } from '../../../../application/inventory/commands.js';
import { ProductResponse } from '../../../shared/responses/inventory.js';
import { CreateCustomerBody } from '../../../../application/billing/commands.js';
import { CustomerData } from '../../../shared/responses/billing.js';
import { customerExample } from '../external/billing.js';

const ORGANIZATION = 'Back office: Organization';

/** The id of the example's branch (any of the tenant's will do). */
const BRANCH_ID = '9a1b2c3d-4e5f-4a6b-8c7d-6e5f4a3b2c1d';

/** A tenant's products and customers are listed under their contexts' tags. */
const INVENTORY = 'Back office: Inventory';
const BILLING = 'Back office: Billing';

const route = adminRoute<SetupBackOffice>();

/** The organization's set-up and its reads: tenants, branches, fiscal years, warehouses, products, customers. */
export const SETUP_ADMIN_ROUTES = [
  route({
    method: 'post',
    path: '/tenants',
    operationId: 'adminCreateTenant',
    access: { role: 'ADMIN', tenant: 'unscoped', audit: { action: 'tenant.create', target: 'tenant' } },
    summary: 'Create a tenant',
    tag: ORGANIZATION,
    body: CreateTenantBody,
    success: { status: 201, data: TenantData },
    errors: [400],
    example: { name: 'Acme Retail' },
    handle: async (uc, { body, audit }) => presentTenant(await uc.createTenant.execute(body, audit)),
  }),
  route({
    method: 'get',
    path: '/tenants',
    operationId: 'adminListTenants',
    access: { role: 'VIEWER', tenant: 'any' },
    summary: 'List tenants',
    description: '`search`: those whose name contains it.',
    tag: ORGANIZATION,
    query: ListTenantsQuery,
    success: { status: 200, data: TenantData, paginated: true },
    errors: [400],
    handle: async (uc, { query: { page, limit, search }, actor }) =>
      presentPage(
        await uc.listTenants.execute({ page, limit, search: search?.trim() || undefined }, actor.tenantIds),
        presentTenant,
      ),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId',
    operationId: 'adminGetTenant',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: 'Read a tenant',
    description: 'The tenant with its branches, fiscal years, warehouses and integrations (never a secret).',
    tag: ORGANIZATION,
    success: { status: 200, data: TenantDetailData },
    errors: [400, 404],
    handle: async (uc, { params }) => presentTenantDetail(await uc.getTenant.execute(params.tenantId)),
  }),
  route({
    method: 'patch',
    path: '/tenants/:tenantId',
    operationId: 'adminUpdateTenant',
    access: { role: 'ADMIN', tenant: 'path', audit: { action: 'tenant.update', target: 'tenant', id: 'tenantId' } },
    summary: 'Change a tenant',
    description:
      'Its name and/or `pricesIncludeTax`: false (the default) prices net, tax added on top of the line amounts; ' +
      'true prices gross, the tax included in them. The mode applies to invoices created afterwards.',
    tag: ORGANIZATION,
    body: UpdateTenantBody,
    success: { status: 200, data: TenantData },
    errors: [400, 404],
    example: { pricesIncludeTax: true },
    handle: async (uc, { params, body, audit }) =>
      presentTenant(await uc.updateTenant.execute(params.tenantId, body, audit)),
  }),
  route({
    method: 'post',
    path: '/tenants/:tenantId/branches',
    operationId: 'adminCreateBranch',
    access: { role: 'ADMIN', tenant: 'path', audit: { action: 'branch.create', target: 'branch' } },
    summary: 'Create a branch',
    description: 'The code is unique in the tenant (kept upper-case).',
    tag: ORGANIZATION,
    body: CreateBranchBody,
    success: { status: 201, data: BranchData },
    errors: [400, 404, 409],
    example: { name: 'Head office', code: 'HQ' },
    handle: async (uc, { params, body, audit }) =>
      presentBranch(await uc.createBranch.execute({ tenantId: params.tenantId, ...body }, audit)),
  }),
  route({
    method: 'post',
    path: '/tenants/:tenantId/fiscal-years',
    operationId: 'adminCreateFiscalYear',
    access: { role: 'ADMIN', tenant: 'path', audit: { action: 'fiscal-year.create', target: 'fiscal-year' } },
    rules: [{ field: 'startsOn', rule: FISCAL_YEAR_ORDER_RULE }],
    summary: 'Create a fiscal year',
    description: "Its code is unique in the tenant and its range overlaps none of the tenant's other years.",
    tag: ORGANIZATION,
    body: CreateFiscalYearBody,
    success: { status: 201, data: FiscalYearData },
    errors: [400, 404, 409],
    example: { code: '2026', startsOn: '2026-01-01', endsOn: '2026-12-31' },
    handle: async (uc, { params, body, audit }) =>
      presentFiscalYear(await uc.createFiscalYear.execute({ tenantId: params.tenantId, ...body }, audit)),
  }),
  route({
    method: 'post',
    path: '/tenants/:tenantId/warehouses',
    operationId: 'adminCreateWarehouse',
    access: { role: 'ADMIN', tenant: 'path', audit: { action: 'warehouse.create', target: 'warehouse' } },
    summary: 'Create a warehouse',
    tag: ORGANIZATION,
    body: CreateWarehouseBody,
    success: { status: 201, data: WarehouseData },
    errors: [400, 404],
    example: { branchId: BRANCH_ID, name: 'Main store' },
    handle: async (uc, { params, body, audit }) =>
      presentWarehouse(await uc.createWarehouse.execute({ tenantId: params.tenantId, ...body }, audit)),
  }),
  route({
    method: 'post',
    path: '/tenants/:tenantId/products',
    operationId: 'adminCreateProduct',
    access: { role: 'ADMIN', tenant: 'path', audit: { action: 'product.create', target: 'product' } },
    summary: 'Create a product of a tenant',
    tag: INVENTORY,
    body: CreateProductBody,
    success: { status: 201, data: ProductResponse },
    errors: [404, 409],
    example: { name: 'Blue mug', sku: 'MUG-001', price: 9.9, minStock: 5 },
    handle: async (uc, { params, body, audit }) =>
      presentProduct(await uc.createProduct.execute({ tenantId: params.tenantId, ...body }, audit)),
  }),
  route({
    method: 'post',
    path: '/tenants/:tenantId/customers',
    operationId: 'adminCreateCustomer',
    access: { role: 'ADMIN', tenant: 'path', audit: { action: 'customer.create', target: 'customer' } },
    summary: "Create a tenant's customer",
    tag: BILLING,
    body: CreateCustomerBody,
    success: { status: 201, data: CustomerData },
    errors: [400, 404],
    example: customerExample,
    handle: async (uc, { params, body, audit }) =>
      presentCustomer(await uc.createCustomer.execute({ tenantId: params.tenantId, ...body }, audit)),
  }),
];
