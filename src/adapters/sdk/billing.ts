import type { Transport } from './transport.js';

/** The typed methods of the external API's billing routes (one per route, named by its operationId). */
export class BillingApi {
  constructor(protected readonly transport: Transport) {}
}
