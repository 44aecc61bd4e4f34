import { Quantity } from '../shared/quantity.js';

/**
 * What a stock level (one product in one warehouse) may hold: never below zero, never past
 * what the storage keeps (numeric(14,3)). Approval applies each item only when the level
 * after it stays inside; the persistence adapter's conditional updates take their bounds
 * from here (test/adapters/persistence/inventory-rules.test.ts runs both on the same cases).
 */
export const STOCK_LEVEL_BOUNDS = { min: Quantity.ZERO, max: Quantity.of('99999999999.999') } as const;

/** The level after `delta` (signed), or null when it would leave STOCK_LEVEL_BOUNDS. */
export function levelAfter(level: Quantity, delta: Quantity): Quantity | null {
  const after = level.plus(delta);
  if (after.lessThan(STOCK_LEVEL_BOUNDS.min) || after.greaterThan(STOCK_LEVEL_BOUNDS.max)) return null;
  return after;
}
