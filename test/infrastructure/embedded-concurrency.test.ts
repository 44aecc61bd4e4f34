import { expect } from 'chai';
import { openDatabase } from '../../src/infrastructure/database.js';

describe('embedded database under concurrent connections', () => {
  it('keeps parameterised queries of parallel pooled connections apart, inside and outside transactions', async () => {
    const db = await openDatabase({ url: null, dataDir: null, poolMax: 10 });
    try {
      await db.knex.raw('CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL)');
      await db.knex('counter').insert({ id: 1, n: 0 });
      await db.knex.raw('CREATE TABLE seen (id int PRIMARY KEY, tag text NOT NULL)');
      // Different statement texts, so an interleaved Parse/Bind/Execute shows as an error or a wrong value.
      const reads = Array.from({ length: 400 }, (_, i) =>
        db.knex
          .raw<{ rows: { v: number }[] }>(`SELECT ?::int + ${i % 7} AS v${i % 5}`, [i])
          .then((r) => Object.values(r.rows[0]!)[0] as number),
      );
      const inserts = Array.from({ length: 300 }, (_, i) =>
        db.knex.raw('INSERT INTO seen (id, tag) VALUES (?, ?) ON CONFLICT DO NOTHING', [i, `t${i}`]),
      );
      const writes = Array.from({ length: 50 }, () =>
        db.knex.transaction(async (trx) => {
          const row = await trx('counter').where({ id: 1 }).forUpdate().first();
          await trx('counter')
            .where({ id: 1 })
            .update({ n: row.n + 1 });
        }),
      );
      const values = await Promise.all(reads);
      await Promise.all([...writes, ...inserts]);
      expect(values).to.deep.equal(Array.from({ length: 400 }, (_, i) => i + (i % 7)));
      expect((await db.knex('seen').count({ n: '*' }))[0]!.n).to.equal('300');
      expect((await db.knex('counter').first()).n).to.equal(50);
      // A failed statement does not stop the queue for everyone else.
      await expect(db.knex.raw('SELECT * FROM no_such_table WHERE id = ?', [1])).to.be.rejected;
      expect((await db.knex.raw('SELECT ?::int AS v', [7])).rows[0].v).to.equal(7);
    } finally {
      await db.close();
    }
  });
});
