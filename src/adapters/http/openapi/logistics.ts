import type { RouteDoc } from './route-doc.js';

/** The logistics routes of the external API (CONTRACT §7.3). */
export const LOGISTICS_ROUTES: RouteDoc[] = [];

/** Their back-office routes. */
export const LOGISTICS_ADMIN_ROUTES: RouteDoc[] = [];
