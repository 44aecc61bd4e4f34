import type { AdminAccess } from '../../route.js';

/**
 * What the tenant views share: every one reads one tenant's records (the path's `:tenantId`),
 * for any role within its scope.
 */
export const TENANT_READ = { role: 'VIEWER', tenant: 'path' } as const satisfies AdminAccess;

/** What every tenant view says of an unknown tenant (and of another tenant, to a scoped member). */
export const UNKNOWN_TENANT = 'An unknown tenant is a 404 `Tenant not found`.';

/** The sentence of a record read by id: its own 404 besides the tenant's. */
export const unknownRecord = (message: string) =>
  `An id the tenant does not have is a 404 \`${message}\`. ${UNKNOWN_TENANT}`;
