import type { CreateProduct } from './create-product.js';
import type { GetLowStockSummary } from './get-low-stock-summary.js';
import type { GetProduct } from './get-product.js';
import type { ListProducts } from './list-products.js';
import type { UpdateProduct } from './update-product.js';
import type { GetAdjustment } from './get-adjustment.js';
import type { ListAdjustments } from './list-adjustments.js';
import type { CreatePurchaseOrder, ListPurchaseOrders } from './purchase-orders.js';
import type { ReceiveGoods } from './receive-goods.js';
import type { RequestAdjustment } from './request-adjustment.js';
import type { CommitReservation, GetReservation, ReleaseReservation } from './reservation-lifecycle.js';
import type { ReserveStock } from './reserve-stock.js';
import type { TransferStock } from './transfer-stock.js';

/**
 * The catalogue and inventory use cases the external API drives: products, stock, adjustment
 * requests, transfers, reservations, purchase orders and goods receipts.
 */
export interface InventoryUseCases {
  listProducts: ListProducts;
  updateProduct: UpdateProduct;
  requestAdjustment: RequestAdjustment;
  listAdjustments: ListAdjustments;
  getAdjustment: GetAdjustment;
  lowStockSummary: GetLowStockSummary;
  createProduct: CreateProduct;
  getProduct: GetProduct;
  transferStock: TransferStock;
  reserveStock: ReserveStock;
  getReservation: GetReservation;
  commitReservation: CommitReservation;
  releaseReservation: ReleaseReservation;
  createPurchaseOrder: CreatePurchaseOrder;
  listPurchaseOrders: ListPurchaseOrders;
  receiveGoods: ReceiveGoods;
}
