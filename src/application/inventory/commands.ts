import { Type, type Static } from '@sinclair/typebox';
import {
  ADJUSTMENT_STATUSES,
  ADJUSTMENT_TYPES,
  MAX_ADJUSTMENT_ITEMS,
  MAX_ITEM_QUANTITY,
  MAX_REASON_LENGTH,
} from '../../domain/inventory/adjustment-request.js';
import { MAX_BARCODE_LENGTH, MAX_UNIT_LENGTH, PRICE_RULE } from '../../domain/inventory/product.js';
import { MAX_SUPPLIER_NAME_LENGTH, PURCHASE_ORDER_STATUSES } from '../../domain/inventory/purchase-order.js';
import {
  DEFAULT_RESERVATION_SECONDS,
  MAX_RESERVATION_SECONDS,
  MIN_RESERVATION_SECONDS,
  RESERVATION_STATUSES,
} from '../../domain/inventory/reservation.js';
import { MAX_DOCUMENT_ITEMS } from '../../domain/inventory/stock-lines.js';
import { STOCK_LEVEL_BOUNDS } from '../../domain/inventory/stock-level.js';
import {
  AtLeastOneOf,
  OneOf,
  CalendarDate,
  Money,
  Name,
  PageQueryFields,
  Quantity,
  SearchTerm,
  TaxRate,
  Text,
  UnitPrice,
  Uuid,
} from '../shared/schemas.js';

/**
 * Every inventory input, declared once: the HTTP routes and the CLI compile these
 * schemas with ajv (src/adapters/shared/validation.ts), which answers with the spec's
 * messages; the use cases take the `Static` command types and trust them. The domain builds
 * its value objects (Money, Quantity) from the typed values and writes no message of its own.
 */

/** `GET /products`: page, limit and an optional search on name or SKU. */
export const ListProductsQuery = Type.Object({
  ...PageQueryFields,
  search: Type.Optional(SearchTerm),
});
export type ListProductsQuery = Static<typeof ListProductsQuery>;

/** `PUT /products/:id`: name and/or price, at least one. */
export const UpdateProductBody = Type.Object(
  {
    name: Type.Optional(Name),
    price: Type.Optional(Type.Number({ ...Money, 'x-message': PRICE_RULE })),
  },
  {
    additionalProperties: false,
    ...AtLeastOneOf(['name', 'price']),
    'x-message': 'At least one of name or price must be given',
  },
);
export type UpdateProductCommand = Static<typeof UpdateProductBody>;

/**
 * `POST /products`, back office `POST /tenants/:tenantId/products` and
 * `product:create`: one schema for the three.
 */
export const CreateProductBody = Type.Object(
  {
    name: Name,
    sku: Text(64),
    unit: Type.Optional(Text(MAX_UNIT_LENGTH)),
    taxRate: Type.Optional(TaxRate),
    barcode: Type.Optional(Text(MAX_BARCODE_LENGTH)),
    price: Type.Number({ ...Money, 'x-message': PRICE_RULE }),
    minStock: Type.Optional(Type.Number({ minimum: 0, maximum: STOCK_LEVEL_BOUNDS.max.toNumber(), maxDecimals: 3 })),
    slug: Type.Optional(
      Type.String({
        pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
        maxLength: 200,
        'x-message': 'slug must be lowercase letters and digits separated by "-"',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateProductCommand = Static<typeof CreateProductBody> & { tenantId: string };

/** A row of a transfer or a reservation. */
const StockItemBody = Type.Object(
  { productId: Uuid, quantity: Type.Number({ ...Quantity, maximum: MAX_ITEM_QUANTITY }) },
  { additionalProperties: false },
);
const StockItems = Type.Array(StockItemBody, { minItems: 1, maxItems: MAX_DOCUMENT_ITEMS });
const Reference = Text(100);

/** `POST /products/transfer`. */
export const TransferStockBody = Type.Object(
  { fromWarehouseId: Uuid, toWarehouseId: Uuid, items: StockItems, reference: Type.Optional(Reference) },
  { additionalProperties: false },
);
export type TransferStockCommand = Static<typeof TransferStockBody>;

/** `POST /products/reserve`. */
export const ReserveStockBody = Type.Object(
  {
    warehouseId: Uuid,
    items: StockItems,
    reference: Type.Optional(Reference),
    expiresInSeconds: Type.Optional(
      Type.Integer({
        minimum: MIN_RESERVATION_SECONDS,
        maximum: MAX_RESERVATION_SECONDS,
        default: DEFAULT_RESERVATION_SECONDS,
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReserveStockCommand = Static<typeof ReserveStockBody>;

/** `POST /purchase-orders` and back office `POST /tenants/:tenantId/purchase-orders`. */
export const CreatePurchaseOrderBody = Type.Object(
  {
    supplierName: Text(MAX_SUPPLIER_NAME_LENGTH),
    warehouseId: Uuid,
    expectedOn: Type.Optional(CalendarDate('expectedOn')),
    items: Type.Array(
      Type.Object(
        {
          productId: Uuid,
          quantity: Type.Number({ ...Quantity, maximum: MAX_ITEM_QUANTITY }),
          unitCost: UnitPrice,
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_DOCUMENT_ITEMS },
    ),
  },
  { additionalProperties: false },
);
export type CreatePurchaseOrderCommand = Static<typeof CreatePurchaseOrderBody>;

/** The back office's create also names the fiscal year (default: the one covering today). */
export const AdminCreatePurchaseOrderBody = Type.Object(
  { ...CreatePurchaseOrderBody.properties, fiscalYearId: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export type AdminCreatePurchaseOrderCommand = Static<typeof AdminCreatePurchaseOrderBody> & { tenantId: string };

/** `GET /purchase-orders`. */
export const ListPurchaseOrdersQuery = Type.Object({
  status: Type.Optional(OneOf(PURCHASE_ORDER_STATUSES)),
  ...PageQueryFields,
});
export type ListPurchaseOrdersQuery = Static<typeof ListPurchaseOrdersQuery>;

/** Back office `GET /tenants/:tenantId/reservations`: `status` is the status a reservation reads now. */
export const ListReservationsQuery = Type.Object({
  status: Type.Optional(OneOf(RESERVATION_STATUSES)),
  warehouseId: Type.Optional(Uuid),
  productId: Type.Optional(Uuid),
  ...PageQueryFields,
});
export type ListReservationsQuery = Static<typeof ListReservationsQuery>;

/** Back office `GET /tenants/:tenantId/transfers`: `warehouseId` matches either end. */
export const ListTransfersQuery = Type.Object({
  warehouseId: Type.Optional(Uuid),
  productId: Type.Optional(Uuid),
  ...PageQueryFields,
});
export type ListTransfersQuery = Static<typeof ListTransfersQuery>;

/** Back office `GET /tenants/:tenantId/goods-receipts`. */
export const ListGoodsReceiptsQuery = Type.Object({
  warehouseId: Type.Optional(Uuid),
  purchaseOrderId: Type.Optional(Uuid),
  ...PageQueryFields,
});
export type ListGoodsReceiptsQuery = Static<typeof ListGoodsReceiptsQuery>;

/** Back office `POST /purchase-orders/:id/cancel`. */
export const CancelPurchaseOrderBody = Type.Object(
  { reason: Type.Optional(Text(500)) },
  { additionalProperties: false },
);
export interface CancelPurchaseOrderCommand {
  id: string;
  reason?: string;
}

/** `POST /goods-receipt`. */
export const ReceiveGoodsBody = Type.Object(
  {
    purchaseOrderId: Type.Optional(Uuid),
    warehouseId: Type.Optional(Uuid),
    supplierReference: Type.Optional(Reference),
    items: Type.Array(
      Type.Object(
        {
          productId: Uuid,
          quantity: Type.Number({ ...Quantity, maximum: MAX_ITEM_QUANTITY }),
          unitCost: Type.Optional(UnitPrice),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_DOCUMENT_ITEMS },
    ),
  },
  { additionalProperties: false },
);
export type ReceiveGoodsCommand = Static<typeof ReceiveGoodsBody>;

export const AdjustmentItemBody = Type.Object(
  {
    productId: Uuid,
    quantity: Type.Number({ ...Quantity, maximum: MAX_ITEM_QUANTITY }),
    type: OneOf(ADJUSTMENT_TYPES),
  },
  { additionalProperties: false },
);

/** `POST /products/adjust`. Item problems are reported as `Row N: Items ...`, N from 1. */
export const RequestAdjustmentBody = Type.Object(
  {
    warehouseId: Uuid,
    reason: Text(MAX_REASON_LENGTH),
    items: Type.Array(AdjustmentItemBody, { minItems: 1, maxItems: MAX_ADJUSTMENT_ITEMS }),
  },
  { additionalProperties: false },
);
export type RequestAdjustmentCommand = Static<typeof RequestAdjustmentBody>;

/** `GET /products/adjustments` and the back office's list of a tenant's requests. */
export const ListAdjustmentsQuery = Type.Object({
  status: Type.Optional(OneOf(ADJUSTMENT_STATUSES)),
  ...PageQueryFields,
});
export type ListAdjustmentsQuery = Static<typeof ListAdjustmentsQuery>;

/** Who decided, as kept on the request and the ledger (the admin API defaults it). */
const Actor = Type.String({ minLength: 1, maxLength: 100 });

/** Back office `POST /stock-adjustments/:id/approve`. */
export const ApproveAdjustmentBody = Type.Object({ approvedBy: Type.Optional(Actor) }, { additionalProperties: false });
export interface ApproveAdjustmentCommand {
  id: string;
  approvedBy: string;
}

/** Back office `POST /stock-adjustments/:id/reject`: a reason is required. */
export const RejectAdjustmentBody = Type.Object(
  { reason: Text(MAX_REASON_LENGTH), rejectedBy: Type.Optional(Actor) },
  { additionalProperties: false },
);
export interface RejectAdjustmentCommand {
  id: string;
  reason: Static<typeof RejectAdjustmentBody>['reason'];
  rejectedBy: string;
}

/** Back office `GET /tenants/:tenantId/products/:productId/ledger`. */
export const ListStockLedgerQuery = Type.Object(PageQueryFields);
export type ListStockLedgerCommand = Static<typeof ListStockLedgerQuery> & { tenantId: string; productId: string };
