import { newNonce, signBody, signRequestLine } from './signing.js';

export interface ClientOptions {
  /** e.g. `https://api.example.com` (no trailing path). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The integration's API key, when the back office issued one: sent as `x-api-key`. */
  apiKey?: string;
  /** Also send `x-signature` on GET (required when the integration has `requireSignedReads`). */
  signReads?: boolean;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface PreparedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * A small client of the external API: every request gets a fresh nonce and timestamp, and
 * POST/PUT/PATCH bodies are signed. `prepare` returns the signed request without sending it.
 */
export class ExternalApiClient {
  constructor(private readonly options: ClientOptions) {}

  prepare(
    method: string,
    path: string,
    body?: object,
    at: { nonce?: string; timestamp?: number; idempotencyKey?: string } = {},
  ): PreparedRequest {
    const m = method.toUpperCase();
    const nonce = at.nonce ?? newNonce();
    const timestamp = at.timestamp ?? Date.now();
    const pathWithQuery = `/api/v1/external${path}`;
    const headers: Record<string, string> = {
      'x-client-id': this.options.clientId,
      'x-nonce': nonce,
      'x-timestamp': String(timestamp),
    };
    if (this.options.apiKey !== undefined) headers['x-api-key'] = this.options.apiKey;
    // A retry with the same key (re-signed) gets the first response again, not a second write.
    if (at.idempotencyKey !== undefined) headers['idempotency-key'] = at.idempotencyKey;
    const prepared: PreparedRequest = { url: `${this.options.baseUrl}${pathWithQuery}`, method: m, headers };
    if (m === 'POST' || m === 'PUT' || m === 'PATCH') {
      headers['content-type'] = 'application/json';
      prepared.body = JSON.stringify(signBody(body ?? {}, this.options.clientSecret, nonce, timestamp));
    } else if (this.options.signReads) {
      headers['x-signature'] = signRequestLine(this.options.clientSecret, m, pathWithQuery, timestamp, nonce);
    }
    return prepared;
  }

  static async send<T = unknown>(req: PreparedRequest): Promise<ApiResponse<T>> {
    const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
  }

  request<T = unknown>(
    method: string,
    path: string,
    body?: object,
    options: { idempotencyKey?: string } = {},
  ): Promise<ApiResponse<T>> {
    return ExternalApiClient.send<T>(this.prepare(method, path, body, options));
  }
}
