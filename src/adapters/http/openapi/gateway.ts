import type { RouteDoc } from './route-doc.js';

/** The gateway's own external route (usage, CONTRACT §8). */
export const GATEWAY_ROUTES: RouteDoc[] = [];

/** The back office's plan and usage routes. */
export const GATEWAY_ADMIN_ROUTES: RouteDoc[] = [];
