import { SESSION_COOKIE } from '../admin/staff-gate.js';

/**
 * How the document says each API authenticates: the external API's signed headers (and API
 * key), the back office's staff session, personal access token and bootstrap token.
 */
export const SECURITY_SCHEMES = {
  clientId: { type: 'apiKey', in: 'header', name: 'x-client-id', description: "The integration's client id." },
  nonce: {
    type: 'apiKey',
    in: 'header',
    name: 'x-nonce',
    description: '8-128 characters of [A-Za-z0-9_-], never reused by the integration.',
  },
  timestamp: {
    type: 'apiKey',
    in: 'header',
    name: 'x-timestamp',
    description: 'Current UTC time in integer milliseconds (±5 minutes).',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'Required while the back office has issued the integration an API key.',
  },
  signature: {
    type: 'apiKey',
    in: 'header',
    name: 'x-signature',
    description:
      'Hex HMAC-SHA256, keyed with the client secret, of the Base64 of "METHOD\\npathWithQuery\\ntimestamp\\nnonce"; required on GET when the integration has requireSignedReads.',
  },
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      "A staff session from POST /api/v1/admin/session. A POST, PUT, PATCH or DELETE with it must carry the service's own Origin.",
  },
  personalToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'pat_ and 43 URL-safe characters',
    description: "A staff member's personal access token, acting as that member.",
  },
  adminToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The bootstrap token ADMIN_TOKEN: an unscoped ADMIN named `bootstrap`.',
  },
};

/** A staff session, a personal access token, or the bootstrap token. */
export const ADMIN_SECURITY = [{ staffSession: [] }, { personalToken: [] }, { adminToken: [] }];

/** Either the three headers, or the three with the API key; `x-signature` on top when required. */
export const EXTERNAL_SECURITY = [
  { clientId: [], nonce: [], timestamp: [] },
  { clientId: [], nonce: [], timestamp: [], apiKey: [] },
  { clientId: [], nonce: [], timestamp: [], signature: [] },
  { clientId: [], nonce: [], timestamp: [], apiKey: [], signature: [] },
];
