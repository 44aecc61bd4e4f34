/** The integrators' SDK: a signing client of the external API and a webhook signature verifier. */
export { ExternalApiClient, type ApiResponse, type ClientOptions, type PreparedRequest } from './client.js';
export { hmacHex, newNonce, signBody, signRequestLine, verifyWebhookSignature } from './signing.js';
export { curlCommand } from './curl.js';
export { withQuery } from './query.js';
