import { randomUUID } from 'node:crypto';
import { injectable } from 'inversify';
import type { Clock } from '../../application/ports/clock.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';

@injectable()
export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

@injectable()
export class RandomUuidGenerator implements IdGenerator {
  next(): string {
    return randomUUID();
  }
}
