import type { Pagination } from './generated/responses/common.js';

/**
 * What the SDK's typed methods call: one signed request, answered with the envelope's `data`
 * (or a page of it), or an `ApiError`. Each context's methods live in their own generated class
 * (`generated/inventory.ts`, `generated/billing.ts`, ...) built on this interface; `ExternalApi`
 * (api.ts) holds one of each and implements it with the signing client, retries and errors.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query values as the methods take them; undefined ones are left out. */
export type QueryInput = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  /** Sent as `Idempotency-Key`; the same key on every retry of this call. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface PageOf<T> {
  data: T[];
  pagination: Pagination;
}

export interface Transport {
  /** `path` is relative to `/api/v1/external` (`/products/…`); returns the envelope's `data`. */
  send<T>(
    method: Method,
    path: string,
    input?: { query?: QueryInput; body?: object },
    options?: RequestOptions,
  ): Promise<T>;
  /** A GET of a list: its `data` and `pagination`. */
  sendPage<T>(path: string, query?: QueryInput, options?: RequestOptions): Promise<PageOf<T>>;
}
