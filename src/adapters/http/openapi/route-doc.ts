import type { TObject, TSchema } from '@sinclair/typebox';
import type { JsonValue } from '../../../application/access/authenticate-request.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * What the OpenAPI document publishes of a route: the part of its one declaration in its
 * context's route table (`../routes/`) that is not its handler or access. Request schemas are the
 * very TypeBox schemas the router validates with (`src/application/<context>/commands.ts`);
 * response schemas are those of `src/adapters/shared/responses/`, which the handlers' answers
 * are typed by and the SDK's types are generated from. Every `:name` of the path is a UUID.
 */
export interface RouteDoc extends RouteMeta {
  /** The express path relative to the API's prefix (`/products/:id`). */
  path: string;
  /** The query schema the route validates with (a TypeBox object). */
  query?: TObject;
  /**
   * The body schema the route validates with. On the external API the document adds the
   * signature fields (`nonce`, `timestamp`, `signature`) to it.
   */
  body?: TSchema;
  /** The success status and the schema of `data` (a page's `data` is an array of `data`). */
  success: { status: 200 | 201 | 204; data: TSchema; paginated?: boolean };
}

/** What a route's declaration says of it besides its path and schemas. */
export interface RouteMeta {
  method: HttpMethod;
  /** Unique in the document; for an external route also the SDK method's name. */
  operationId: string;
  summary: string;
  description?: string;
  /** The tag (a context: `Catalogue`, `Billing`, ... ; `Back office: <context>` for the admin API). */
  tag: string;
  /** The back office's approve, reject and cancel routes take their body as optional. */
  bodyOptional?: boolean;
  /**
   * Rules of the request that its schema cannot state (between fields, or against stored
   * records), each refused with 400 VALIDATION_ERROR naming `field`: published as the
   * operation's `x-rules` and in its description. `rule` is the domain's own sentence.
   */
  rules?: readonly RequestRule[];
  /** Error statuses this route can answer besides those every route of its API can. */
  errors?: number[];
  /**
   * A request body example (without the signature fields). The document test validates it with
   * the route's own body schema, so it cannot drift from what the route accepts.
   */
  example?: JsonValue;
}

export interface RequestRule {
  field: string;
  rule: string;
}

/** An API of the document: its prefix and its routes, with who may call each. */
export interface ApiDocs<Access = unknown> {
  prefix: '/api/v1/external' | '/api/v1/admin';
  routes: readonly (RouteDoc & { access: Access })[];
}
