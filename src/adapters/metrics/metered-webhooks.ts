import type { AttemptOutcome } from '../../domain/webhooks/delivery.js';
import type {
  SendTarget,
  WebhookAlerts,
  WebhookMessage,
  WebhookSender,
} from '../../application/ports/webhook-ports.js';
import type { ServiceMetrics } from './service-metrics.js';

/** Counts every attempt's outcome; otherwise the sender it wraps (its `close`, too). */
export class MeteredWebhookSender implements WebhookSender {
  constructor(
    private readonly inner: WebhookSender & { close?: () => Promise<void> },
    private readonly metrics: ServiceMetrics,
  ) {}

  async send(target: SendTarget, message: WebhookMessage): Promise<AttemptOutcome> {
    const outcome = await this.inner.send(target, message);
    this.metrics.deliveryAttempt(outcome.ok ? 'delivered' : 'failed');
    return outcome;
  }

  async close(): Promise<void> {
    await this.inner.close?.();
  }
}

/** Counts dead letters; the alert itself goes to the alerts it wraps. */
export class MeteredWebhookAlerts implements WebhookAlerts {
  constructor(
    private readonly inner: WebhookAlerts,
    private readonly metrics: ServiceMetrics,
  ) {}

  deadLettered(alert: Parameters<WebhookAlerts['deadLettered']>[0]): void {
    this.metrics.deadLettered();
    this.inner.deadLettered(alert);
  }
}
