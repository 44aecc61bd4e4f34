import { WEBHOOK_URL_RULE } from '../../../domain/access/integration.js';
import { IpAllowList } from '../../../domain/access/ip-allow-list.js';
import { FISCAL_YEAR_ORDER_RULE } from '../../../domain/organization/fiscal-year.js';
import { Type } from '@sinclair/typebox';
import {
  CreateIntegrationBody,
  IssueApiKeyBody,
  RotateClientSecretBody,
  UpdateIntegrationBody,
} from '../../../application/access/commands.js';
import {
  CreateBranchBody,
  CreateFiscalYearBody,
  CreateTenantBody,
  CreateWarehouseBody,
  ListTenantsQuery,
} from '../../../application/organization/commands.js';
import { ListDeliveriesQuery, ResumeWebhookBody } from '../../../application/webhooks/commands.js';
import {
  CreatedIntegrationData,
  IntegrationData,
  IssuedApiKeyData,
  RotatedSecretData,
  UpdatedIntegrationData,
} from '../../shared/responses/access.js';
import {
  BranchData,
  FiscalYearData,
  TenantData,
  TenantDetailData,
  WarehouseData,
} from '../../shared/responses/organization.js';
import { DeliveryData, PingData, WebhookResumeData } from '../../shared/responses/webhooks.js';
import type { RouteDoc } from './route-doc.js';

const ORGANIZATION = 'Back office: Organization';
const ACCESS = 'Back office: Access';
const WEBHOOKS = 'Back office: Webhooks';

// Example ids of a tenant's records.
const TENANT_ID = '5e8f7a6b-1c2d-4e3f-9a8b-7c6d5e4f3a2b';
const BRANCH_ID = '9a1b2c3d-4e5f-4a6b-8c7d-6e5f4a3b2c1d';
const FISCAL_YEAR_ID = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';

/** The organization set-up and its reads. */
const ORGANIZATION_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/tenants',
    operationId: 'adminCreateTenant',
    summary: 'Create a tenant',
    tag: ORGANIZATION,
    body: CreateTenantBody,
    success: { status: 201, data: TenantData },
    errors: [400],
    example: { name: 'Acme Retail' },
  },
  {
    method: 'get',
    path: '/tenants',
    operationId: 'adminListTenants',
    summary: 'List tenants',
    description: '`search`: those whose name contains it.',
    tag: ORGANIZATION,
    query: ListTenantsQuery,
    success: { status: 200, data: TenantData, paginated: true },
    errors: [400],
  },
  {
    method: 'get',
    path: '/tenants/:tenantId',
    operationId: 'adminGetTenant',
    summary: 'Read a tenant',
    description: 'The tenant with its branches, fiscal years, warehouses and integrations (never a secret).',
    tag: ORGANIZATION,
    success: { status: 200, data: TenantDetailData },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/tenants/:tenantId/branches',
    operationId: 'adminCreateBranch',
    summary: 'Create a branch',
    description: 'The code is unique in the tenant (kept upper-case).',
    tag: ORGANIZATION,
    body: CreateBranchBody,
    success: { status: 201, data: BranchData },
    errors: [400, 404, 409],
    example: { name: 'Head office', code: 'HQ' },
  },
  {
    method: 'post',
    path: '/tenants/:tenantId/fiscal-years',
    operationId: 'adminCreateFiscalYear',
    rules: [{ field: 'startsOn', rule: FISCAL_YEAR_ORDER_RULE }],
    summary: 'Create a fiscal year',
    description: "Its code is unique in the tenant and its range overlaps none of the tenant's other years.",
    tag: ORGANIZATION,
    body: CreateFiscalYearBody,
    success: { status: 201, data: FiscalYearData },
    errors: [400, 404, 409],
    example: { code: '2026', startsOn: '2026-01-01', endsOn: '2026-12-31' },
  },
  {
    method: 'post',
    path: '/tenants/:tenantId/warehouses',
    operationId: 'adminCreateWarehouse',
    summary: 'Create a warehouse',
    tag: ORGANIZATION,
    body: CreateWarehouseBody,
    success: { status: 201, data: WarehouseData },
    errors: [400, 404],
    example: { branchId: BRANCH_ID, name: 'Main store' },
  },
];

/** Integrations: their credentials, limits and API key. */
const ACCESS_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/integrations',
    operationId: 'adminCreateIntegration',
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
  },
  {
    method: 'get',
    path: '/tenants/:tenantId/integrations',
    operationId: 'adminListIntegrations',
    summary: "List a tenant's integrations",
    description: 'Oldest first, never a secret.',
    tag: ACCESS,
    success: { status: 200, data: Type.Array(IntegrationData) },
    errors: [400, 404],
  },
  {
    method: 'patch',
    path: '/integrations/:id',
    operationId: 'adminUpdateIntegration',
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
  },
  {
    method: 'post',
    path: '/integrations/:id/rotate-secret',
    operationId: 'adminRotateClientSecret',
    summary: 'Rotate the client secret',
    description:
      'Answers the new secret this once; the previous one keeps working for `overlapSeconds` (default 24 hours).',
    tag: ACCESS,
    body: RotateClientSecretBody,
    bodyOptional: true,
    success: { status: 200, data: RotatedSecretData },
    errors: [400, 404],
    example: { overlapSeconds: 3600 },
  },
  {
    method: 'post',
    path: '/integrations/:id/api-key',
    operationId: 'adminIssueApiKey',
    summary: 'Issue or replace the API key',
    description: 'Answers the key this once; from now on every request of the integration must send it as `x-api-key`.',
    tag: ACCESS,
    body: IssueApiKeyBody,
    bodyOptional: true,
    success: { status: 201, data: IssuedApiKeyData },
    errors: [400, 404],
    example: {},
  },
  {
    method: 'delete',
    path: '/integrations/:id/api-key',
    operationId: 'adminRemoveApiKey',
    summary: 'Remove the API key',
    description: 'Removing a key that is not there changes nothing.',
    tag: ACCESS,
    success: { status: 200, data: IntegrationData },
    errors: [400, 404],
  },
];

/** Webhook endpoints and their deliveries. */
const WEBHOOK_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/integrations/:id/webhook/resume',
    operationId: 'adminResumeWebhook',
    summary: 'Resume a paused webhook endpoint',
    description: 'Held deliveries are due again in their order; with `replayDeadLetters` the dead letters too.',
    tag: WEBHOOKS,
    body: ResumeWebhookBody,
    bodyOptional: true,
    success: { status: 200, data: WebhookResumeData },
    errors: [400, 404],
    example: { replayDeadLetters: true },
  },
  {
    method: 'get',
    path: '/integrations/:id/deliveries',
    operationId: 'adminListDeliveries',
    summary: "List an integration's deliveries",
    description: 'Newest first, each with its attempts.',
    tag: WEBHOOKS,
    query: ListDeliveriesQuery,
    success: { status: 200, data: DeliveryData, paginated: true },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/deliveries/:id/replay',
    operationId: 'adminReplayDelivery',
    summary: 'Replay a delivery',
    description:
      'A dead or delivered delivery is sent again with a fresh retry schedule (held while its endpoint is paused).',
    tag: WEBHOOKS,
    success: { status: 200, data: DeliveryData },
    errors: [400, 404, 409],
  },
  {
    method: 'post',
    path: '/integrations/:id/webhook/ping',
    operationId: 'adminPingWebhook',
    summary: 'Ping a webhook endpoint',
    description:
      'Sends a signed `webhook.ping` now (even while paused) and answers the outcome; tried once, a failed ping pauses nothing.',
    tag: WEBHOOKS,
    success: { status: 200, data: PingData },
    errors: [400, 404, 409],
  },
];

/** The back office's setup, tenant read, integration (access) and webhook routes. */
export const BACK_OFFICE_ROUTES: RouteDoc[] = [...ORGANIZATION_ROUTES, ...ACCESS_ROUTES, ...WEBHOOK_ROUTES];
