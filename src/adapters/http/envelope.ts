import type { Response } from 'express';
import type { Page } from '../../application/ports/pagination.js';

/** `{ success: true, data }` (spec 2.1). */
export function sendData(res: Response, data: unknown, status = 200): void {
  res.status(status).json({ success: true, data });
}

/** `{ success: true, data: [...], pagination: { total, page, limit } }` (spec 2.1). */
export function sendPage<T, U>(res: Response, page: Page<T>, present: (item: T) => U): void {
  res.status(200).json({
    success: true,
    data: page.items.map(present),
    pagination: { total: page.total, page: page.page, limit: page.limit },
  });
}
