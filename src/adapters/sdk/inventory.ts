import type { Transport } from './transport.js';

/** The typed methods of the external API's inventory routes (one per route, named by its operationId). */
export class InventoryApi {
  constructor(protected readonly transport: Transport) {}
}
