import type { RouteDoc } from './route-doc.js';

/** The catalogue and stock routes of the external API (spec 4.1, CONTRACT §7.1). */
export const INVENTORY_ROUTES: RouteDoc[] = [];

/** Their back-office routes (CONTRACT §5). */
export const INVENTORY_ADMIN_ROUTES: RouteDoc[] = [];
