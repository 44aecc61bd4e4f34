/**
 * The benchmark baseline: a minimal hand-written express 5 + pg server doing the same SQL as
 * the service for each scenario, with no authentication, no validation and none of our
 * framework. `DATABASE_URL` and `PORT` come from the environment; `TENANT_ID` fixes the tenant.
 */
import express from 'express';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const tenantId = process.env.TENANT_ID!;
const app = express();
app.use(express.json({ limit: '1mb' }));

app.get('/api/v1/external/products', async (req, res) => {
  const page = Number(req.query.page ?? 1);
  const limit = Number(req.query.limit ?? 10);
  const search = typeof req.query.search === 'string' ? req.query.search : '';
  const params: unknown[] = [tenantId];
  let where = 'p.tenant_id = $1';
  if (search) {
    params.push(`%${search.toLowerCase()}%`);
    where += ' AND (lower(p.name) LIKE $2 OR lower(p.sku) LIKE $2)';
  }
  const [rows, count] = await Promise.all([
    pool.query(
      `SELECT p.*, COALESCE((SELECT sum(s.quantity) FROM stock_levels s WHERE s.tenant_id = p.tenant_id AND s.product_id = p.id), 0) AS current_stock
       FROM products p WHERE ${where} ORDER BY p.name, p.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      params,
    ),
    pool.query(`SELECT count(*) AS total FROM products p WHERE ${where}`, params),
  ]);
  res.json({
    success: true,
    data: rows.rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      price: Number(r.price),
      sku: r.sku,
      currentStock: Number(r.current_stock),
      minStock: Number(r.min_stock),
    })),
    pagination: { total: Number(count.rows[0].total), page, limit },
  });
});

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
