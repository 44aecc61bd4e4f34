import { Router } from 'express';
import type { SetupBackOffice } from '../../application/back-office.js';
import { adminAuth } from './admin-auth.js';
import { sendData } from './envelope.js';
import { uuidParam } from './params.js';
import { presentCustomer, presentProduct } from './presenters.js';
import { bodyValidator, schemas } from '../shared/validation.js';

const tenantBody = bodyValidator<{ name: string }>({
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: schemas.name },
});

const branchBody = bodyValidator<{ name: string; code: string }>({
  type: 'object',
  additionalProperties: false,
  required: ['name', 'code'],
  properties: {
    name: schemas.name,
    code: {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]{1,20}$',
      'x-message': 'code must be 1 to 20 letters, digits, "-" or "_"',
    },
  },
});

const fiscalYearBody = bodyValidator<{ code: string; startsOn: string; endsOn: string }>({
  type: 'object',
  additionalProperties: false,
  required: ['code', 'startsOn', 'endsOn'],
  properties: {
    code: {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]{1,20}$',
      'x-message': 'code must be 1 to 20 letters, digits, "-" or "_"',
    },
    startsOn: { type: 'string', format: 'date', 'x-message': 'startsOn must be a date in the form YYYY-MM-DD' },
    endsOn: { type: 'string', format: 'date', 'x-message': 'endsOn must be a date in the form YYYY-MM-DD' },
  },
});

const warehouseBody = bodyValidator<{ branchId: string; name: string }>({
  type: 'object',
  additionalProperties: false,
  required: ['branchId', 'name'],
  properties: { branchId: schemas.uuid, name: schemas.name },
});

const productBody = bodyValidator<{ name: string; sku: string; price: number; minStock?: number; slug?: string }>({
  type: 'object',
  additionalProperties: false,
  required: ['name', 'sku', 'price'],
  properties: {
    name: schemas.name,
    sku: { type: 'string', minLength: 1, maxLength: 64 },
    price: { ...schemas.money, 'x-message': 'price must be a positive number with at most 2 decimals' },
    minStock: { type: 'number', minimum: 0, maxDecimals: 3 },
    slug: {
      type: 'string',
      pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
      maxLength: 200,
      'x-message': 'slug must be lowercase letters and digits separated by "-"',
    },
  },
});

const customerBody = bodyValidator<{ name: string; email?: string; phone?: string }>({
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: schemas.name,
    email: { type: 'string', format: 'email', maxLength: 254 },
    phone: { type: 'string', pattern: '^\\+?[0-9 ()-]{3,32}$', 'x-message': 'phone must be a valid phone number' },
  },
});

/**
 * The back-office API of CONTRACT §5: its setup routes (thin: parse, call one use case,
 * present), then each context's admin routes, all behind the admin token.
 */
export function createAdminRouter(adminToken: string, uc: SetupBackOffice, contexts: Router[]): Router {
  const router = Router();
  router.use(adminAuth(adminToken));

  router.post('/tenants', async (req, res) => {
    const body = tenantBody(req.body);
    const tenant = await uc.createTenant.execute(body);
    sendData(res, { id: tenant.id, name: tenant.name, createdAt: tenant.createdAt.toISOString() }, 201);
  });

  router.post('/tenants/:tenantId/branches', async (req, res) => {
    const tenantId = uuidParam(req.params.tenantId, 'tenantId');
    const branch = await uc.createBranch.execute({ tenantId, ...branchBody(req.body) });
    sendData(
      res,
      { id: branch.id, tenantId, name: branch.name, code: branch.code, createdAt: branch.createdAt.toISOString() },
      201,
    );
  });

  router.post('/tenants/:tenantId/fiscal-years', async (req, res) => {
    const tenantId = uuidParam(req.params.tenantId, 'tenantId');
    const y = await uc.createFiscalYear.execute({ tenantId, ...fiscalYearBody(req.body) });
    sendData(
      res,
      {
        id: y.id,
        tenantId,
        code: y.code,
        startsOn: y.startsOn,
        endsOn: y.endsOn,
        createdAt: y.createdAt.toISOString(),
      },
      201,
    );
  });

  router.post('/tenants/:tenantId/warehouses', async (req, res) => {
    const tenantId = uuidParam(req.params.tenantId, 'tenantId');
    const w = await uc.createWarehouse.execute({ tenantId, ...warehouseBody(req.body) });
    sendData(
      res,
      { id: w.id, tenantId, branchId: w.branchId, name: w.name, createdAt: w.createdAt.toISOString() },
      201,
    );
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

  for (const context of contexts) router.use(context);
  return router;
}
