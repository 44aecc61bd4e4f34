import type { Static } from '@sinclair/typebox';
import type { UsageQuery } from '../../application/access/commands.js';
import type { UsageResponse } from '../shared/responses/gateway.js';
import type { RequestOptions, Transport } from './transport.js';

/** The typed methods of the external API's usage routes (one per route, named by its operationId). */
export class UsageApi {
  constructor(protected readonly transport: Transport) {}

  /** `GET /usage`: the caller's tenant's calls in a UTC month (`month`: `YYYY-MM`; default this month). */
  getUsage(
    query: Partial<Static<typeof UsageQuery>> = {},
    options?: RequestOptions,
  ): Promise<Static<typeof UsageResponse>> {
    return this.transport.send('GET', '/usage', { query }, options);
  }
}
