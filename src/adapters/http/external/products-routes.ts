import { Router } from 'express';
import type { ListProducts } from '../../../application/inventory/list-products.js';
import type { UpdateProduct } from '../../../application/inventory/update-product.js';
import { sendData, sendPage } from '../envelope.js';
import { uuidParam } from '../params.js';
import { bodyValidator, pageQuery, queryValidator, schemas } from '../validation.js';
import { callerOf } from './caller.js';

export interface CatalogueUseCases {
  listProducts: ListProducts;
  updateProduct: UpdateProduct;
}

const listQuery = queryValidator<{ page: number; limit: number; search?: string }>({
  type: 'object',
  properties: { ...pageQuery, search: { type: 'string', maxLength: 100 } },
});

const updateBody = bodyValidator<{ name?: string; price?: number }>({
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  'x-message': 'At least one of name or price must be given',
  properties: {
    name: schemas.name,
    price: { ...schemas.money, 'x-message': 'price must be a positive number' },
  },
});

/** Spec 4.1: the catalogue list and the product update. */
export function createCatalogueRoutes(uc: CatalogueUseCases): Router {
  const router = Router();

  router.get('/products', async (req, res) => {
    const page = await uc.listProducts.execute(callerOf(res), listQuery(req.query));
    sendPage(res, page, (p) => p);
  });

  router.put('/products/:id', async (req, res) => {
    const id = uuidParam(req.params.id);
    const product = await uc.updateProduct.execute(callerOf(res), id, updateBody(req.body));
    const { id: pid, name, slug, price, sku, minStock, updatedAt } = product.snapshot();
    sendData(res, { id: pid, name, price, slug, sku, minStock, updatedAt });
  });

  return router;
}
