import { HttpError } from 'react-admin';

/** The admin API, on this origin: the session cookie goes with every call, and the browser adds `Origin` to writes. */
export const ADMIN_API = '/api/v1/admin';

/** The admin API's error envelope (its flat v1 fields). */
export interface ApiErrorBody {
  success: false;
  status: number;
  code: string;
  message: string;
  details?: { field: string; issue: string }[];
}

export interface Paginated<T> {
  data: T[];
  pagination: { total: number; page: number; limit: number };
}

/**
 * An answer that failed: react-admin shows `message` (the API's own) and reads `status`; the
 * API's `code` is in `body.code`. (HttpError resets its prototype, so no subclass: read with `apiCode`.)
 */
export function apiError(message: string, status: number, code: string): HttpError {
  return new HttpError(message, status, { code });
}

/** The admin API's error code of a failed call, if it is one. */
export function apiCode(error: unknown): string | undefined {
  const body = (error as { body?: { code?: unknown } } | null)?.body;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** The HTTP status of a failed call, if it is one. */
export function apiStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

function query(params: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** Calls the admin API: the envelope unwrapped, or an `HttpError` with the API's message and code. */
export async function request<T = unknown>(
  method: string,
  path: string,
  options: { body?: unknown; query?: Record<string, unknown> } = {},
): Promise<{ status: number; json: { data?: T; pagination?: Paginated<unknown>['pagination'] } | null }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${ADMIN_API}${path}${query(options.query)}`, {
      method,
      headers,
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw apiError('The service cannot be reached', 0, 'NETWORK_ERROR');
  }
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  if (text !== '') {
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = null;
    }
  }
  if (!response.ok) {
    const error = (json ?? {}) as Partial<ApiErrorBody>;
    throw apiError(
      error.message ?? `${response.status} ${response.statusText}`,
      response.status,
      error.code ?? 'HTTP_ERROR',
    );
  }
  return { status: response.status, json: json as { data?: T } | null };
}

/** The `data` of an answer. */
export async function getData<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { json } = await request<T>(method, path, { body });
  return json?.data as T;
}
