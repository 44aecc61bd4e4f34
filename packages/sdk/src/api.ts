import { randomUUID } from 'node:crypto';
import { ExternalApiClient, type ClientOptions } from './client.js';
import { ApiError } from './errors.js';
import { ExternalApiGroups } from './generated/groups.js';
import { withQuery } from './query.js';
import type { Method, PageOf, QueryInput, RequestOptions } from './transport.js';

export interface RetryOptions {
  /** Attempts in all, the first included (default 3; 1: no retry). */
  maxAttempts: number;
  /** The first backoff (default 250 ms), doubled on each attempt, with jitter. */
  baseDelayMs: number;
  /**
   * The longest wait between attempts (default 30 s). An answer whose `Retry-After` asks for
   * longer (a monthly quota, say) is not retried: its `ApiError` is thrown at once.
   */
  maxDelayMs: number;
}

export interface ExternalApiOptions extends ClientOptions {
  retries?: Partial<RetryOptions>;
  /** The `fetch` to send with (default: the global one). */
  fetch?: typeof fetch;
}

const DEFAULT_RETRIES: RetryOptions = { maxAttempts: 3, baseDelayMs: 250, maxDelayMs: 30_000 };
const WRITES = new Set<Method>(['POST', 'PUT', 'PATCH']);

interface SuccessBody {
  data: unknown;
  pagination?: PageOf<unknown>['pagination'];
}

/**
 * The typed client of the external API: one group of methods per context (`inventory`,
 * `logistics`, `billing`, `usage`), each named by its route's operationId. Every attempt is signed afresh (new nonce and timestamp); a write keeps
 * one `Idempotency-Key` across its attempts (the caller's, or a random UUID), so a retried POST
 * runs once. 429 and 5xx answers and network errors are retried with exponential backoff and
 * jitter, waiting at least what `Retry-After` asks; any other non-2xx throws an `ApiError`.
 */
export class ExternalApi extends ExternalApiGroups {
  private readonly client: ExternalApiClient;
  private readonly retries: RetryOptions;
  private readonly fetch: typeof fetch;

  constructor(options: ExternalApiOptions) {
    super();
    const { retries, fetch: fetchImpl, ...clientOptions } = options;
    this.client = new ExternalApiClient(clientOptions);
    this.retries = { ...DEFAULT_RETRIES, ...retries };
    this.fetch = fetchImpl ?? globalThis.fetch;
  }

  override async send<T>(
    method: Method,
    path: string,
    input: { query?: QueryInput; body?: object } = {},
    options: RequestOptions = {},
  ): Promise<T> {
    return (await this.exchange(method, withQuery(path, input.query), input.body, options)).data as T;
  }

  override async sendPage<T>(path: string, query?: QueryInput, options: RequestOptions = {}): Promise<PageOf<T>> {
    const answer = await this.exchange('GET', withQuery(path, query), undefined, options);
    return { data: answer.data as T[], pagination: answer.pagination! };
  }

  private async exchange(
    method: Method,
    path: string,
    body: object | undefined,
    options: RequestOptions,
  ): Promise<SuccessBody> {
    const idempotencyKey = options.idempotencyKey ?? (WRITES.has(method) ? randomUUID() : undefined);
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= this.retries.maxAttempts;
      const req = this.client.prepare(method, path, body, { idempotencyKey });
      let res: Response;
      try {
        res = await this.fetch(req.url, {
          method: req.method,
          headers: req.headers,
          body: req.body,
          signal: options.signal,
        });
      } catch (err) {
        if (last || options.signal?.aborted) throw err;
        await sleep(this.backoff(attempt), options.signal);
        continue;
      }
      const text = await res.text();
      const parsed = parseJson(text);
      if (res.ok) return parsed as SuccessBody;
      if (!last && (res.status === 429 || res.status >= 500)) {
        const wait = Math.max(this.backoff(attempt), retryAfterMs(res.headers.get('retry-after')));
        if (wait <= this.retries.maxDelayMs) {
          await sleep(wait, options.signal);
          continue;
        }
      }
      throw ApiError.fromResponse(res.status, parsed, res.headers);
    }
  }

  /** Exponential backoff with "equal jitter": half the step for sure, the other half at random. */
  private backoff(attempt: number): number {
    const step = Math.min(this.retries.maxDelayMs, this.retries.baseDelayMs * 2 ** (attempt - 1));
    return step / 2 + Math.random() * (step / 2);
  }
}

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); 0 when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  if (value === null || value.trim() === '') return 0;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
