import { Router } from 'express';
import { UsageQuery } from '../../../application/access/commands.js';
import type { GatewayUseCases } from '../../../application/access/admit-request.js';
import { sendData } from '../envelope.js';
import { presentUsage } from '../gateway-presenters.js';
import { queryValidator } from '../../shared/validation.js';
import { callerOf } from './caller.js';

const usageQuery = queryValidator(UsageQuery);

/** `GET /usage` (any role): the caller's tenant's usage for a UTC month. */
export function createUsageRoutes(uc: GatewayUseCases): Router {
  const router = Router();
  router.get('/usage', async (req, res) => {
    sendData(res, presentUsage(await uc.getUsage.execute(callerOf(res).tenantId, usageQuery(req.query))));
  });
  return router;
}
