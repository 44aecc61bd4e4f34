import { expect } from 'chai';
import { prepared } from '../../src/adapters/persistence/db.js';
import { openDatabase, type Database } from '../../src/infrastructure/database.js';

describe('the embedded database reached by URL', () => {
  let embedded: Database;
  let url: string;

  before(async () => {
    embedded = await openDatabase({ url: null, dataDir: null, poolMax: 2 });
    const { host, port } = embedded.connection as { host: string; port: number };
    // What another process (the benchmark's service, pglite-server) is given as DATABASE_URL.
    url = `postgres://postgres@${host}:${port}/postgres`;
  });

  after(async () => {
    await embedded.close();
  });

  it('is known for the embedded database, and never prepares a statement on its one shared session', async () => {
    const db = await openDatabase({ url, dataDir: null, poolMax: 4, preparedStatements: true });
    try {
      expect(db.kind).to.equal('embedded');
      // The same hot statement from several connections at once: a name prepared by one would
      // already exist for the next.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          prepared<{ rows: { n: number }[] }>(db.knex, 'SELECT ?::int * 2 AS n', [i]).then((r) => r.rows[0]!.n),
        ),
      );
      expect(answers).to.deep.equal(Array.from({ length: 20 }, (_, i) => i * 2));
      const { rows } = await db.knex.raw<{ rows: unknown[] }>('SELECT name FROM pg_prepared_statements');
      expect(rows).to.deep.equal([]);
    } finally {
      await db.close();
    }
  });
});
