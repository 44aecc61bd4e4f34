import type { NonceStore } from '../ports/access-ports.js';
import type { Clock } from '../ports/clock.js';

/** Periodic housekeeping: forget nonces past their retention (≥ 10 minutes). */
export class PurgeExpiredNonces {
  constructor(
    private readonly nonces: NonceStore,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<number> {
    return this.nonces.purgeExpired(this.clock.now());
  }
}
