import type { Response } from 'express';
import type { Page } from '../../application/ports/pagination.js';

/** The `metadata` added to every answer beside the v1 fields: when the body was made, and the request's id. */
export interface Metadata {
  timestamp: string;
  requestId: string;
}

/** `metadata` for the answer `res` is about to send (the request id is the access log's). */
export function metadataOf(res: Response): Metadata {
  const id = res.getHeader('x-request-id');
  return metadataFor(typeof id === 'string' ? id : '');
}

/** An answer's metadata, now, for the request `requestId` (also where no express response exists). */
export function metadataFor(requestId: string): Metadata {
  return { timestamp: new Date().toISOString(), requestId };
}

/** `{ success: true, data, metadata }` (spec 2.1, plus `metadata`). */
export function dataEnvelope(res: Response, data: unknown) {
  return { success: true, data, metadata: metadataOf(res) };
}

export function sendData(res: Response, data: unknown, status = 200): void {
  res.status(status).json(dataEnvelope(res, data));
}

/**
 * `{ success: true, data: [...], pagination: { total, page, limit, totalCount, totalPages }, metadata }`
 * (spec 2.1, plus `totalCount`, the same as `total`, and `totalPages`).
 */
export function pageEnvelope(res: Response, page: Page<unknown>) {
  return {
    success: true,
    data: page.items,
    pagination: {
      total: page.total,
      page: page.page,
      limit: page.limit,
      totalCount: page.total,
      totalPages: page.limit > 0 ? Math.ceil(page.total / page.limit) : 0,
    },
    metadata: metadataOf(res),
  };
}
