import type { TObject, TSchema } from '@sinclair/typebox';
import type { Caller } from '../../../application/access/caller.js';
import type { KeyedWrite } from '../../../application/ports/gateway-ports.js';
import type { Page } from '../../../application/ports/pagination.js';
import type { Area } from '../../../domain/access/permissions.js';
import type { StaffRole } from '../../../domain/access/staff-roles.js';
import type { RouteDoc, RouteMeta } from '../openapi/route-doc.js';

/** The names of a path's parameters: `/tenants/:tenantId/products/:productId` → `tenantId | productId`. */
type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

/**
 * What a route's handler is given: its path parameters (every `:name`, validated as a UUID and
 * lower-cased), query and body, validated by the route's schemas; and what its API adds (`In`).
 */
export interface RouteInput {
  params: Record<string, string>;
  query: unknown;
  body: unknown;
}

/**
 * What the external API adds to a handler's input: the authenticated integration, and the
 * request's Idempotency-Key (a POST's, when it sent one), which the handler hands to its use case.
 */
export interface ExternalContext {
  caller: Caller;
  keyed?: KeyedWrite;
}

/**
 * A schema's static type. `S['static']` is what TypeBox's `Static<S>` gives for a schema without
 * parameters, one instantiation cheaper: with `Static` a table of routes went past the
 * compiler's instantiation depth.
 */
type StaticOr<S, Else> = S extends TSchema ? S['static'] : Else;

/** What a handler answers: the `data` of the envelope, or a page of it. */
type Answer<D extends TSchema, Paged extends boolean> = Paged extends true ? Page<D['static']> : D['static'];

/**
 * One route, declared once: what the OpenAPI document publishes (`RouteDoc`), who may call it,
 * and its handler, which calls one use case of its context (`UC`) and presents the result. The
 * express router, the document, the role table and the SDK's methods are all derived from the
 * tables of these entries (`./external/*.ts`, `./admin/*.ts`).
 */
export type RouteDef<
  UC,
  In,
  Access,
  Path extends string,
  Q,
  B,
  D extends TSchema,
  Paged extends boolean,
> = RouteMeta & {
  path: Path;
  query?: Q;
  body?: B;
  success: { status: 200 | 201; data: D; paginated?: Paged };
  access: Access;
  handle(
    uc: UC,
    input: In & {
      params: { [K in ParamNames<Path>]: string };
      query: StaticOr<Q, undefined>;
      body: StaticOr<B, undefined>;
    },
  ): Promise<Answer<NoInfer<D>, NoInfer<Paged>>>;
};

/** A declared route with its types erased, as the tables hold it. */
export interface Route<UC, In, Access> extends RouteDoc {
  access: Access;
  handle(uc: UC, input: In & RouteInput): Promise<unknown>;
}

/** The areas an external route belongs to: a role may call it when it holds one of them. */
export type ExternalAccess = readonly Area[];

/** The least staff role that may call a back-office route. */
export type AdminAccess = StaffRole;

/** A route with its handler bound to its context's use cases. */
export interface BoundRoute<Access = unknown> extends RouteDoc {
  access: Access;
  handle(input: never): Promise<unknown>;
}

function declare<UC, In, Access>() {
  return <
    Path extends string,
    Q extends TObject | undefined = undefined,
    B extends TSchema | undefined = undefined,
    D extends TSchema = TSchema,
    Paged extends boolean = false,
  >(
    def: RouteDef<UC, In, Access, Path, Q, B, D, Paged>,
  ): Route<UC, In, Access> => def as unknown as Route<UC, In, Access>;
}

/** Declares an external route of a context whose use cases are `UC`. */
export const externalRoute = <UC>() => declare<UC, ExternalContext, ExternalAccess>();

/** Declares a back-office route of a context whose use cases are `UC`. */
export const adminRoute = <UC>() => declare<UC, object, AdminAccess>();

/** Binds a context's table to its use cases: what the router mounts. */
export function bindRoutes<UC, In, Access>(routes: readonly Route<UC, In, Access>[], uc: UC): BoundRoute<Access>[] {
  return routes.map((route) => ({ ...route, handle: (input: never) => route.handle(uc, input) }));
}

/** A page of presented items. */
export function presentPage<T, U>(page: Page<T>, present: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map(present) };
}
