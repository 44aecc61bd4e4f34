import type { Transport } from './transport.js';

/** The typed methods of the external API's logistics routes (one per route, named by its operationId). */
export class LogisticsApi {
  constructor(protected readonly transport: Transport) {}
}
