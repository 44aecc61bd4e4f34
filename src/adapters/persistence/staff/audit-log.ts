import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Page, PageRequest } from '../../../application/ports/pagination.js';
import type { AuditLog, AuditQuery } from '../../../application/ports/staff-ports.js';
import {
  chainedText,
  GENESIS_HASH,
  verifyChain,
  type AuditEntry,
  type AuditRecord,
  type ChainVerdict,
} from '../../../domain/staff/audit.js';
import type { ActorType, TenantScope } from '../../../domain/staff/staff.js';
import type { Db } from '../db.js';
import { paginate } from '../paginate.js';

interface AuditRow {
  seq: string | number;
  at: Date;
  actor_type: ActorType;
  actor_staff_id: string | null;
  actor_email: string;
  action: string;
  tenant_id: string | null;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  request_id: string | null;
  changes: AuditRecord['changes'];
  prev_hash: string;
  hash: string;
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function entryOf(row: AuditRow): AuditEntry {
  return {
    seq: Number(row.seq),
    at: row.at,
    actor: { type: row.actor_type, staffId: row.actor_staff_id, email: row.actor_email },
    action: row.action,
    tenantId: row.tenant_id,
    targetType: row.target_type,
    targetId: row.target_id,
    ip: row.ip,
    requestId: row.request_id,
    changes: row.changes,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/** Rows read per round trip when the whole chain is verified. */
const VERIFY_BATCH = 1000;

/**
 * The hash-chained audit log. An append locks the chain's head row (upserted, so an emptied
 * table starts again at the genesis hash), chains the entry after it and moves the head, all in
 * the caller's transaction: concurrent appends take turns on that row, and the lock is held
 * only from the append to the commit (the unit of work appends last).
 */
export class KnexAuditLog implements AuditLog {
  constructor(private readonly db: Db) {}

  async append(record: AuditRecord): Promise<AuditEntry> {
    const head = await this.db.raw<{ rows: { seq: string; hash: string }[] }>(
      `INSERT INTO audit_chain_head AS h (id, seq, hash) VALUES (1, 0, ?)
       ON CONFLICT (id) DO UPDATE SET id = h.id
       RETURNING seq, hash`,
      [GENESIS_HASH],
    );
    const seq = Number(head.rows[0]!.seq) + 1;
    const prevHash = head.rows[0]!.hash;
    // The time as the hash covers it: what the database gives back (milliseconds).
    const at = new Date(record.at.getTime());
    const hash = sha256(chainedText(seq, prevHash, { ...record, at }));
    await this.db('audit_log').insert({
      seq,
      at,
      actor_type: record.actor.type,
      actor_staff_id: record.actor.staffId,
      actor_email: record.actor.email,
      action: record.action,
      tenant_id: record.tenantId,
      target_type: record.targetType,
      target_id: record.targetId,
      ip: record.ip,
      request_id: record.requestId,
      changes: JSON.stringify(record.changes),
      prev_hash: prevHash,
      hash,
    });
    await this.db('audit_chain_head').where({ id: 1 }).update({ seq, hash });
    return { ...record, at, seq, prevHash, hash };
  }

  list(query: AuditQuery, scope: TenantScope, page: PageRequest): Promise<Page<AuditEntry>> {
    const q = this.db('audit_log');
    if (scope !== null) q.whereIn('tenant_id', scope);
    if (query.actor) q.where('actor_email', query.actor.toLowerCase());
    if (query.action) q.where('action', query.action);
    if (query.tenantId) q.where('tenant_id', query.tenantId);
    if (query.targetId) q.where('target_id', query.targetId);
    if (query.from) q.where('at', '>=', query.from);
    if (query.to) q.where('at', '<', query.to);
    return paginate(q, page, (p) => p.select('*').orderBy('seq', 'desc'), entryOf);
  }

  async verify(): Promise<ChainVerdict> {
    const head = (await this.db('audit_chain_head').where({ id: 1 }).first()) as
      { seq: string; hash: string } | undefined;
    return verifyChain(
      this.entries(),
      sha256,
      head ? { seq: Number(head.seq), hash: head.hash } : { seq: 0, hash: GENESIS_HASH },
    );
  }

  /** Every entry in `seq` order, a batch at a time (keyset pages: no offset scan). */
  private async *entries(): AsyncGenerator<AuditEntry> {
    let after = 0;
    for (;;) {
      const rows: AuditRow[] = await this.db('audit_log').where('seq', '>', after).orderBy('seq').limit(VERIFY_BATCH);
      for (const row of rows) yield entryOf(row);
      if (rows.length < VERIFY_BATCH) return;
      after = Number(rows[rows.length - 1]!.seq);
    }
  }
}

/** Reads for a knex handle outside any unit of work (the verify route's own connection). */
export const auditLogOn = (knex: Knex) => new KnexAuditLog(knex);
