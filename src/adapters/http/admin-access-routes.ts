import { Router } from 'express';
import type { AccessBackOffice } from '../../application/back-office.js';
import { ROLES } from '../../domain/access/permissions.js';
import { sendData } from './envelope.js';
import { uuidParam } from './params.js';
import { bodyValidator, schemas } from '../shared/validation.js';

const createBody = bodyValidator<{
  tenantId: string;
  branchId: string;
  fiscalYearId: string;
  role: string;
  clientName: string;
  allowedIps?: string;
  webhookUrl?: string;
  webhookEvents?: string | null;
  requireSignedReads?: boolean;
}>({
  type: 'object',
  additionalProperties: false,
  required: ['tenantId', 'branchId', 'fiscalYearId', 'role', 'clientName'],
  properties: {
    tenantId: schemas.uuid,
    branchId: schemas.uuid,
    fiscalYearId: schemas.uuid,
    role: { type: 'string', enum: [...ROLES] },
    clientName: schemas.name,
    allowedIps: { type: 'string', maxLength: 4000 },
    webhookUrl: { type: 'string', maxLength: 2048 },
    webhookEvents: { type: ['string', 'null'], maxLength: 1000 },
    requireSignedReads: { type: 'boolean' },
  },
});

const updateBody = bodyValidator<{
  active?: boolean;
  allowedIps?: string | null;
  webhookUrl?: string | null;
  webhookEvents?: string | null;
  requireSignedReads?: boolean;
}>({
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    active: { type: 'boolean' },
    allowedIps: { type: ['string', 'null'], maxLength: 4000 },
    webhookUrl: { type: ['string', 'null'], maxLength: 2048 },
    webhookEvents: { type: ['string', 'null'], maxLength: 1000 },
    requireSignedReads: { type: 'boolean' },
  },
});

const rotateBody = bodyValidator<{ overlapSeconds?: number }>({
  type: 'object',
  additionalProperties: false,
  properties: { overlapSeconds: { type: 'integer', minimum: 0, maximum: 2_592_000 } },
});

/** Back-office integration management (CONTRACT §5): create (secrets shown once), list, change, rotate. */
export function createAdminAccessRoutes(uc: AccessBackOffice): Router {
  const router = Router();

  router.post('/integrations', async (req, res) => {
    const created = await uc.createIntegration.execute(createBody(req.body));
    sendData(
      res,
      {
        ...created.integration.view(),
        clientId: created.clientId,
        clientSecret: created.clientSecret,
        ...(created.webhookSecret ? { webhookSecret: created.webhookSecret } : {}),
      },
      201,
    );
  });

  router.get('/tenants/:tenantId/integrations', async (req, res) => {
    const list = await uc.listIntegrations.execute(uuidParam(req.params.tenantId, 'tenantId'));
    sendData(
      res,
      list.map((i) => i.view()),
    );
  });

  router.patch('/integrations/:id', async (req, res) => {
    const { integration, webhookSecret } = await uc.updateIntegration.execute(
      uuidParam(req.params.id),
      updateBody(req.body),
    );
    sendData(res, { ...integration.view(), ...(webhookSecret ? { webhookSecret } : {}) });
  });

  router.post('/integrations/:id/rotate-secret', async (req, res) => {
    const { overlapSeconds } = rotateBody(req.body ?? {});
    const rotated = await uc.rotateClientSecret.execute(
      uuidParam(req.params.id),
      overlapSeconds === undefined ? undefined : overlapSeconds * 1000,
    );
    sendData(res, {
      clientId: rotated.clientId,
      clientSecret: rotated.clientSecret,
      previousSecretExpiresAt: rotated.previousSecretExpiresAt?.toISOString() ?? null,
    });
  });

  return router;
}
