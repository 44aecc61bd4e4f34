import type { RouteDoc } from './route-doc.js';

/** The billing routes of the external API (spec 4.2, CONTRACT §7.2). */
export const BILLING_ROUTES: RouteDoc[] = [];

/** Their back-office routes (CONTRACT §5). */
export const BILLING_ADMIN_ROUTES: RouteDoc[] = [];
