import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { AuthenticationError } from '../../domain/shared/errors.js';

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Bearer `ADMIN_TOKEN` on the back-office API. Both sides are hashed first so the comparison
 * is constant-time whatever the lengths.
 */
export function adminAuth(adminToken: string): RequestHandler {
  const expected = digest(adminToken);
  return (req, _res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      next(new AuthenticationError('UNAUTHORIZED', 'Missing or invalid admin token.'));
      return;
    }
    next();
  };
}
