import type { Static } from '@sinclair/typebox';
import type {
  CreateProductBody,
  CreatePurchaseOrderBody,
  ListAdjustmentsQuery,
  ListProductsQuery,
  ListPurchaseOrdersQuery,
  ReceiveGoodsBody,
  RequestAdjustmentBody,
  ReserveStockBody,
  TransferStockBody,
  UpdateProductBody,
} from '../../application/inventory/commands.js';
import type {
  AdjustmentResponse,
  AdjustmentSummaryResponse,
  GoodsReceiptResponse,
  LowStockResponse,
  ProductDetailResponse,
  ProductListItemResponse,
  PurchaseOrderResponse,
  ReservationResponse,
  TransferResponse,
  UpdatedProductResponse,
} from '../shared/responses/inventory.js';
import type { PageOf, RequestOptions, Transport } from './transport.js';

/** What the inventory methods answer: the `data` of each route, typed by its response schema. */
export type ProductListItem = Static<typeof ProductListItemResponse>;
export type UpdatedProduct = Static<typeof UpdatedProductResponse>;
export type ProductDetail = Static<typeof ProductDetailResponse>;
export type LowStockSummary = Static<typeof LowStockResponse>;
export type Adjustment = Static<typeof AdjustmentResponse>;
export type AdjustmentSummary = Static<typeof AdjustmentSummaryResponse>;
export type Transfer = Static<typeof TransferResponse>;
export type Reservation = Static<typeof ReservationResponse>;
export type PurchaseOrder = Static<typeof PurchaseOrderResponse>;
export type GoodsReceipt = Static<typeof GoodsReceiptResponse>;

const id = (value: string) => encodeURIComponent(value);

/** The typed methods of the external API's inventory routes (one per route, named by its operationId). */
export class InventoryApi {
  constructor(protected readonly transport: Transport) {}

  /** `GET /products`: the catalogue, by name then id; `search` matches name or SKU. */
  listProducts(query: Partial<Static<typeof ListProductsQuery>> = {}): Promise<PageOf<ProductListItem>> {
    return this.transport.sendPage('/products', query);
  }

  /** `PUT /products/:id`: name and/or price. */
  updateProduct(
    productId: string,
    body: Static<typeof UpdateProductBody>,
    options?: RequestOptions,
  ): Promise<UpdatedProduct> {
    return this.transport.send('PUT', `/products/${id(productId)}`, { body }, options);
  }

  /** `POST /products`. */
  createProduct(body: Static<typeof CreateProductBody>, options?: RequestOptions): Promise<ProductDetail> {
    return this.transport.send('POST', '/products', { body }, options);
  }

  /** `GET /products/:id`: the product with its stock per warehouse. */
  getProduct(productId: string): Promise<ProductDetail> {
    return this.transport.send('GET', `/products/${id(productId)}`);
  }

  /** `GET /products/stock`: the OUT_OF_STOCK and LOW_STOCK summaries. */
  listLowStock(): Promise<LowStockSummary> {
    return this.transport.send('GET', '/products/stock');
  }

  /** `POST /products/adjust`: a request the back office approves or rejects. */
  requestAdjustment(body: Static<typeof RequestAdjustmentBody>, options?: RequestOptions): Promise<Adjustment> {
    return this.transport.send('POST', '/products/adjust', { body }, options);
  }

  /** `GET /products/adjustments`: newest first. */
  listAdjustments(query: Partial<Static<typeof ListAdjustmentsQuery>> = {}): Promise<PageOf<AdjustmentSummary>> {
    return this.transport.sendPage('/products/adjustments', query);
  }

  /** `POST /products/transfer`. */
  transferStock(body: Static<typeof TransferStockBody>, options?: RequestOptions): Promise<Transfer> {
    return this.transport.send('POST', '/products/transfer', { body }, options);
  }

  /** `POST /products/reserve`. */
  reserveStock(body: Static<typeof ReserveStockBody>, options?: RequestOptions): Promise<Reservation> {
    return this.transport.send('POST', '/products/reserve', { body }, options);
  }

  /** `GET /products/reservations/:id`: its status as of now. */
  getReservation(reservationId: string): Promise<Reservation> {
    return this.transport.send('GET', `/products/reservations/${id(reservationId)}`);
  }

  /** `POST /products/reservations/:id/commit`. */
  commitReservation(reservationId: string, options?: RequestOptions): Promise<Reservation> {
    return this.transport.send('POST', `/products/reservations/${id(reservationId)}/commit`, { body: {} }, options);
  }

  /** `POST /products/reservations/:id/release`. */
  releaseReservation(reservationId: string, options?: RequestOptions): Promise<Reservation> {
    return this.transport.send('POST', `/products/reservations/${id(reservationId)}/release`, { body: {} }, options);
  }

  /** `POST /purchase-orders`. */
  createPurchaseOrder(body: Static<typeof CreatePurchaseOrderBody>, options?: RequestOptions): Promise<PurchaseOrder> {
    return this.transport.send('POST', '/purchase-orders', { body }, options);
  }

  /** `GET /purchase-orders`: newest first. */
  listPurchaseOrders(query: Partial<Static<typeof ListPurchaseOrdersQuery>> = {}): Promise<PageOf<PurchaseOrder>> {
    return this.transport.sendPage('/purchase-orders', query);
  }

  /** `POST /goods-receipt`. */
  receiveGoods(body: Static<typeof ReceiveGoodsBody>, options?: RequestOptions): Promise<GoodsReceipt> {
    return this.transport.send('POST', '/goods-receipt', { body }, options);
  }
}
