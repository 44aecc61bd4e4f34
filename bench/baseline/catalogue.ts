/**
 * The baseline's catalogue reads: the product list and search, and the product detail. Each
 * route's comment lists its statements; "claim" is the nonce claim (bench/baseline/gateway.ts),
 * sent beside the route's first statement as the service sends it.
 */
import type { Express } from 'express';
import { env, ok, pool, readRoute, Refused } from './gateway.js';

export function catalogueRoutes(app: Express): void {
  app.get('/api/v1/external/products', listProducts);
  app.get('/api/v1/external/products/:id', productDetail);
}

/**
 * GET /products[?search=] — claim, the page and its count side by side (3 statements on 3
 * connections). Written as by hand, without the service's kept totals (`product_counts`,
 * `products.current_stock`) or its trigram-friendly search expression: the page sums each
 * product's stock, the count counts the tenant's (matching) rows, and a search is `LIKE` on
 * name or SKU. Same answer, plainer SQL: the reads' target (≥ 1.5×) is set against this.
 */
const listProducts = readRoute(async (req, claim) => {
  const page = Number(req.query.page ?? 1);
  const limit = Number(req.query.limit ?? 10);
  const search = typeof req.query.search === 'string' ? req.query.search : '';
  const params: unknown[] = [env.tenantId];
  let where = 'p.tenant_id = $1';
  if (search) {
    params.push(`%${search.toLowerCase()}%`);
    where += ' AND (lower(p.name) LIKE $2 OR lower(p.sku) LIKE $2)';
  }
  const [, rows, count] = await Promise.all([
    claim,
    pool.query(
      `SELECT p.*, COALESCE((SELECT sum(s.quantity) FROM stock_levels s WHERE s.tenant_id = p.tenant_id AND s.product_id = p.id), 0) AS current_stock
       FROM products p WHERE ${where} ORDER BY p.name, p.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      params,
    ),
    pool.query(`SELECT count(*) AS total FROM products p WHERE ${where}`, params),
  ]);
  return {
    status: 200,
    body: {
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
    },
  };
});

/**
 * GET /products/:id — claim beside the product's row; then its stock per warehouse (with the
 * warehouse's name), its reserved quantity less the holds of reservations past their expiry
 * that no sweep has freed yet: the service's two statements.
 */
const productDetail = readRoute(async (req, claim) => {
  const id = req.params.id as string;
  const [, found] = await Promise.all([
    claim,
    pool.query('SELECT * FROM products WHERE tenant_id = $1 AND id = $2 LIMIT 1', [env.tenantId, id]),
  ]);
  const product = found.rows[0];
  if (!product) throw new Refused(404, 'Product not found');
  const { rows } = await pool.query<{
    warehouse_id: string;
    warehouse_name: string;
    on_hand: string;
    reserved: string;
  }>(
    `SELECT s.warehouse_id, w.name AS warehouse_name, s.quantity AS on_hand, (s.reserved - COALESCE((
       SELECT sum(ri.quantity) FROM reservations r
       JOIN reservation_items ri ON ri.tenant_id = r.tenant_id AND ri.reservation_id = r.id
       WHERE r.tenant_id = s.tenant_id AND r.warehouse_id = s.warehouse_id AND ri.product_id = s.product_id
         AND r.status IN ('ACTIVE') AND r.expires_at <= $1), 0)) AS reserved
     FROM stock_levels s JOIN warehouses w ON w.tenant_id = s.tenant_id AND w.id = s.warehouse_id
     WHERE s.tenant_id = $2 AND s.product_id = $3
     ORDER BY w.name, w.id`,
    [new Date(), env.tenantId, id],
  );
  return ok(200, {
    id: product.id,
    name: product.name,
    slug: product.slug,
    sku: product.sku,
    price: Number(product.price),
    unit: product.unit,
    taxRate: Number(product.tax_rate),
    barcode: product.barcode,
    minStock: Number(product.min_stock),
    currentStock: Number(product.current_stock),
    stock: rows.map((r) => ({
      warehouseId: r.warehouse_id,
      warehouseName: r.warehouse_name,
      onHand: Number(r.on_hand),
      reserved: Number(r.reserved),
      available: Math.max(Number(r.on_hand) - Number(r.reserved), 0),
    })),
  });
});
