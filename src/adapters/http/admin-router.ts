import { Router } from 'express';
import type { SetupBackOffice } from '../../application/back-office.js';
import { CreateCustomerBody } from '../../application/billing/commands.js';
import { CreateProductBody } from '../../application/inventory/commands.js';
import {
  CreateBranchBody,
  CreateFiscalYearBody,
  CreateTenantBody,
  CreateWarehouseBody,
} from '../../application/organization/commands.js';
import { adminAuth } from './admin-auth.js';
import { createAdminTenantReadRoutes } from './admin-tenant-read-routes.js';
import { sendData } from './envelope.js';
import { uuidParam } from './params.js';
import { presentProduct } from './inventory-presenters.js';
import { presentBranch, presentCustomer, presentFiscalYear, presentTenant, presentWarehouse } from './presenters.js';
import { bodyValidator } from '../shared/validation.js';

const tenantBody = bodyValidator(CreateTenantBody);
const branchBody = bodyValidator(CreateBranchBody);
const fiscalYearBody = bodyValidator(CreateFiscalYearBody);
const warehouseBody = bodyValidator(CreateWarehouseBody);

const productBody = bodyValidator(CreateProductBody);

const customerBody = bodyValidator(CreateCustomerBody);

/**
 * The back-office API: its setup routes (thin: parse, call one use case,
 * present), then each context's admin routes, all behind the admin token.
 */
export function createAdminRouter(adminToken: string, uc: SetupBackOffice, contexts: Router[]): Router {
  const router = Router();
  router.use(adminAuth(adminToken));

  router.post('/tenants', async (req, res) => {
    const tenant = await uc.createTenant.execute(tenantBody(req.body));
    sendData(res, presentTenant(tenant), 201);
  });

  router.post('/tenants/:tenantId/branches', async (req, res) => {
    const tenantId = uuidParam(req.params.tenantId, 'tenantId');
    const branch = await uc.createBranch.execute({ tenantId, ...branchBody(req.body) });
    sendData(res, presentBranch(branch), 201);
  });

  router.post('/tenants/:tenantId/fiscal-years', async (req, res) => {
    const tenantId = uuidParam(req.params.tenantId, 'tenantId');
    const year = await uc.createFiscalYear.execute({ tenantId, ...fiscalYearBody(req.body) });
    sendData(res, presentFiscalYear(year), 201);
  });

  router.post('/tenants/:tenantId/warehouses', async (req, res) => {
    const tenantId = uuidParam(req.params.tenantId, 'tenantId');
    const warehouse = await uc.createWarehouse.execute({ tenantId, ...warehouseBody(req.body) });
    sendData(res, presentWarehouse(warehouse), 201);
  });

  router.post('/tenants/:tenantId/products', async (req, res) => {
    const tenantId = uuidParam(req.params.tenantId, 'tenantId');
    const product = await uc.createProduct.execute({ tenantId, ...productBody(req.body) });
    sendData(res, presentProduct(product), 201);
  });

  router.post('/tenants/:tenantId/customers', async (req, res) => {
    const tenantId = uuidParam(req.params.tenantId, 'tenantId');
    const customer = await uc.createCustomer.execute({ tenantId, ...customerBody(req.body) });
    sendData(res, presentCustomer(customer), 201);
  });

  router.use(createAdminTenantReadRoutes(uc));
  for (const context of contexts) router.use(context);
  return router;
}
