import { Type, type Static } from '@sinclair/typebox';
import {
  ADJUSTMENT_STATUSES,
  ADJUSTMENT_TYPES,
  MAX_ADJUSTMENT_ITEMS,
  MAX_ITEM_QUANTITY,
  MAX_REASON_LENGTH,
} from '../../domain/inventory/adjustment-request.js';
import { STOCK_LEVEL_BOUNDS } from '../../domain/inventory/stock-level.js';
import { Money, Name, PageQueryFields, Quantity, Uuid } from '../shared/schemas.js';

/**
 * Every inventory input, declared once (issue 11): the HTTP routes and the CLI compile these
 * schemas with ajv (src/adapters/shared/validation.ts), which answers with the spec's
 * messages; the use cases take the `Static` command types and trust them. The domain builds
 * its value objects (Money, Quantity) from the typed values and writes no message of its own.
 */

/** Text that must hold more than blanks: validation.ts says "<field> should not be empty". */
function Text(maxLength: number) {
  return Type.String({ minLength: 1, maxLength, pattern: '\\S' });
}

const ProductName = Type.String({ ...Name, pattern: '\\S' });

/** One of `values`, as a plain JSON Schema enum (one error, listing the values). */
function OneOf<const T extends readonly string[]>(values: T) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
}

/** `GET /products`: page, limit and an optional search on name or SKU. */
export const ListProductsQuery = Type.Object({
  ...PageQueryFields,
  search: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ListProductsQuery = Static<typeof ListProductsQuery>;

/** `PUT /products/:id`: name and/or price, at least one. */
export const UpdateProductBody = Type.Object(
  {
    name: Type.Optional(ProductName),
    price: Type.Optional(Type.Number({ ...Money, 'x-message': 'price must be a positive number' })),
  },
  { additionalProperties: false, minProperties: 1, 'x-message': 'At least one of name or price must be given' },
);
export type UpdateProductCommand = Static<typeof UpdateProductBody>;

/** Back office `POST /tenants/:tenantId/products` and `product:create`. */
export const CreateProductBody = Type.Object(
  {
    name: ProductName,
    sku: Text(64),
    price: Type.Number({ ...Money, 'x-message': 'price must be a positive number with at most 2 decimals' }),
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
