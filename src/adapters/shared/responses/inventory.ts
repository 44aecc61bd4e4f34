import { Type, type TProperties, type TSchema } from '@sinclair/typebox';
import { ADJUSTMENT_STATUSES } from '../../../domain/inventory/adjustment-request.machine.js';
import { ADJUSTMENT_TYPES } from '../../../domain/inventory/adjustment-request.js';
import { LOW_STOCK_STATUSES } from '../../../domain/inventory/low-stock.js';
import { PURCHASE_ORDER_STATUSES } from '../../../domain/inventory/purchase-order.machine.js';
import { RESERVATION_STATUSES } from '../../../domain/inventory/reservation.machine.js';
import { LEDGER_TYPES } from '../../../domain/inventory/stock-ledger.js';
import { DecidedBy, Decimal, Id, NullableString, Timestamp } from './common.js';

/**
 * The `data` of every catalogue and inventory answer (spec 4.1 and the routes added to it), declared
 * once: the presenters of src/adapters/http/inventory-presenters.ts are typed by these schemas,
 * the OpenAPI document publishes them, the end-to-end tests validate real answers against them
 * and the SDK's `InventoryApi` takes its return types from them.
 */

/** One of `values`, as a plain JSON Schema enum typed as their union. */
function Enum<const T extends readonly string[]>(values: T, description?: string) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });
}

function Strict<T extends TProperties>(properties: T, options: { description?: string } = {}) {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Quantity = Type.Number({ description: 'An exact decimal quantity (at most 3 decimals).' });
const Money = Type.Number({ description: 'An exact decimal amount (at most 2 decimals).' });
const Sku = Type.String({ examples: ['MUG-001'] });
const Slug = Type.String({ examples: ['blue-mug'] });

/** A row of a transfer or a reservation. */
const StockItem = Strict({ productId: Id, quantity: Quantity });

/** `GET /products`: one row of the catalogue (spec 2.2 plus currentStock and minStock). */
export const ProductListItemResponse = Strict(
  {
    id: Id,
    name: Type.String({ examples: ['Blue mug'] }),
    slug: Slug,
    price: Money,
    sku: Sku,
    currentStock: Type.Number({ description: 'On hand, summed over the warehouses.' }),
    minStock: Quantity,
  },
  { description: 'A product of the catalogue.' },
);

/** `PUT /products/:id` (spec 4.1). */
export const UpdatedProductResponse = Strict(
  { id: Id, name: Type.String(), price: Money, slug: Slug, sku: Sku, minStock: Quantity, updatedAt: Timestamp },
  { description: 'The product after the update.' },
);

/** The back office's product (admin create, CLI): every stored field but the tenant. */
export const ProductResponse = Strict({
  id: Id,
  name: Type.String(),
  slug: Slug,
  sku: Sku,
  price: Money,
  unit: Type.String({ examples: ['pcs'] }),
  taxRate: Type.Number({ description: 'A percentage, 0 to 100.' }),
  barcode: NullableString,
  minStock: Quantity,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** One warehouse's stock of a product. */
const WarehouseStock = Strict({
  warehouseId: Id,
  warehouseName: Type.String(),
  onHand: Quantity,
  reserved: Type.Number({ description: 'What unexpired ACTIVE reservations hold.' }),
  available: Type.Number({ description: 'onHand − reserved.' }),
});

/** `GET /products/:id` and `POST /products`: the product with its stock. */
export const ProductDetailResponse = Strict(
  {
    ...ProductResponse.properties,
    currentStock: Type.Number({ description: 'On hand, summed over the warehouses.' }),
    stock: Type.Array(WarehouseStock, { description: 'One entry per warehouse that ever held the product.' }),
  },
  { description: 'A product with its stock per warehouse.' },
);

/** `GET /products/stock`: OUT_OF_STOCK then LOW_STOCK, both always present. */
export const LowStockSummaryResponse = Strict(
  {
    status: Enum(LOW_STOCK_STATUSES),
    productCount: Type.Integer({ minimum: 0, description: 'Every product of this status.' }),
    products: Type.Array(
      Strict({ id: Id, name: Type.String(), sku: Sku, currentStock: Type.Number(), minStock: Quantity }),
      { description: 'At most 100, lowest stock first, then name and id.' },
    ),
  },
  { description: 'The products of one low-stock status.' },
);

export const LowStockResponse = Type.Array(LowStockSummaryResponse);

const AdjustmentItem = Strict({ productId: Id, quantity: Quantity, type: Enum(ADJUSTMENT_TYPES) });
const AdjustmentNumber = Type.String({ examples: ['ADJ-2025-000001'] });
const AdjustmentStatus = Enum(ADJUSTMENT_STATUSES);

/** `GET /products/adjustments` and the back office's list of a tenant's requests. */
export const AdjustmentSummaryResponse = Strict({
  id: Id,
  number: AdjustmentNumber,
  warehouseId: Id,
  status: AdjustmentStatus,
  reason: Type.String(),
  createdAt: Timestamp,
});

/** `POST /products/adjust` (spec 4.1): the request, PENDING until the back office decides. */
export const AdjustmentResponse = Strict({
  ...AdjustmentSummaryResponse.properties,
  items: Type.Array(AdjustmentItem),
});

/** One row of a request naming its product: its name and SKU as they are now. */
const AdjustmentDetailItem = Strict({
  productId: Id,
  productName: Type.String({ examples: ['Blue mug'] }),
  sku: Sku,
  quantity: Quantity,
  type: Enum(ADJUSTMENT_TYPES),
});

/** `GET /products/adjustments/:id`: the request with each row's product name and SKU. */
export const AdjustmentDetailResponse = Strict(
  { ...AdjustmentSummaryResponse.properties, items: Type.Array(AdjustmentDetailItem) },
  { description: 'A stock adjustment request, each row naming its product.' },
);

/** The back office's view of a request: everything, including who asked and who decided. */
export const BackOfficeAdjustmentResponse = Strict({
  id: Id,
  tenantId: Id,
  number: AdjustmentNumber,
  warehouseId: Id,
  branchId: Id,
  fiscalYearId: Id,
  integrationId: Id,
  status: AdjustmentStatus,
  reason: Type.String(),
  items: Type.Array(AdjustmentItem),
  decidedBy: NullableString,
  decidedAt: Nullable(Timestamp),
  rejectionReason: NullableString,
  createdAt: Timestamp,
});

/** `GET /stock-adjustments/:id` (back office): the request, who asked, and each row's stock now. */
export const BackOfficeAdjustmentDetailResponse = Strict(
  {
    ...BackOfficeAdjustmentResponse.properties,
    clientName: Type.String({ description: 'The name of the integration that asked (`integrationId`).' }),
    items: Type.Array(
      Strict({
        ...AdjustmentDetailItem.properties,
        onHand: Type.Number({ description: "What the request's warehouse holds of the product now." }),
        available: Type.Number({
          description: 'What may be taken of it now: on hand less what active reservations hold (never below 0).',
        }),
      }),
    ),
  },
  { description: 'A stock adjustment request with who asked and, per row, the stock of its product now.' },
);

/** A stock ledger entry (back-office ledger read). */
export const LedgerEntryResponse = Strict({
  id: Id,
  warehouseId: Id,
  productId: Id,
  type: Enum(LEDGER_TYPES),
  quantity: Type.Number({ description: 'Signed: negative for a movement out.' }),
  balanceAfter: Quantity,
  sourceId: Id,
  sourceNumber: Type.String({ examples: ['GRN-2025-000001'] }),
  row: Type.Integer({ minimum: 1 }),
  adjustmentRequestId: Nullable(Id),
  approvedBy: NullableString,
  createdAt: Timestamp,
});

/** `POST /products/transfer`. */
export const TransferResponse = Strict({
  id: Id,
  transferNumber: Type.String({ examples: ['TRF-2025-000001'] }),
  fromWarehouseId: Id,
  toWarehouseId: Id,
  reference: NullableString,
  items: Type.Array(StockItem),
  createdAt: Timestamp,
});

/** `POST /products/reserve`, `GET /products/reservations/:id`, commit and release. */
export const ReservationResponse = Strict({
  id: Id,
  reservationNumber: Type.String({ examples: ['RSV-2025-000001'] }),
  status: Enum(RESERVATION_STATUSES, 'As of the time of reading: an ACTIVE one past expiresAt reads EXPIRED.'),
  warehouseId: Id,
  reference: NullableString,
  items: Type.Array(StockItem),
  expiresAt: Timestamp,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** `POST` and `GET /purchase-orders`, back-office create and cancel. */
export const PurchaseOrderResponse = Strict({
  id: Id,
  poNumber: Type.String({ examples: ['PO-2025-000001'] }),
  supplierName: Type.String(),
  warehouseId: Id,
  status: Enum(PURCHASE_ORDER_STATUSES),
  expectedOn: Nullable(Type.String({ format: 'date' })),
  items: Type.Array(Strict({ productId: Id, orderedQuantity: Quantity, receivedQuantity: Quantity, unitCost: Money })),
  cancelReason: NullableString,
  cancelledBy: DecidedBy('Who cancelled it', 'unless CANCELLED'),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** `POST /goods-receipt`. */
export const GoodsReceiptResponse = Strict({
  id: Id,
  receiptNumber: Type.String({ examples: ['GRN-2025-000001'] }),
  purchaseOrderId: Nullable(Id),
  warehouseId: Id,
  supplierReference: NullableString,
  items: Type.Array(Strict({ productId: Id, quantity: Quantity, unitCost: Nullable(Decimal) })),
  createdAt: Timestamp,
});
