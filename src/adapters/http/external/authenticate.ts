import type { Request, RequestHandler } from 'express';
import { match } from 'path-to-regexp';
import type { AuthenticateRequest } from '../../../application/access/authenticate-request.js';
import { AuthFailures } from '../../../domain/access/errors.js';
import { EXTERNAL_ROUTES, mayCall } from '../../../domain/access/permissions.js';

/** The role table's patterns, compiled once; static paths first so `/products/stock` is not taken for `/products/:id`. */
const PATTERNS = Object.keys(EXTERNAL_ROUTES)
  .map((key) => {
    const [method, path] = key.split(' ') as [string, string];
    return { method, path, test: match(path, { decode: false }) };
  })
  .sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));

function routePattern(method: string, path: string): string | null {
  const m = method === 'HEAD' ? 'GET' : method;
  const found = PATTERNS.find((p) => p.method === m && p.test(path) !== false);
  return found ? found.path : null;
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** Members of a signed body that belong to the signature scheme, not to the resource. */
const SIGNING_FIELDS = ['nonce', 'timestamp', 'signature'];

/**
 * The external API's gate: spec 5.2's six checks (in the use case), then the role × route
 * table (403 FORBIDDEN), then the signing fields are removed from the body so the resource
 * schemas see only resource fields. The caller goes to `res.locals.caller`.
 */
export function authenticate(auth: AuthenticateRequest): RequestHandler {
  return async (req, res, next) => {
    const caller = await auth.execute({
      clientId: header(req, 'x-client-id'),
      apiKey: header(req, 'x-api-key'),
      ip: req.ip ?? req.socket.remoteAddress ?? '',
      timestamp: header(req, 'x-timestamp'),
      nonce: header(req, 'x-nonce'),
      method: req.method,
      pathWithQuery: req.originalUrl,
      body: req.body,
      requestSignature: header(req, 'x-signature'),
    });
    const pattern = routePattern(req.method, req.path);
    // An unknown path falls through to the 404; a known one needs the role's permission.
    if (pattern !== null && !mayCall(caller.role, req.method, pattern)) throw AuthFailures.forbidden();
    if (req.body && typeof req.body === 'object' && !Array.isArray(req.body)) {
      for (const field of SIGNING_FIELDS) delete (req.body as Record<string, unknown>)[field];
    }
    res.locals.caller = caller;
    next();
  };
}
