import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../domain/access/gateway.js';
import { DataEnvelope, ErrorEnvelope, Metadata, PageEnvelope, Pagination } from '../../shared/responses/common.js';
import { deliveryBody, EVENT_NAMES } from '../../shared/responses/events.js';
import { PLAIN_TEXT_PATTERN } from '../../shared/validation.js';
import { ADMIN_API, EXTERNAL_API } from './index.js';
import type { ApiDocs, HttpMethod, RouteDoc } from './route-doc.js';
import { ADMIN_SECURITY, EXTERNAL_SECURITY, SECURITY_SCHEMES } from './security-schemes.js';
import type { AdminAccess } from '../routes/route.js';

/**
 * The OpenAPI 3.1 document, built from the route declarations of each context
 * (`./<context>.ts`): their request schemas are the ones the routers validate with, their
 * response schemas the ones the presenters are typed by. Served at `/api/v1/openapi.json`.
 */

type Json = Record<string, unknown>;

/** The statuses and their wording; every error answer is the one envelope. */
const ERROR_STATUS: Record<number, string> = {
  400: 'Invalid input: `code` VALIDATION_ERROR, one `details` entry per problem',
  401: 'Authentication failed (spec 5.2 checks 1, 3-6; the admin API: a missing or wrong token)',
  403: 'IP not allowed (check 2) or the role may not call this route (FORBIDDEN)',
  408: 'The request body did not arrive in time',
  404: 'Not found in the caller\'s tenant ("<Resource> not found")',
  409: 'Conflict: a state that does not allow it, a duplicate, or an Idempotency-Key still running',
  413: 'Request body too large',
  415: 'Content-Type must be application/json',
  422: 'Unprocessable: an Idempotency-Key reused with other fields (IDEMPOTENCY_KEY_REUSED)',
  429: 'Rate limit, monthly quota or failed-authentication limit reached (see Retry-After)',
  500: 'Internal error',
  503: 'Service unavailable: the database is restarting or out of reach (retry after Retry-After seconds)',
};

/** What every external POST can answer besides: its Idempotency-Key still running (409) or reused (422). */
const IDEMPOTENT_POST_ERRORS = [409, 422];

/** What every request with a body can answer besides (its limits: input-guard.ts). */
const BODY_ERRORS = [408, 413, 415];

/** What every route of an API can answer besides its own errors. */
const COMMON_ERRORS: Record<ApiDocs['prefix'], number[]> = {
  '/api/v1/external': [400, 401, 403, 429, 500, 503],
  // 403: a role short of the route's, or a cookie-authenticated change from another origin.
  '/api/v1/admin': [400, 401, 403, 500, 503],
};

/** The fields the gate reads off every signed body (spec 5.3), removed before validation. */
const SIGNATURE_FIELDS = {
  nonce: Type.String({ description: 'The same value as x-nonce' }),
  timestamp: Type.Integer({ description: 'The same value as x-timestamp' }),
  signature: Type.String({
    pattern: '^[0-9a-f]{64}$',
    description:
      'Hex HMAC-SHA256, keyed with the client secret, of the Base64 of the compact JSON of the body with nonce and timestamp (without signature)',
  }),
};

const RATE_LIMIT_HEADERS = {
  RateLimit: { description: 'IETF draft: remaining calls and seconds to reset per window', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'IETF draft: the windows and their quotas', schema: { type: 'string' } },
  'X-RateLimit-Limit': { schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Epoch seconds', schema: { type: 'integer' } },
};

/**
 * A TypeBox schema as plain JSON Schema 2020-12: TypeBox's symbol keys drop out in JSON, and
 * this project's ajv keyword `maxDecimals` is published as the `x-` extension it is to others.
 */
function published(schema: TSchema): Json {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) out[k === 'maxDecimals' ? 'x-maxDecimals' : k] = walk(v);
    return out;
  };
  return walk(JSON.parse(JSON.stringify(schema))) as Json;
}

/**
 * A request schema as published: `published`, plus the rule the validator applies to every string
 * of a request (validation.ts: no control characters, no lone surrogates) stated on each free-text
 * field, beside the field's own `pattern` when it has one. Fields with an enum or a format hold
 * no such character anyway.
 */
function publishedInput(schema: TSchema): Json {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) out[k] = walk(v);
    const types = ([] as unknown[]).concat(out.type);
    const freeText = types.includes('string') && !('enum' in out || 'format' in out || 'anyOf' in out);
    if (!freeText) return out;
    if (out.pattern === undefined) return { ...out, pattern: PLAIN_TEXT_PATTERN };
    return { ...out, allOf: [...((out.allOf as unknown[] | undefined) ?? []), { pattern: PLAIN_TEXT_PATTERN }] };
  };
  return walk(published(schema)) as Json;
}

/** The route's description, followed by the rules its schemas cannot state (`x-rules`). */
function describedRules(route: RouteDoc): Json {
  const rules = route.rules ?? [];
  if (rules.length === 0) return route.description ? { description: route.description } : {};
  const listed = rules.map((r) => `- \`${r.field}\`: ${r.rule}`).join('\n');
  const text = `Also refused with 400 VALIDATION_ERROR, naming the field:\n${listed}`;
  return {
    description: route.description ? `${route.description}\n\n${text}` : text,
    'x-rules': rules.map((r) => ({ field: r.field, rule: r.rule })),
  };
}

/** `/products/:id` → `/products/{id}`, and the names of its parameters. */
function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted, params };
}

function queryParameters(query: TObject): Json[] {
  const required = new Set(query.required ?? []);
  return Object.entries(query.properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name) && (schema as { default?: unknown }).default === undefined,
    schema: publishedInput(schema),
  }));
}

function errorResponses(statuses: number[]): Json {
  const out: Json = {};
  for (const status of [...new Set(statuses)].sort())
    out[String(status)] = { $ref: `#/components/responses/E${status}` };
  return out;
}

function operation(api: ApiDocs, route: RouteDoc): Json {
  const external = api.prefix === '/api/v1/external';
  const { params } = openApiPath(route.path);
  const parameters: Json[] = params.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: publishedInput(Type.String({ format: 'uuid' })),
  }));
  if (route.query) parameters.push(...queryParameters(route.query));
  const writes = route.method === 'post' || route.method === 'put' || route.method === 'patch';
  if (external && route.method === 'post') {
    parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  }

  const op: Json = {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    ...describedRules(route),
    ...(parameters.length > 0 ? { parameters } : {}),
    security: external
      ? EXTERNAL_SECURITY
      : (route as { access?: AdminAccess }).access?.anonymous
        ? []
        : ADMIN_SECURITY,
  };

  if (writes && (external || route.body)) {
    const body = route.body
      ? publishedInput(route.body)
      : { type: 'object', properties: {}, additionalProperties: false };
    const schema = external
      ? {
          ...body,
          properties: { ...(body.properties as Json), ...published(Type.Object(SIGNATURE_FIELDS)).properties! },
          required: [...((body.required as string[] | undefined) ?? []), ...Object.keys(SIGNATURE_FIELDS)],
        }
      : body;
    op.requestBody = {
      required: external || !route.bodyOptional,
      content: { 'application/json': { schema, ...(route.example !== undefined ? { example: route.example } : {}) } },
    };
  }

  const envelope = route.success.paginated ? PageEnvelope(route.success.data) : DataEnvelope(route.success.data);
  const { status } = route.success;
  op.responses = {
    [String(status)]:
      status === 204
        ? { description: 'No Content' }
        : {
            description: status === 201 ? 'Created' : 'OK',
            ...(external ? { headers: RATE_LIMIT_HEADERS } : {}),
            content: { 'application/json': { schema: published(envelope) } },
          },
    ...errorResponses([
      ...COMMON_ERRORS[api.prefix],
      ...(writes ? BODY_ERRORS : []),
      ...(external && route.method === 'post' ? IDEMPOTENT_POST_ERRORS : []),
      // A scoped member is answered 404 for a record outside its tenants, as for an unknown id.
      ...(!external && params.length > 0 ? [404] : []),
      ...(route.errors ?? []),
    ]),
  };
  return op;
}

function webhookOperations(): Json {
  const header = (name: string, description: string, required = true) => ({
    name,
    in: 'header',
    required,
    description,
    schema: { type: 'string' },
  });
  const headers = [
    header('x-pos-event', 'The event name'),
    header(
      'x-pos-signature',
      'Lowercase hex HMAC-SHA256, keyed with the whole webhook secret, of the compact JSON of `payload`',
    ),
    header('x-pos-delivery-id', "The delivery's id: the same on every retry and replay"),
    header('x-pos-timestamp', 'When this attempt was sent, integer milliseconds'),
    header('webhook-id', 'Standard Webhooks: the delivery id'),
    header('webhook-timestamp', "Standard Webhooks: this attempt's time in seconds"),
    header(
      'webhook-signature',
      'Standard Webhooks: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">, keyed with the base64-decoded part of the secret after whsec_; ' +
        "while a rotated-out secret still signs, two space-separated signatures, the new secret's first",
    ),
    header(
      'x-pos-signature-previous',
      'Only while a rotated-out webhook secret still signs: x-pos-signature computed with the old secret',
      false,
    ),
  ];
  const out: Json = {};
  for (const event of EVENT_NAMES) {
    out[event] = {
      post: {
        operationId: `webhook_${event.replace(/\./g, '_')}`,
        summary: `The ${event} event, POSTed to the integration's webhookUrl`,
        tags: ['Webhooks'],
        parameters: headers,
        requestBody: { required: true, content: { 'application/json': { schema: published(deliveryBody(event)) } } },
        responses: { '2XX': { description: 'Received; any other answer is retried on the schedule' } },
      },
    };
  }
  return out;
}

export interface DocumentedOperation {
  method: HttpMethod;
  /** The full express path (`/api/v1/external/products/:id`). */
  path: string;
  route: RouteDoc;
}

/** Every documented operation, with its full express path (for the route parity check). */
export function documentedOperations(apis: ApiDocs[] = [EXTERNAL_API, ADMIN_API]): DocumentedOperation[] {
  return apis.flatMap((api) =>
    api.routes.map((route) => ({ method: route.method, path: `${api.prefix}${route.path}`, route })),
  );
}

/** The document itself. */
export function buildOpenApiDocument(apis: ApiDocs[] = [EXTERNAL_API, ADMIN_API]): Json {
  const paths: Record<string, Json> = {};
  const tags = new Map<string, string>();
  for (const api of apis) {
    for (const route of api.routes) {
      const path = `${api.prefix}${openApiPath(route.path).path}`;
      paths[path] = { ...paths[path], [route.method]: operation(api, route) };
      tags.set(
        route.tag,
        api.prefix === '/api/v1/admin' ? 'The back-office API (ADMIN_TOKEN)' : 'The external API (signed)',
      );
    }
  }
  const responses: Json = {};
  for (const [status, description] of Object.entries(ERROR_STATUS)) {
    responses[`E${status}`] = {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      ...(status === '429' || status === '503'
        ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
        : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Inventory and Billing External API',
      version: '1.0.0',
      description:
        'Signed machine-to-machine API for the catalogue, stock, invoices and notes, with signed webhooks. ' +
        'Every external request carries x-client-id, x-nonce and x-timestamp; POST, PUT and PATCH bodies carry ' +
        'nonce, timestamp and signature. Every answer is the envelope { success, data | error, metadata }.',
    },
    servers: [{ url: '/' }],
    tags: [...tags]
      .map(([name, description]) => ({ name, description }))
      .concat([{ name: 'Webhooks', description: 'What the service POSTs to an integration' }]),
    paths,
    webhooks: webhookOperations(),
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: {
        ErrorEnvelope: published(ErrorEnvelope),
        Metadata: published(Metadata),
        Pagination: published(Pagination),
      },
      responses,
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Optional on POST: a retry with the same key and fields answers the first response again (24 h); with other fields, 422 IDEMPOTENCY_KEY_REUSED.',
          schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
        },
      },
    },
  };
}
