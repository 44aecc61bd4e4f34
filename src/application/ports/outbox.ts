import type { DomainEvent } from '../../domain/shared/events.js';

/**
 * Where a use case puts the events its aggregates recorded, inside its transaction.
 * Nothing is sent from here; the webhook dispatcher reads the outbox
 * after commit.
 */
export interface Outbox {
  add(events: readonly DomainEvent[]): Promise<void>;
}
