import type { TObject, TSchema } from '@sinclair/typebox';
import type { Caller } from '../../../application/access/caller.js';
import type { KeyedWrite } from '../../../application/ports/gateway-ports.js';
import type { Page } from '../../../application/ports/pagination.js';
import type { Area } from '../../../domain/access/permissions.js';
import type { StaffRole } from '../../../domain/access/staff-roles.js';
import type { Actor } from '../../../domain/staff/staff.js';
import type { AuditedChange, AuditTarget } from '../../../application/ports/staff-ports.js';
import type { RequestOrigin } from '../../../application/staff/sign-in.js';
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

/** What the back office adds to a handler's input: who calls, the change to audit, the session cookie. */
export interface AdminContext {
  actor: Actor;
  /** The audit entry the route's change appends (routes that declare `audit`); else undefined. */
  audit: AuditedChange | undefined;
  origin: RequestOrigin;
  session: SessionCookie;
}

/** Sets or clears the back office's session cookie on the answer. */
export interface SessionCookie {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

/**
 * A schema's static type. `S['static']` is what TypeBox's `Static<S>` gives for a schema without
 * parameters, one instantiation cheaper: with `Static` a table of routes went past the
 * compiler's instantiation depth.
 */
type StaticOr<S, Else> = S extends TSchema ? S['static'] : Else;

/** What a handler answers: the `data` of the envelope, or a page of it. */
type Answer<D extends TSchema, Paged extends boolean> = Paged extends true ? Page<D['static']> : D['static'];

/** The statuses of success: 204 answers no body (its `data` schema is `Type.Null()`). */
export type SuccessStatus = 200 | 201 | 204;

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
  success: { status: SuccessStatus; data: D; paginated?: Paged };
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

/**
 * Which tenant a back-office route is about, for the caller's scope (a scoped member gets 404
 * outside it, as for an unknown id):
 * - `path`: the path's `:tenantId`; `body`: the body's `tenantId`;
 * - `{ of }`: the tenant of the record the path's `:id` names;
 * - `unscoped`: only members of every tenant may call it (creating tenants, setting plans);
 * - `any`: no one tenant; its use case keeps to the caller's scope (lists, staff, the audit log).
 */
export type TenantOf = 'path' | 'body' | 'unscoped' | 'any' | { of: AuditTarget };

/**
 * How a back-office change is audited: its dotted action and the record it changes, whose id is
 * the path's `:id` (or its `:tenantId` with `id: 'tenantId'`); for a record the change creates
 * (`id: 'none'`, or a path without `:id`), the created record's.
 */
export interface AuditAs {
  action: string;
  target: AuditTarget;
  id?: 'id' | 'tenantId' | 'none';
}

/**
 * Who may call a back-office route: the least staff role, the tenant it is about, and how its
 * change is audited (every route that changes something; sign-in and sign-out audit their own).
 * `duringTotpEnrolment`: open to an ADMIN who must set up a one-time code first.
 */
export interface AdminAccess {
  role: StaffRole;
  tenant: TenantOf;
  audit?: AuditAs;
  duringTotpEnrolment?: true;
  /** Signing in: no credentials yet. */
  anonymous?: true;
}

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
export const adminRoute = <UC>() => declare<UC, AdminContext, AdminAccess>();

/** Binds a context's table to its use cases: what the router mounts. */
export function bindRoutes<UC, In, Access>(routes: readonly Route<UC, In, Access>[], uc: UC): BoundRoute<Access>[] {
  return routes.map((route) => ({ ...route, handle: (input: never) => route.handle(uc, input) }));
}

/** A page of presented items. */
export function presentPage<T, U>(page: Page<T>, present: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map(present) };
}
