import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { WebhookTargetPolicy } from '../../application/ports/access-ports.js';
import { ValidationError } from '../../domain/shared/errors.js';
import { describeRefusal, judgeAddress } from '../../domain/webhooks/target-address.js';

export interface TargetPolicyOptions {
  /** `WEBHOOK_ALLOW_HTTP`. */
  allowHttp: boolean;
  /** `WEBHOOK_ALLOW_PRIVATE`. */
  allowPrivate: boolean;
  /** Name resolution (every address of the name); the system resolver by default. */
  resolve?: (hostname: string) => Promise<string[]>;
}

const systemResolve = async (hostname: string) => (await lookup(hostname, { all: true })).map((a) => a.address);

/**
 * The check when a webhook URL is set: https unless `WEBHOOK_ALLOW_HTTP`; and,
 * unless `WEBHOOK_ALLOW_PRIVATE`, the host — an IP literal in any spelling the URL parser
 * accepts, or every address its name resolves to — must be public unicast (not loopback,
 * private, CGNAT, link-local or metadata, unique-local, multicast, reserved). The sender checks
 * again at connect time, which is what defeats DNS rebinding; this check gives the back office
 * an early, clear refusal.
 */
export class ResolvingWebhookTargetPolicy implements WebhookTargetPolicy {
  private readonly resolve: (hostname: string) => Promise<string[]>;

  constructor(private readonly options: TargetPolicyOptions) {
    this.resolve = options.resolve ?? systemResolve;
  }

  async assertAllowed(url: string): Promise<void> {
    const target = new URL(url);
    if (target.protocol !== 'https:' && !(target.protocol === 'http:' && this.options.allowHttp)) {
      throw new ValidationError(
        'webhookUrl must be an https URL (http is allowed in development with WEBHOOK_ALLOW_HTTP=true)',
        'webhookUrl',
      );
    }
    if (this.options.allowPrivate) return;
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: string[];
    if (isIP(host)) {
      addresses = [host];
    } else {
      try {
        addresses = await this.resolve(host);
      } catch {
        throw new ValidationError(`webhookUrl host ${host} could not be resolved`, 'webhookUrl');
      }
    }
    for (const address of addresses) {
      const verdict = judgeAddress(address);
      if (!verdict || !verdict.allowed) {
        const why = verdict ? describeRefusal(verdict) : `${address} is not an IP address`;
        throw new ValidationError(
          `webhookUrl must not point to a private, loopback or link-local address (${why}); ` +
            'allowed in development with WEBHOOK_ALLOW_PRIVATE=true',
          'webhookUrl',
        );
      }
    }
  }
}
