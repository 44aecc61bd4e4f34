/**
 * The integrators' SDK: `ExternalApi`, the typed client of the external API (one group of
 * methods per context, retries, `ApiError`), `verifyWebhook` for receivers, and the low-level
 * signing client and functions beneath them.
 */
export { ExternalApi, retryAfterMs, type ExternalApiOptions, type RetryOptions } from './api.js';
export { ApiError, WebhookVerificationError, type ErrorCode, type WebhookVerificationFailure } from './errors.js';
export {
  verifyWebhook,
  verifyWebhookSignature,
  type VerifiedWebhook,
  type VerifyWebhookInput,
  type WebhookHeaders,
} from './webhooks.js';
export { InventoryApi } from './inventory.js';
export { LogisticsApi } from './logistics.js';
export { BillingApi } from './billing.js';
export { UsageApi } from './usage.js';
export type { Method, PageOf, QueryInput, RequestOptions, Transport } from './transport.js';
export type * from './responses.js';
export { ExternalApiClient, type ApiResponse, type ClientOptions, type PreparedRequest } from './client.js';
export { hmacHex, newNonce, signBody, signRequestLine } from './signing.js';
export { curlCommand } from './curl.js';
export { withQuery } from './query.js';
