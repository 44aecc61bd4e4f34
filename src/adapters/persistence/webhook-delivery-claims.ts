import type { SecretCipher } from '../../application/ports/access-ports.js';
import type { ClaimedDelivery } from '../../application/ports/webhook-ports.js';
import { secretsInForce } from '../../domain/access/integration.js';
import { DELIVERY_MOVES } from '../../domain/webhooks/delivery.machine.js';
import type { DeliveryLease, WebhookDelivery } from '../../domain/webhooks/delivery.js';
import { MAX_IN_FLIGHT_PER_TENANT } from '../../domain/webhooks/retry-policy.js';
import { prepared, type Db } from './db.js';
import { toDelivery, toDeliveryRow, type WebhookDeliveryRow } from './webhook-delivery.mapper.js';
import { canBeSent, LEASED, statusIn } from './webhook-delivery-sql.js';

interface ClaimedRow extends WebhookDeliveryRow {
  target_url: string | null;
  target_secret_enc: string | null;
  target_previous_secret_enc: string | null;
  target_previous_secret_expires_at: Date | null;
  target_active: boolean;
}

/**
 * Claims due deliveries in two statements of the caller's transaction: lock the lanes (one row
 * per tenant) of tenants with due work and a free slot, skipping lanes another worker holds;
 * then, in a fresh snapshot that sees every claim committed before those locks were taken, hand
 * each due delivery a free slot number (1..5). Only deliveries of an active integration with a
 * webhook URL and an endpoint that is not paused are claimed (the others wait). The unique
 * (tenant_id, in_flight_slot) index makes a sixth in-flight delivery of a tenant impossible
 * whatever the code does.
 */
export async function claimDue(db: Db, cipher: SecretCipher, claim: DeliveryClaim): Promise<ClaimedDelivery[]> {
  const tenants = await dueLanes(db, claim);
  if (tenants.length === 0) return [];
  const rows = await claimInLanes(db, tenants, claim);
  // A claim holds up to five deliveries of each integration: its secret is decrypted once.
  const secrets = new Map<string, string>();
  const secretOf = (encrypted: string) => {
    let secret = secrets.get(encrypted);
    if (secret === undefined) secrets.set(encrypted, (secret = cipher.decrypt(encrypted)));
    return secret;
  };
  return rows.map((row) => ({ delivery: toDelivery(row), target: targetOf(row, secretOf, claim.now) }));
}

/** The claimed row's target: its URL and the webhook secrets in force at the claim, decrypted. */
function targetOf(row: ClaimedRow, secretOf: (encrypted: string) => string, now: Date): ClaimedDelivery['target'] {
  if (!row.target_secret_enc)
    return { url: row.target_url, secret: null, previousSecret: null, active: row.target_active };
  const [secret, previousSecret] = secretsInForce(
    row.target_secret_enc,
    row.target_previous_secret_enc,
    row.target_previous_secret_expires_at,
    now,
  ).map(secretOf);
  return { url: row.target_url, secret: secret!, previousSecret: previousSecret ?? null, active: row.target_active };
}

/** Who claims, how many, for how long, and when. */
interface DeliveryClaim {
  owner: string;
  limit: number;
  leaseMs: number;
  now: Date;
}

/**
 * The tenants whose lanes have a due delivery and a free slot, least recently served first: up
 * to `limit`, locked (`lock`: skipping lanes another worker holds), or a look without locks.
 */
function dueLanesSql(lock: boolean): string {
  // Per lane, a LIMIT 1 probe of the due index (a LATERAL, so the planner cannot turn it
  // into a scan of every due delivery).
  return `SELECT l.tenant_id FROM webhook_dispatch_lanes l
     CROSS JOIN LATERAL (
       SELECT 1 FROM webhook_deliveries d
       JOIN integrations i ON i.tenant_id = d.tenant_id AND i.id = d.integration_id
       WHERE d.tenant_id = l.tenant_id AND ${canBeSent('d', 'i')}
       LIMIT 1
     ) due
     WHERE (SELECT count(*) FROM webhook_deliveries f WHERE f.tenant_id = l.tenant_id AND ${LEASED('f.status')}) < ?
     ORDER BY l.last_claim_at, l.tenant_id
     LIMIT ?${lock ? '\n     FOR UPDATE OF l SKIP LOCKED' : ''}`;
}

async function dueLanes(db: Db, claim: DeliveryClaim): Promise<string[]> {
  const lanes = await prepared<{ rows: { tenant_id: string }[] }>(db, dueLanesSql(true), [
    claim.now,
    MAX_IN_FLIGHT_PER_TENANT,
    claim.limit,
  ]);
  return lanes.rows.map((r) => r.tenant_id);
}

/** Has a tenant a due delivery and a free slot? One statement, no lock, no transaction needed. */
export async function hasDue(db: Db, now: Date): Promise<boolean> {
  const lanes = await prepared<{ rows: unknown[] }>(db, dueLanesSql(false), [now, MAX_IN_FLIGHT_PER_TENANT, 1]);
  return lanes.rows.length > 0;
}

/** Claims the due deliveries of `tenants`, each in a free slot of its lane. */
async function claimInLanes(db: Db, tenants: string[], claim: DeliveryClaim): Promise<ClaimedRow[]> {
  const { now } = claim;
  const claimed = await prepared<{ rows: ClaimedRow[] }>(
    db,
    `WITH lanes AS (SELECT unnest(?::uuid[]) AS tenant_id),
     free AS (
       SELECT lanes.tenant_id, s.slot, row_number() OVER (PARTITION BY lanes.tenant_id ORDER BY s.slot) AS rn
       FROM lanes CROSS JOIN generate_series(1, ?::int) AS s(slot)
       WHERE NOT EXISTS (
         SELECT 1 FROM webhook_deliveries f WHERE f.tenant_id = lanes.tenant_id AND f.in_flight_slot = s.slot)
     ),
     due AS (
       SELECT d.tenant_id, d.id, row_number() OVER (PARTITION BY d.tenant_id ORDER BY d.next_attempt_at, d.created_at, d.id) AS rn
       FROM lanes CROSS JOIN LATERAL (
         SELECT x.tenant_id, x.id, x.next_attempt_at, x.created_at
         FROM webhook_deliveries x
         JOIN integrations i ON i.tenant_id = x.tenant_id AND i.id = x.integration_id
         WHERE x.tenant_id = lanes.tenant_id AND ${canBeSent('x', 'i')}
         ORDER BY x.next_attempt_at, x.created_at, x.id
         LIMIT ?::int
       ) d
     ),
     picked AS (
       SELECT due.tenant_id, due.id, free.slot
       FROM due JOIN free ON free.tenant_id = due.tenant_id AND free.rn = due.rn
       ORDER BY due.rn, due.tenant_id
       LIMIT ?
     ),
     lanes_touched AS (
       UPDATE webhook_dispatch_lanes l SET last_claim_at = ? WHERE l.tenant_id IN (SELECT tenant_id FROM picked)
     )
     UPDATE webhook_deliveries d
     SET status = '${DELIVERY_MOVES.claim.to}', in_flight_slot = picked.slot, lease_owner = ?, lease_token = gen_random_uuid(),
         lease_expires_at = ?, next_attempt_at = NULL, updated_at = ?
     FROM picked, integrations i
     WHERE d.tenant_id = picked.tenant_id AND d.id = picked.id AND ${statusIn('d.status', DELIVERY_MOVES.claim.from)}
       AND i.tenant_id = d.tenant_id AND i.id = d.integration_id
     RETURNING d.*, i.webhook_url AS target_url, i.webhook_secret_enc AS target_secret_enc,
       i.previous_webhook_secret_enc AS target_previous_secret_enc,
       i.previous_webhook_secret_expires_at AS target_previous_secret_expires_at, i.active AS target_active`,
    [
      tenants,
      MAX_IN_FLIGHT_PER_TENANT,
      now,
      MAX_IN_FLIGHT_PER_TENANT,
      claim.limit,
      now,
      claim.owner,
      new Date(now.getTime() + claim.leaseMs),
      now,
    ],
  );
  return claimed.rows;
}

/** Inserts a delivery already claimed (a ping), in a free slot of its tenant's lane, or null when none is free. */
export async function addClaimed(
  db: Db,
  delivery: WebhookDelivery,
  claim: { owner: string; leaseMs: number; now: Date },
): Promise<DeliveryLease | null> {
  if (!DELIVERY_MOVES.claim.from.includes(delivery.status)) {
    throw new Error(`A ${delivery.status} delivery cannot be claimed`);
  }
  const row = toDeliveryRow(delivery);
  await db.raw(`INSERT INTO webhook_dispatch_lanes (tenant_id) VALUES (?) ON CONFLICT DO NOTHING`, [row.tenant_id]);
  // Wait for the lane: a claimer holds it for a few milliseconds at most.
  await db.raw(`SELECT 1 FROM webhook_dispatch_lanes WHERE tenant_id = ? FOR UPDATE`, [row.tenant_id]);
  const free = await db.raw<{ rows: { slot: number }[] }>(
    `SELECT s.slot FROM generate_series(1, ?::int) AS s(slot)
     WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries f WHERE f.tenant_id = ? AND f.in_flight_slot = s.slot)
     ORDER BY s.slot LIMIT 1`,
    [MAX_IN_FLIGHT_PER_TENANT, row.tenant_id],
  );
  const slot = free.rows[0]?.slot;
  if (slot === undefined) return null;
  const expiresAt = new Date(claim.now.getTime() + claim.leaseMs);
  const inserted = await db.raw<{ rows: { lease_token: string }[] }>(
    `INSERT INTO webhook_deliveries (tenant_id, id, integration_id, event_id, event_name, payload, status, attempts,
       next_attempt_at, in_flight_slot, lease_owner, lease_token, lease_expires_at, occurred_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, '${DELIVERY_MOVES.claim.to}', 0, NULL, ?, ?, gen_random_uuid(), ?, ?, ?, ?)
     RETURNING lease_token`,
    [
      row.tenant_id,
      row.id,
      row.integration_id,
      row.event_id,
      row.event_name,
      row.payload,
      slot,
      claim.owner,
      expiresAt,
      row.occurred_at,
      row.created_at,
      claim.now,
    ],
  );
  return { slot, owner: claim.owner, token: inserted.rows[0]!.lease_token, expiresAt };
}
