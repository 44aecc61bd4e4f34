import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import type { SendTarget, WebhookMessage, WebhookSender } from '../../application/ports/webhook-ports.js';
import type { AttemptOutcome } from '../../domain/webhooks/delivery.js';
import { guardedConnector, publicAddressesOnly, type AddressFilter } from './address-guard.js';
import { buildWebhookRequest } from './signing.js';

export interface UndiciSenderOptions {
  timeoutMs: number;
  /** `WEBHOOK_ALLOW_HTTP`: http:// targets allowed (development). */
  allowHttp: boolean;
  /** `WEBHOOK_ALLOW_PRIVATE`: private, loopback, link-local... targets allowed (development, tests). */
  allowPrivate: boolean;
  /** Which addresses may be connected to when private ones are not allowed (default: public unicast). */
  addressFilter?: AddressFilter;
  /** How much of a receiver's response body is read (and then discarded). */
  maxResponseBytes?: number;
}

const DEFAULT_MAX_RESPONSE_BYTES = 4096;

/**
 * The outbound webhook request over undici (spec 6.3, 6.4): one POST, success = 2xx within the
 * timeout. Redirects are never followed (a 3xx is a failure), the receiver's body is read up to
 * a few KiB and thrown away (never stored or shown), https only unless allowed, and targets
 * are checked at connect time.
 */
export class UndiciWebhookSender implements WebhookSender {
  private readonly agent: Agent;
  private readonly maxResponseBytes: number;

  constructor(private readonly options: UndiciSenderOptions) {
    const filter = options.allowPrivate ? null : (options.addressFilter ?? publicAddressesOnly);
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.agent = new Agent({
      connect: filter ? guardedConnector(filter, options.timeoutMs) : { timeout: options.timeoutMs },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      keepAliveTimeout: 4_000,
    });
  }

  async send(target: SendTarget, message: WebhookMessage): Promise<AttemptOutcome> {
    const startedAt = new Date();
    const t0 = performance.now();
    const fail = (statusCode: number | null, error: string): AttemptOutcome => ({
      ok: false,
      statusCode,
      error,
      startedAt,
      durationMs: performance.now() - t0,
    });
    let url: URL;
    try {
      url = new URL(target.url);
    } catch {
      return fail(null, 'Invalid webhook URL');
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && this.options.allowHttp)) {
      return fail(null, 'Refused target: webhook URLs must be https');
    }
    const { body, headers } = buildWebhookRequest(message, target, startedAt);
    try {
      const res = await request(url, {
        method: 'POST',
        headers,
        body,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      await this.discard(res.body);
      const status = res.statusCode;
      if (status >= 200 && status < 300) {
        return { ok: true, statusCode: status, startedAt, durationMs: performance.now() - t0 };
      }
      if (status >= 300 && status < 400) return fail(status, `Redirect (HTTP ${status}) not followed`);
      return fail(status, `HTTP ${status}`);
    } catch (err) {
      return fail(null, this.describe(err));
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  /** Reads at most `maxResponseBytes` of the response and drops it; a longer body closes the connection. */
  private async discard(body: AsyncIterable<Buffer> & { destroy?: () => void }): Promise<void> {
    let read = 0;
    for await (const chunk of body) {
      read += chunk.length;
      if (read >= this.maxResponseBytes) break;
    }
  }

  private describe(err: unknown): string {
    const e = err as { name?: string; code?: string; message?: string; cause?: unknown };
    const cause = e.cause as { code?: string; message?: string } | undefined;
    const code = e.code ?? cause?.code;
    if (e.name === 'TargetRefused' || code === 'WEBHOOK_TARGET_REFUSED') return (e.message ?? cause?.message)!;
    if (cause && (cause as { name?: string }).name === 'TargetRefused') return cause.message!;
    if (e.name === 'TimeoutError' || e.name === 'AbortError' || /TIMEOUT/.test(code ?? '')) {
      return `Timeout: no response within ${this.options.timeoutMs} ms`;
    }
    if (code === 'ECONNREFUSED') return 'Connection refused';
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'Connection reset';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'Host not found';
    return `Request failed: ${(code ?? e.message ?? 'unknown error').slice(0, 200)}`;
  }
}
