import type { LoadOptions, NoteRepository } from '../../application/ports/billing-repositories.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import { DuplicateDocumentNumber } from '../../domain/billing/errors.js';
import type { Note, NoteKind } from '../../domain/billing/note.js';
import { translateViolations } from './db-errors.js';
import { toNote, toNoteRow, type NoteRow } from './note.mapper.js';
import { withEvents } from './outbox-repository.js';
import { paginate } from './paginate.js';
import type { Db, SeenAggregates } from './db.js';

/** The table of each kind of note. */
export const NOTE_TABLES: Record<NoteKind, string> = { CREDIT: 'credit_notes', DEBIT: 'debit_notes' };

/** Credit notes or debit notes, by `kind`: same columns, one table each. */
export class KnexNoteRepository implements NoteRepository {
  private readonly table: string;

  constructor(
    private readonly db: Db,
    private readonly kind: NoteKind,
    private readonly seen: SeenAggregates,
  ) {
    this.table = NOTE_TABLES[kind];
  }

  async add(note: Note): Promise<void> {
    this.seen.add(note);
    await translateViolations(() => withEvents(this.db, note, (q) => q.insert(toNoteRow(note)).into(this.table)), {
      [`${this.table}_tenant_number_unique`]: () => new DuplicateDocumentNumber(),
    });
  }

  async save(note: Note): Promise<void> {
    this.seen.add(note);
    const row = toNoteRow(note);
    await withEvents(this.db, note, (q) =>
      q.table(this.table).where({ tenant_id: row.tenant_id, id: row.id }).update({
        status: row.status,
        void_reason: row.void_reason,
        approved_at: row.approved_at,
        approved_by: row.approved_by,
        voided_at: row.voided_at,
        voided_by: row.voided_by,
        updated_at: row.updated_at,
      }),
    );
  }

  async findById(tenantId: string, id: string, options: LoadOptions = {}): Promise<Note | null> {
    const q = this.db<NoteRow>(this.table).where({ tenant_id: tenantId, id });
    if (options.forUpdate) q.forUpdate();
    const row = await q.first();
    return row ? toNote(this.kind, row) : null;
  }

  async findByIdAcrossTenants(id: string): Promise<Note | null> {
    const row = await this.db<NoteRow>(this.table).where({ id }).first();
    return row ? toNote(this.kind, row) : null;
  }

  async list(tenantId: string, query: PageRequest): Promise<Page<Note>> {
    const base = this.db<NoteRow>(this.table).where({ tenant_id: tenantId });
    return paginate(
      base,
      query,
      (q) => q.select('*').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]),
      (row: NoteRow) => toNote(this.kind, row),
    );
  }
}
