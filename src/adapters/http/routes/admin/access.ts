import type { AccessBackOffice } from '../../../../application/back-office.js';
import { adminRoute, presentPage } from '../route.js';
import {
  presentCreatedIntegration,
  presentIntegration,
  presentIssuedApiKey,
  presentRotatedSecret,
  presentUpdatedIntegration,
} from '../../presenters.js';
import { WEBHOOK_URL_RULE } from '../../../../domain/access/integration.js';
import { IpAllowList } from '../../../../domain/access/ip-allow-list.js';
import { Type } from '@sinclair/typebox';
import {
  CreateIntegrationBody,
  IssueApiKeyBody,
  ListAllIntegrationsQuery,
  RotateClientSecretBody,
  UpdateIntegrationBody,
} from '../../../../application/access/commands.js';
import {
  CreatedIntegrationData,
  IntegrationData,
  IssuedApiKeyData,
  RotatedSecretData,
  UpdatedIntegrationData,
} from '../../../shared/responses/access.js';

const ACCESS = 'Back office: Access';

// Example ids of a tenant's records.
const TENANT_ID = '5e8f7a6b-1c2d-4e3f-9a8b-7c6d5e4f3a2b';
const BRANCH_ID = '9a1b2c3d-4e5f-4a6b-8c7d-6e5f4a3b2c1d';
const FISCAL_YEAR_ID = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';

const route = adminRoute<AccessBackOffice>();

/** Integrations: create (secrets shown once), list (a tenant's, or across tenants), change, rotate the client secret, issue or remove the API key. */
export const ACCESS_ADMIN_ROUTES = [
  route({
    method: 'post',
    path: '/integrations',
    operationId: 'adminCreateIntegration',
    access: { role: 'ADMIN', tenant: 'body', audit: { action: 'integration.create', target: 'integration' } },
    rules: [
      { field: 'webhookUrl', rule: WEBHOOK_URL_RULE },
      { field: 'allowedIps', rule: IpAllowList.rule },
    ],
    summary: 'Create an integration',
    description:
      'Answers the client id and secret (and the webhook secret when a webhook URL is set) this once: they cannot be read again.',
    tag: ACCESS,
    body: CreateIntegrationBody,
    success: { status: 201, data: CreatedIntegrationData },
    errors: [400, 404],
    example: {
      tenantId: TENANT_ID,
      branchId: BRANCH_ID,
      fiscalYearId: FISCAL_YEAR_ID,
      role: 'BILLING',
      clientName: 'Point of sale',
      allowedIps: '203.0.113.0/24',
      webhookUrl: 'https://pos.example.com/hooks',
      webhookEvents: 'billing.invoice.created,billing.payment.received',
    },
    handle: async (uc, { body, audit }) => presentCreatedIntegration(await uc.createIntegration.execute(body, audit)),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/integrations',
    operationId: 'adminListIntegrations',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: "List a tenant's integrations",
    description: 'Oldest first, never a secret.',
    tag: ACCESS,
    success: { status: 200, data: Type.Array(IntegrationData) },
    errors: [400, 404],
    handle: async (uc, { params }) =>
      (await uc.listIntegrations.execute({ tenantId: params.tenantId })).map(presentIntegration),
  }),
  route({
    method: 'get',
    path: '/integrations',
    operationId: 'adminListAllIntegrations',
    access: { role: 'VIEWER', tenant: 'any' },
    summary: 'List integrations across tenants',
    description:
      "Oldest first (then id), never a secret, within the caller's tenants. `paused=true`: only those whose webhook " +
      'endpoint is paused (`webhookPausedAt` set); `active=false`: only the deactivated.',
    tag: ACCESS,
    query: ListAllIntegrationsQuery,
    success: { status: 200, data: IntegrationData, paginated: true },
    errors: [400],
    handle: async (uc, { query, actor }) =>
      presentPage(await uc.listIntegrationsAcrossTenants.execute(query, actor.tenantIds), presentIntegration),
  }),
  route({
    method: 'patch',
    path: '/integrations/:id',
    operationId: 'adminUpdateIntegration',
    access: {
      role: 'ADMIN',
      tenant: { of: 'integration' },
      audit: { action: 'integration.update', target: 'integration' },
    },
    rules: [
      { field: 'webhookUrl', rule: WEBHOOK_URL_RULE },
      { field: 'allowedIps', rule: IpAllowList.rule },
    ],
    summary: 'Change an integration',
    description:
      'At least one field; `null` clears a setting. Setting a first webhook URL answers its webhook secret, this once.',
    tag: ACCESS,
    body: UpdateIntegrationBody,
    success: { status: 200, data: UpdatedIntegrationData },
    errors: [400, 404],
    example: { rateLimitPerMinute: 600, requireSignedReads: true },
    handle: async (uc, { params, body, audit }) =>
      presentUpdatedIntegration(await uc.updateIntegration.execute(params.id, body, audit)),
  }),
  route({
    method: 'post',
    path: '/integrations/:id/rotate-secret',
    operationId: 'adminRotateClientSecret',
    access: {
      role: 'ADMIN',
      tenant: { of: 'integration' },
      audit: { action: 'integration.rotate-secret', target: 'integration' },
    },
    summary: 'Rotate the client secret',
    description:
      'Answers the new secret this once; the previous one keeps working for `overlapSeconds` (default 24 hours).',
    tag: ACCESS,
    body: RotateClientSecretBody,
    bodyOptional: true,
    success: { status: 200, data: RotatedSecretData },
    errors: [400, 404],
    example: { overlapSeconds: 3600 },
    handle: async (uc, { params, body, audit }) =>
      presentRotatedSecret(await uc.rotateClientSecret.execute(params.id, body, audit)),
  }),
  route({
    method: 'post',
    path: '/integrations/:id/api-key',
    operationId: 'adminIssueApiKey',
    access: {
      role: 'ADMIN',
      tenant: { of: 'integration' },
      audit: { action: 'integration.issue-api-key', target: 'integration' },
    },
    summary: 'Issue or replace the API key',
    description: 'Answers the key this once; from now on every request of the integration must send it as `x-api-key`.',
    tag: ACCESS,
    body: IssueApiKeyBody,
    bodyOptional: true,
    success: { status: 201, data: IssuedApiKeyData },
    errors: [400, 404],
    example: {},
    // The key is shown once, in this answer; no read returns it.
    handle: async (uc, { params, audit }) => presentIssuedApiKey(await uc.issueApiKey.execute(params.id, audit)),
  }),
  route({
    method: 'delete',
    path: '/integrations/:id/api-key',
    operationId: 'adminRemoveApiKey',
    access: {
      role: 'ADMIN',
      tenant: { of: 'integration' },
      audit: { action: 'integration.remove-api-key', target: 'integration' },
    },
    summary: 'Remove the API key',
    description: 'Removing a key that is not there changes nothing.',
    tag: ACCESS,
    success: { status: 200, data: IntegrationData },
    errors: [400, 404],
    handle: async (uc, { params, audit }) => presentIntegration(await uc.removeApiKey.execute(params.id, audit)),
  }),
];
