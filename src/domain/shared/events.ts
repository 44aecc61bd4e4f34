/**
 * A fact the domain records. Aggregates collect events; the use case's transaction writes them
 * to the outbox; the webhook dispatcher delivers them after commit.
 */
export interface DomainEvent {
  /** The public event name, e.g. `billing.invoice.created`. */
  readonly name: string;
  readonly tenantId: string;
  readonly occurredAt: Date;
  /** The webhook payload object of spec 2.10, minus what the dispatcher adds. */
  readonly payload: Readonly<Record<string, unknown>>;
}

/** Base for aggregates that record events. Rebuilding from storage records none. */
export abstract class AggregateRoot {
  #events: DomainEvent[] = [];

  protected record(event: DomainEvent): void {
    this.#events.push(event);
  }

  /** Hands over the recorded events once; a second call returns nothing. */
  pullEvents(): DomainEvent[] {
    const events = this.#events;
    this.#events = [];
    return events;
  }
}
