import type { Static, TSchema } from '@sinclair/typebox';
import type * as Billing from '../shared/responses/billing.js';
import type * as Common from '../shared/responses/common.js';
import type * as Gateway from '../shared/responses/gateway.js';
import type * as Inventory from '../shared/responses/inventory.js';
import type * as Logistics from '../shared/responses/logistics.js';

/**
 * The types of the API's answers, from the very schemas the service's presenters are typed by
 * (`src/adapters/shared/responses/`): for each context, its schemas' static types by name,
 * e.g. `GatewayResponses['UsageResponse']`.
 */
export type StaticsOf<M> = {
  [K in keyof M as M[K] extends TSchema ? K : never]: M[K] extends TSchema ? Static<M[K]> : never;
};

export type BillingResponses = StaticsOf<typeof Billing>;
export type GatewayResponses = StaticsOf<typeof Gateway>;
export type InventoryResponses = StaticsOf<typeof Inventory>;
export type LogisticsResponses = StaticsOf<typeof Logistics>;
export type UsageResponse = GatewayResponses['UsageResponse'];
/** The body of an error answer (what `ApiError` is read from). */
export type ErrorEnvelope = Static<typeof Common.ErrorEnvelope>;
export type ErrorDetail = Static<typeof Common.ErrorDetail>;
