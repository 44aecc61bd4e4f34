import type { Knex } from 'knex';

/**
 * Tenants and their setup records. Every tenant-owned table has `tenant_id` first in its
 * primary key and in every index, and references other tenant-owned rows through
 * (tenant_id, id), so a row can never point into another tenant.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
  await knex.raw(`
    CREATE TABLE tenants (
      id uuid PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      created_at timestamptz NOT NULL
    );

    CREATE TABLE branches (
      tenant_id uuid NOT NULL REFERENCES tenants (id),
      id uuid NOT NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{1,20}$'),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id),
      CONSTRAINT branches_tenant_code_unique UNIQUE (tenant_id, code)
    );

    CREATE TABLE fiscal_years (
      tenant_id uuid NOT NULL REFERENCES tenants (id),
      id uuid NOT NULL,
      code text NOT NULL CHECK (code ~ '^[A-Za-z0-9_-]{1,20}$'),
      starts_on date NOT NULL,
      ends_on date NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id),
      CONSTRAINT fiscal_years_tenant_code_unique UNIQUE (tenant_id, code),
      CONSTRAINT fiscal_years_range_check CHECK (starts_on < ends_on),
      CONSTRAINT fiscal_years_no_overlap EXCLUDE USING gist (
        tenant_id WITH =, daterange(starts_on, ends_on, '[]') WITH &&
      )
    );

    CREATE TABLE warehouses (
      tenant_id uuid NOT NULL,
      id uuid NOT NULL,
      branch_id uuid NOT NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id),
      FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id)
    );
    CREATE INDEX warehouses_tenant_branch ON warehouses (tenant_id, branch_id);

    CREATE TABLE customers (
      tenant_id uuid NOT NULL REFERENCES tenants (id),
      id uuid NOT NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      email text,
      phone text,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TABLE customers, warehouses, fiscal_years, branches, tenants`);
}
