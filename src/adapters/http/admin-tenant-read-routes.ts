import { Router } from 'express';
import type { SetupBackOffice } from '../../application/back-office.js';
import { sendData, sendPage } from './envelope.js';
import { presentTenant, presentTenantDetail } from './presenters.js';
import { uuidParam } from './params.js';
import { ListTenantsQuery } from '../../application/organization/commands.js';
import { queryValidator } from '../shared/validation.js';

const tenantsQuery = queryValidator(ListTenantsQuery);

/** The back office reads what it set up: tenants, and one tenant with its records. */
export function createAdminTenantReadRoutes(uc: Pick<SetupBackOffice, 'listTenants' | 'getTenant'>): Router {
  const router = Router();

  router.get('/tenants', async (req, res) => {
    const { page, limit, search } = tenantsQuery(req.query);
    const found = await uc.listTenants.execute({ page, limit, search: search?.trim() || undefined });
    sendPage(res, found, presentTenant);
  });

  router.get('/tenants/:tenantId', async (req, res) => {
    sendData(res, presentTenantDetail(await uc.getTenant.execute(uuidParam(req.params.tenantId, 'tenantId'))));
  });

  return router;
}
