import type { Clock } from '../../src/application/ports/clock.js';
import type { IdGenerator } from '../../src/application/ports/id-generator.js';

/**
 * The two test doubles left: time and ids a test controls. Every repository in the tests is
 * the real knex one, on the test database (test/support/database.ts).
 */
export class FixedClock implements Clock {
  constructor(public current = new Date('2026-03-01T10:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export class SequentialIds implements IdGenerator {
  private n = 0;
  next(): string {
    this.n += 1;
    return `00000000-0000-4000-8000-${String(this.n).padStart(12, '0')}`;
  }
}
