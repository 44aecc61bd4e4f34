import type { Logger } from 'pino';
import type { WebhookAlerts } from '../../application/ports/webhook-ports.js';

/**
 * The dead-letter alarm as a pino error line (alert: 'webhook.dead_letter'), for log-based
 * alerting. It names the tenant, integration, delivery and event — never the secret.
 */
export class PinoWebhookAlerts implements WebhookAlerts {
  constructor(private readonly logger: Logger) {}

  deadLettered(alert: Parameters<WebhookAlerts['deadLettered']>[0]): void {
    this.logger.error(
      { alert: 'webhook.dead_letter', ...alert },
      `Webhook delivery dead-lettered after ${alert.attempts} attempts; endpoint of integration ${alert.integrationId} paused`,
    );
  }
}
