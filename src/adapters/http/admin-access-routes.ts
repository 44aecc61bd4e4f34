import { Router } from 'express';
import {
  CreateIntegrationBody,
  IssueApiKeyBody,
  RotateClientSecretBody,
  UpdateIntegrationBody,
} from '../../application/access/commands.js';
import type { AccessBackOffice } from '../../application/back-office.js';
import { sendData } from './envelope.js';
import { uuidParam } from './params.js';
import {
  presentCreatedIntegration,
  presentIntegration,
  presentIssuedApiKey,
  presentRotatedSecret,
  presentUpdatedIntegration,
} from './presenters.js';
import { bodyValidator } from '../shared/validation.js';

const createBody = bodyValidator(CreateIntegrationBody);
const updateBody = bodyValidator(UpdateIntegrationBody);
const rotateBody = bodyValidator(RotateClientSecretBody);
const issueApiKeyBody = bodyValidator(IssueApiKeyBody);

/** Back-office integration management: create (secrets shown once), list, change, rotate, API key. */
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

  // The API key is shown once, in the 201 that issues (or replaces) it; no read returns it.
  router.post('/integrations/:id/api-key', async (req, res) => {
    const id = uuidParam(req.params.id);
    issueApiKeyBody(req.body ?? {});
    sendData(res, presentIssuedApiKey(await uc.issueApiKey.execute(id)), 201);
  });

  router.delete('/integrations/:id/api-key', async (req, res) => {
    const removed = await uc.removeApiKey.execute(uuidParam(req.params.id));
    sendData(res, presentIntegration(removed));
  });

  return router;
}
