import type { Knex } from 'knex';
import type { AggregateRoot } from '../../domain/shared/events.js';

/** What a repository runs its SQL on: the pool, or the unit of work's transaction. */
export type Db = Knex | Knex.Transaction;

/**
 * The aggregates a unit of work's repositories added or saved: before commit, the events they
 * still hold go to the outbox (the Cosmic Python `seen` set). Most writes have already taken
 * their aggregate's events along in their own statement (`withEvents`).
 */
export type SeenAggregates = Set<AggregateRoot>;
