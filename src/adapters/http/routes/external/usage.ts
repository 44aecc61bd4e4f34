import type { GatewayUseCases } from '../../../../application/access/admit-request.js';
import { externalRoute } from '../route.js';
import { presentUsage } from '../../gateway-presenters.js';
import { UsageQuery } from '../../../../application/access/commands.js';
import { UsageResponse } from '../../../shared/responses/gateway.js';

const route = externalRoute<GatewayUseCases>();

/** The gateway's own external route: the caller's usage (any role). */
export const USAGE_ROUTES = [
  route({
    method: 'get',
    path: '/usage',
    operationId: 'getUsage',
    access: ['any'],
    summary: "The caller's tenant's usage for a UTC month",
    description:
      "Calls counted per tenant and integration under the tenant's plan (any role). `month` is `YYYY-MM`; absent, the current UTC month.",
    tag: 'Usage',
    query: UsageQuery,
    success: { status: 200, data: UsageResponse },
    handle: async (uc, { caller, query }) => presentUsage(await uc.getUsage.execute(caller.tenantId, query)),
  }),
];
