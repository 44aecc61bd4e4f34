import { Router } from 'express';
import {
  CreateIntegrationBody,
  RotateClientSecretBody,
  UpdateIntegrationBody,
} from '../../application/access/commands.js';
import type { AccessBackOffice } from '../../application/back-office.js';
import { sendData } from './envelope.js';
import { uuidParam } from './params.js';
import {
  presentCreatedIntegration,
  presentIntegration,
  presentRotatedSecret,
  presentUpdatedIntegration,
} from './presenters.js';
import { bodyValidator } from '../shared/validation.js';

const createBody = bodyValidator(CreateIntegrationBody);
const updateBody = bodyValidator(UpdateIntegrationBody);
const rotateBody = bodyValidator(RotateClientSecretBody);

/** Back-office integration management (CONTRACT §5): create (secrets shown once), list, change, rotate. */
export function createAdminAccessRoutes(uc: AccessBackOffice): Router {
  const router = Router();

  router.post('/integrations', async (req, res) => {
    const created = await uc.createIntegration.execute(createBody(req.body));
    sendData(res, presentCreatedIntegration(created), 201);
  });

  router.get('/tenants/:tenantId/integrations', async (req, res) => {
    const list = await uc.listIntegrations.execute({ tenantId: uuidParam(req.params.tenantId, 'tenantId') });
    sendData(res, list.map(presentIntegration));
  });

  router.patch('/integrations/:id', async (req, res) => {
    const updated = await uc.updateIntegration.execute(uuidParam(req.params.id), updateBody(req.body));
    sendData(res, presentUpdatedIntegration(updated));
  });

  router.post('/integrations/:id/rotate-secret', async (req, res) => {
    const rotated = await uc.rotateClientSecret.execute(uuidParam(req.params.id), rotateBody(req.body ?? {}));
    sendData(res, presentRotatedSecret(rotated));
  });

  return router;
}
