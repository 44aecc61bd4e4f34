import type { Clock } from '../ports/clock.js';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.js';
import type { ClaimedDelivery, WebhookSettings } from '../ports/webhook-ports.js';

/** Who claims and how many at most. */
export interface ClaimRequest {
  owner: string;
  limit: number;
}

/** The claim, in the caller's transaction: due deliveries under a lease of the settings' length. */
export function claimIn(
  r: Pick<Repositories, 'webhookDeliveries'>,
  settings: WebhookSettings,
  request: ClaimRequest,
  now: Date,
): Promise<ClaimedDelivery[]> {
  return r.webhookDeliveries.claimDue({ ...request, leaseMs: settings.leaseMs, now });
}

/**
 * A worker takes due deliveries to send: each claim holds one of its tenant's five in-flight
 * slots under a lease (the database refuses a sixth), so at most 5 deliveries of a tenant are
 * in flight across every worker process.
 */
export class ClaimDueDeliveries {
  constructor(
    private readonly uow: UnitOfWork<'webhookDeliveries'>,
    private readonly clock: Clock,
    private readonly settings: WebhookSettings,
  ) {}

  async execute(owner: string, limit: number): Promise<ClaimedDelivery[]> {
    if (limit <= 0) return [];
    const now = this.clock.now();
    // Most wake-ups find nothing to claim (a slot freed, another worker's delivery): a look
    // without locks costs one round trip where the claim's transaction costs three.
    if (!(await this.uow.read((r) => r.webhookDeliveries.hasDue(now)))) return [];
    return this.uow.run((r) => claimIn(r, this.settings, { owner, limit }, now));
  }
}
