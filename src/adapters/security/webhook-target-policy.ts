import type { WebhookTargetPolicy } from '../../application/ports/access-ports.js';
import { ValidationError } from '../../domain/shared/errors.js';

/**
 * Scheme policy for webhook URLs: https only unless `WEBHOOK_ALLOW_HTTP`. (Address checks —
 * private, loopback, link-local — are made by the webhook sender at connect time.)
 */
export class SchemeWebhookTargetPolicy implements WebhookTargetPolicy {
  constructor(private readonly allowHttp: boolean) {}

  async assertAllowed(url: string): Promise<void> {
    const { protocol } = new URL(url);
    if (protocol === 'https:') return;
    if (protocol === 'http:' && this.allowHttp) return;
    throw new ValidationError('webhookUrl must be an https URL', 'webhookUrl');
  }
}
