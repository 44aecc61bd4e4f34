/**
 * The integrators' SDK: `ExternalApi`, the typed client of the external API (one group of
 * methods per context, retries, `ApiError`), `verifyWebhook` for receivers, and the low-level
 * signing client and functions beneath them, which the service verifies requests and signs
 * webhook deliveries with too.
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
export * from './generated/index.js';
export type { Method, PageOf, QueryInput, RequestOptions, Transport } from './transport.js';
export { ExternalApiClient, type ApiResponse, type ClientOptions, type PreparedRequest } from './client.js';
export {
  base64Utf8,
  bodySignature,
  bodySigningText,
  hmacHex,
  newNonce,
  requestLineText,
  signBody,
  signRequestLine,
} from './signing.js';
export { explainSignatures, signedTexts, type SignedText } from './sign-explain.js';
export {
  posWebhookSignature,
  standardWebhooksDigest,
  standardWebhooksKey,
  standardWebhooksSignature,
} from './webhook-signatures.js';
export { curlCommand } from './curl.js';
export { withQuery } from './query.js';
export { runSign } from './sign-cli.js';
