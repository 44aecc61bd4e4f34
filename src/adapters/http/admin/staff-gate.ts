import { createHash, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { Request, RequestHandler, Response } from 'express';
import type { AuthenticateStaff, StaffCaller } from '../../../application/staff/authenticate-staff.js';
import { ACCESS_TOKEN_PREFIX } from '../../../application/staff/own-account.js';
import { BOOTSTRAP_ACTOR, CsrfRejected, StaffUnauthorized, type Actor } from '../../../domain/staff/staff.js';
import type { SessionCookie } from '../routes/route.js';

/** The session cookie's name. */
export const SESSION_COOKIE = 'ib_session';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

export interface StaffGateOptions {
  /** `ADMIN_TOKEN`: an unscoped ADMIN named `bootstrap`; null when not set. */
  bootstrapToken: string | null;
  /** `PUBLIC_URL`'s origin, which a cookie-authenticated change must come from; else the request's own. */
  publicOrigin: string | null;
  /** `Secure` cookies (production). */
  secureCookies: boolean;
}

/** The caller of a back-office request, once the gate has let it in. */
export function callerOf(res: Response): StaffCaller | { actor: Actor } {
  return res.locals.staff as StaffCaller | { actor: Actor };
}

/** The origin the request was made to: `PUBLIC_URL`'s, else its own scheme and host. */
function ownOrigin(req: Request, publicOrigin: string | null): string {
  return publicOrigin ?? `${req.protocol}://${req.get('host') ?? ''}`;
}

/**
 * The back office's credentials, in this order: `Authorization: Bearer` with a personal access
 * token (`pat_…`) or the bootstrap `ADMIN_TOKEN` (compared in constant time), else the session
 * cookie; a cookie-authenticated change must come from the service's own origin (403
 * `CSRF_REJECTED`). `POST /session` (signing in) needs none. Sets `res.locals.staff`.
 */
export function staffGate(authenticate: AuthenticateStaff, options: StaffGateOptions): RequestHandler {
  const bootstrap = options.bootstrapToken === null ? null : digest(options.bootstrapToken);
  const signIn = (req: Request) => req.method === 'POST' && req.path === '/session';
  return async (req, res, next) => {
    try {
      const bearer = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
      if (bearer !== undefined) {
        if (bearer.startsWith(ACCESS_TOKEN_PREFIX)) res.locals.staff = await authenticate.byAccessToken(bearer);
        else if (bootstrap && timingSafeEqual(digest(bearer), bootstrap)) res.locals.staff = { actor: BOOTSTRAP_ACTOR };
        else throw new StaffUnauthorized();
      } else if (signIn(req)) {
        // Signing in needs no credentials; its own checks and throttle apply.
      } else {
        const cookie = parseCookie(req.get('cookie') ?? '')[SESSION_COOKIE];
        if (!cookie) throw new StaffUnauthorized();
        if (UNSAFE.has(req.method) && req.get('origin') !== ownOrigin(req, options.publicOrigin)) {
          throw new CsrfRejected();
        }
        res.locals.staff = await authenticate.bySession(cookie);
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** Sets and clears the session cookie: `HttpOnly`, `SameSite=Strict`, `Path=/`, `Secure` in production. */
export function sessionCookie(res: Response, secure: boolean): SessionCookie {
  const attributes = { httpOnly: true, sameSite: 'strict' as const, path: '/', secure };
  return {
    set: (token, expiresAt) =>
      res.append(
        'Set-Cookie',
        stringifySetCookie({ name: SESSION_COOKIE, value: token, expires: expiresAt, ...attributes }),
      ),
    clear: () =>
      res.append(
        'Set-Cookie',
        stringifySetCookie({ name: SESSION_COOKIE, value: '', expires: new Date(0), ...attributes }),
      ),
  };
}
