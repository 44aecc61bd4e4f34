import type { GetLowStockSummary } from './get-low-stock-summary.js';
import type { ListAdjustments } from './list-adjustments.js';
import type { RequestAdjustment } from './request-adjustment.js';

/**
 * The inventory use cases the external API drives (spec 4.1); the router factory
 * `createInventoryRoutes` takes this object. Product list and update belong elsewhere.
 */
export interface InventoryUseCases {
  requestAdjustment: RequestAdjustment;
  listAdjustments: ListAdjustments;
  lowStockSummary: GetLowStockSummary;
}
