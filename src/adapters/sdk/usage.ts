import type { Transport } from './transport.js';

/** The typed methods of the external API's usage routes (one per route, named by its operationId). */
export class UsageApi {
  constructor(protected readonly transport: Transport) {}
}
