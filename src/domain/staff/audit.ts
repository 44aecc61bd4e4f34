import type { ActorType } from './staff.js';

/** One field's change: its old and new values, or only its name for a secret, hash or password. */
export type FieldChange = { old: unknown; new: unknown } | { hidden: true };

/** What an audit entry records, before the chain gives it its `seq` and hashes. */
export interface AuditRecord {
  at: Date;
  actor: { type: ActorType; staffId: string | null; email: string };
  /** A dotted verb: `stock-adjustment.approve`, `session.create`, ... */
  action: string;
  tenantId: string | null;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  requestId: string | null;
  changes: Record<string, FieldChange>;
}

/** An entry of the chain. */
export interface AuditEntry extends AuditRecord {
  seq: number;
  prevHash: string;
  hash: string;
}

/** The previous hash of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** Fields whose values an entry never shows, whatever their record calls them. */
const HIDDEN = /secret|hash|password|token|api_?key|recovery|totp/i;

/**
 * Fields that change with every write, or by themselves beside it (an integration's or a
 * token's latest use), and say nothing of it.
 */
const NOISE = new Set(['updatedAt', 'version', 'lastUsedAt']);

const camel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** JSON with object keys sorted at every depth: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * The text an entry's hash covers: the previous entry's hash and every field of its own, so an
 * edited, inserted or deleted entry breaks the chain from there on.
 */
export function chainedText(seq: number, prevHash: string, record: AuditRecord): string {
  return canonicalJson({ ...record, at: record.at.toISOString(), seq, prevHash });
}

/**
 * The fields that differ between two snapshots of a record (`null`: it did not exist), named in
 * camelCase; a secret's, hash's or password's values are never shown, only its name.
 */
export function changesBetween(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    const field = camel(name);
    const old = before?.[name] ?? null;
    const now = after?.[name] ?? null;
    if (NOISE.has(field) || canonicalJson(old) === canonicalJson(now)) continue;
    changes[field] = HIDDEN.test(field) ? { hidden: true } : { old, new: now };
  }
  return changes;
}

/** Names fields as changed without their values (a password set, a secret issued). */
export function hiddenChanges(...fields: string[]): Record<string, FieldChange> {
  return Object.fromEntries(fields.map((f) => [f, { hidden: true } as const]));
}

/** The outcome of checking the chain. */
export interface ChainVerdict {
  entries: number;
  valid: boolean;
  /** The first entry whose hash or link does not hold (or that is missing). */
  firstBrokenSeq: number | null;
}

/**
 * Walks the entries in `seq` order: each must follow the one before (no gap), link to its hash
 * and hash to what it says; the last must be the chain's head (`head`), so a deleted tail shows.
 */
export async function verifyChain(
  entries: AsyncIterable<AuditEntry>,
  digest: (text: string) => string,
  head: { seq: number; hash: string },
): Promise<ChainVerdict> {
  let count = 0;
  let firstBroken: number | null = null;
  let prev = { seq: 0, hash: GENESIS_HASH };
  for await (const entry of entries) {
    count++;
    const { seq, prevHash, hash, ...record } = entry;
    const holds = seq === prev.seq + 1 && prevHash === prev.hash && digest(chainedText(seq, prevHash, record)) === hash;
    if (!holds) firstBroken ??= Math.min(seq, prev.seq + 1);
    prev = { seq, hash };
  }
  if (prev.seq !== head.seq || prev.hash !== head.hash) firstBroken ??= Math.min(prev.seq, head.seq) + 1;
  return { entries: count, valid: firstBroken === null, firstBrokenSeq: firstBroken };
}
