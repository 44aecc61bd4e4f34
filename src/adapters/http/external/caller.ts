import type { Response } from 'express';
import type { Caller } from '../../../application/access/caller.js';

/**
 * The authenticated integration of this request, put on `res.locals.caller` by the
 * authentication middleware. Handlers pass it to their use case, which scopes everything to
 * its tenant.
 */
export function callerOf(res: Response): Caller {
  const caller = res.locals.caller as Caller | undefined;
  if (!caller) throw new Error('External route reached without an authenticated caller');
  return caller;
}
