import { Router } from 'express';
import { SetTenantPlanBody, UsageQuery } from '../../application/access/commands.js';
import type { GatewayBackOffice } from '../../application/back-office.js';
import { sendData } from './envelope.js';
import { presentPlan, presentUsage } from './gateway-presenters.js';
import { uuidParam } from './params.js';
import { bodyValidator, queryValidator } from '../shared/validation.js';

const planBody = bodyValidator(SetTenantPlanBody);
const usageQuery = queryValidator(UsageQuery);

/** Back-office plans and usage: a tenant's plan, and its usage by month. */
export function createAdminGatewayRoutes(uc: GatewayBackOffice): Router {
  const router = Router();

  router.put('/tenants/:tenantId/plan', async (req, res) => {
    const tenantId = uuidParam(req.params.tenantId, 'tenantId');
    sendData(res, presentPlan(tenantId, await uc.setTenantPlan.execute(tenantId, planBody(req.body))));
  });

  router.get('/tenants/:tenantId/usage', async (req, res) => {
    const tenantId = uuidParam(req.params.tenantId, 'tenantId');
    sendData(res, presentUsage(await uc.getUsage.execute(tenantId, usageQuery(req.query))));
  });

  return router;
}
