import type { RouteDoc } from './route-doc.js';

/** The back office's setup, tenant read, integration (access) and webhook routes (CONTRACT §5). */
export const BACK_OFFICE_ROUTES: RouteDoc[] = [];
