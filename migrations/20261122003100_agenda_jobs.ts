import type { Knex } from 'knex';

/**
 * The job table of Agenda 6's PostgreSQL backend (@agendajs/postgres-backend 3.x), created
 * here rather than by the backend at connect (`ensureSchema: false`): several workers starting
 * at once would race on CREATE TABLE IF NOT EXISTS, and the migration lock serialises this.
 * Same columns, indexes and trigger as the backend's own schema.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE agenda_jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name varchar(255) NOT NULL,
      priority integer NOT NULL DEFAULT 0,
      next_run_at timestamptz,
      type varchar(10) NOT NULL DEFAULT 'normal' CHECK (type IN ('normal', 'single')),
      locked_at timestamptz,
      last_finished_at timestamptz,
      failed_at timestamptz,
      fail_count integer DEFAULT NULL,
      fail_reason text,
      repeat_timezone varchar(100),
      last_run_at timestamptz,
      repeat_interval varchar(255),
      data jsonb DEFAULT '{}'::jsonb,
      repeat_at varchar(255),
      disabled boolean DEFAULT false,
      progress real,
      fork boolean DEFAULT false,
      last_modified_by varchar(255),
      debounce_started_at timestamptz,
      start_date timestamptz,
      end_date timestamptz,
      skip_days jsonb,
      created_at timestamptz DEFAULT now(),
      updated_at timestamptz DEFAULT now()
    );
    CREATE INDEX agenda_jobs_find_and_lock_idx
      ON agenda_jobs (name, next_run_at, priority DESC, locked_at, disabled) WHERE disabled = false;
    CREATE UNIQUE INDEX agenda_jobs_single_job_idx ON agenda_jobs (name) WHERE type = 'single';
    CREATE INDEX agenda_jobs_locked_at_idx ON agenda_jobs (locked_at) WHERE locked_at IS NOT NULL;
    CREATE INDEX agenda_jobs_next_run_at_idx ON agenda_jobs (next_run_at) WHERE next_run_at IS NOT NULL;

    CREATE FUNCTION update_agenda_jobs_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.updated_at = now();
      RETURN NEW;
    END $$;
    CREATE TRIGGER agenda_jobs_updated_at_trigger BEFORE UPDATE ON agenda_jobs
      FOR EACH ROW EXECUTE FUNCTION update_agenda_jobs_updated_at();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TABLE agenda_jobs; DROP FUNCTION update_agenda_jobs_updated_at()`);
}
