import { Router } from 'express';
import { ListProductsQuery, UpdateProductBody } from '../../../application/inventory/commands.js';
import type { ListProducts } from '../../../application/inventory/list-products.js';
import type { UpdateProduct } from '../../../application/inventory/update-product.js';
import { sendData, sendPage } from '../envelope.js';
import { presentProductListItem, presentUpdatedProduct } from '../inventory-presenters.js';
import { uuidParam } from '../params.js';
import { bodyValidator, queryValidator } from '../../shared/validation.js';
import { callerOf } from './caller.js';

export interface CatalogueUseCases {
  listProducts: ListProducts;
  updateProduct: UpdateProduct;
}

const listQuery = queryValidator(ListProductsQuery);
const updateBody = bodyValidator(UpdateProductBody);

/** Spec 4.1: the catalogue list and the product update. */
export function createCatalogueRoutes(uc: CatalogueUseCases): Router {
  const router = Router();

  router.get('/products', async (req, res) => {
    const page = await uc.listProducts.execute(callerOf(res), listQuery(req.query));
    sendPage(res, page, presentProductListItem);
  });

  router.put('/products/:id', async (req, res) => {
    const id = uuidParam(req.params.id);
    const product = await uc.updateProduct.execute(callerOf(res), id, updateBody(req.body));
    sendData(res, presentUpdatedProduct(product));
  });

  return router;
}
