import type { Knex } from 'knex';

/**
 * The back office's people: staff accounts (argon2id password hashes, an encrypted TOTP secret,
 * hashed single-use recovery codes), their sessions and personal access tokens (only SHA-256
 * hashes of either are kept), and the audit log: append-only (a trigger refuses UPDATE and
 * DELETE), hash-chained, with the chain's head on one row that every append locks, so
 * concurrent writers take turns and never fork the chain.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE staff (
      id uuid PRIMARY KEY,
      email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      role text NOT NULL CHECK (role IN ('VIEWER', 'APPROVER', 'ADMIN')),
      tenant_ids uuid[],
      active boolean NOT NULL DEFAULT true,
      password_hash text NOT NULL CHECK (password_hash LIKE '$argon2id$%'),
      totp_secret text,
      totp_enabled boolean NOT NULL DEFAULT false,
      totp_last_step bigint,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK (NOT totp_enabled OR totp_secret IS NOT NULL)
    );
    CREATE UNIQUE INDEX staff_email ON staff (email);

    CREATE TABLE staff_recovery_codes (
      staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
      code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
      used_at timestamptz,
      PRIMARY KEY (staff_id, code_hash)
    );

    CREATE TABLE staff_sessions (
      id uuid PRIMARY KEY,
      staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      CHECK (last_seen_at >= created_at AND expires_at > created_at)
    );
    CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id) WHERE revoked_at IS NULL;

    CREATE TABLE staff_tokens (
      id uuid PRIMARY KEY,
      staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL CHECK (expires_at > created_at),
      last_used_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX staff_tokens_staff ON staff_tokens (staff_id);

    CREATE TABLE audit_log (
      seq bigint PRIMARY KEY CHECK (seq > 0),
      at timestamptz NOT NULL,
      actor_type text NOT NULL CHECK (actor_type IN ('STAFF', 'TOKEN', 'BOOTSTRAP')),
      actor_staff_id uuid,
      actor_email text NOT NULL,
      action text NOT NULL CHECK (action ~ '^[a-z-]+(\\.[a-z-]+)+$'),
      tenant_id uuid,
      target_type text,
      target_id text,
      ip text,
      request_id text,
      changes jsonb NOT NULL,
      prev_hash text NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
      hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$')
    );
    CREATE INDEX audit_log_tenant ON audit_log (tenant_id, seq);
    CREATE INDEX audit_log_target ON audit_log (target_id, seq);

    -- The last entry's seq and hash: every append locks this one row until its transaction ends.
    CREATE TABLE audit_chain_head (
      id smallint PRIMARY KEY CHECK (id = 1),
      seq bigint NOT NULL CHECK (seq >= 0),
      hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$')
    );

    CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP;
    END;
    $$;
    CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TABLE audit_chain_head;
    DROP TABLE audit_log;
    DROP FUNCTION audit_log_is_append_only();
    DROP TABLE staff_tokens;
    DROP TABLE staff_sessions;
    DROP TABLE staff_recovery_codes;
    DROP TABLE staff;
  `);
}
