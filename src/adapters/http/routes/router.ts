import { Type, type TSchema } from '@sinclair/typebox';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Page } from '../../../application/ports/pagination.js';
import { bodyValidator, queryValidator, type Validator } from '../../shared/validation.js';
import type { KeyedWrite } from '../../../application/ports/gateway-ports.js';
import { dataEnvelope, pageEnvelope } from '../envelope.js';
import { uuidParam } from '../params.js';
import type { BoundRoute, RouteInput } from './route.js';

/** What a write with no body schema accepts: nothing but the signature fields, which the gate removes. */
const NO_FIELDS = Type.Object({}, { additionalProperties: false });

/** Fixed paths before parameterised ones, so `/products/stock` is never taken for `/products/:id`. */
export function inServingOrder<R extends { path: string }>(routes: readonly R[]): R[] {
  return [...routes].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));
}

const isWrite = (method: string) => method === 'post' || method === 'put' || method === 'patch';

/** A route's answer: its status and its envelope (none for a 204). */
export interface RouteAnswer {
  status: number;
  body: object | null;
}

/**
 * How an API answers: `produce` validates the request, runs its handler (given the request's
 * Idempotency-Key, if the API keeps keys) and makes the envelope; `serve` sends it.
 */
export type Serve = (
  req: Request,
  res: Response,
  produce: (keyed?: KeyedWrite) => Promise<RouteAnswer>,
) => Promise<void>;

/** Sends the answer as soon as it is made. */
export const sendAnswer: Serve = async (_req, res, produce) => {
  const answer = await produce();
  if (answer.body === null) res.status(answer.status).end();
  else res.status(answer.status).json(answer.body);
};

export interface RouterOptions {
  /** What the API adds to every handler's input (the external API: the authenticated caller). */
  context?: (req: Request, res: Response, route: BoundRoute, input: RouteInput) => object;
  /** Checks made before a route's input is read (the back office: the caller's role). */
  guard?: (route: BoundRoute) => RequestHandler;
  /** Runs on the validated input before the handler (the back office: the caller's tenant scope). */
  prepare?: (req: Request, res: Response, route: BoundRoute, input: RouteInput) => Promise<void>;
  /** Writes with no body schema refuse any field (the external API); else their body is not read. */
  refuseUndeclaredBodies?: boolean;
  /** How answers are sent (the external API keeps a keyed request's answer); default: at once. */
  serve?: Serve;
}

/** The body validator of a route, or none when its body is not read. */
function bodyOf(route: BoundRoute, refuseUndeclared: boolean): Validator<unknown> | null {
  const schema: TSchema | undefined = route.body ?? (refuseUndeclared && isWrite(route.method) ? NO_FIELDS : undefined);
  if (schema === undefined) return null;
  const validate = bodyValidator(schema);
  return route.bodyOptional || route.body === undefined ? (body) => validate(body ?? {}) : validate;
}

function paramsOf(req: Request): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.params)) params[name] = uuidParam(value, name);
  return params;
}

/** The express handler of one route: validate, call its use case, answer the envelope. */
function handlerOf(route: BoundRoute, options: RouterOptions): RequestHandler {
  const query = route.query ? queryValidator(route.query) : null;
  const body = bodyOf(route, options.refuseUndeclaredBodies ?? false);
  const { status, paginated } = route.success;
  const serve = options.serve ?? sendAnswer;
  return async (req, res) => {
    await serve(req, res, async (keyed) => {
      const input: RouteInput = {
        params: paramsOf(req),
        query: query ? query(req.query) : undefined,
        body: body ? body(req.body) : undefined,
      };
      await options.prepare?.(req, res, route, input);
      const answer = await route.handle({ ...options.context?.(req, res, route, input), keyed, ...input } as never);
      if (status === 204) return { status, body: null };
      return { status, body: paginated ? pageEnvelope(res, answer as Page<unknown>) : dataEnvelope(res, answer) };
    });
  };
}

/** The express router of an API's routes, each from its one declaration. */
export function routerOf(routes: readonly BoundRoute[], options: RouterOptions = {}): Router {
  const router = Router();
  for (const route of inServingOrder(routes)) {
    const guard = options.guard?.(route);
    router[route.method](route.path, ...(guard ? [guard] : []), handlerOf(route, options));
  }
  return router;
}
