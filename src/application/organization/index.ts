import type { ListWarehouses } from './list-warehouses.js';

/** The organization use cases the external API drives: the lookups of a tenant's own set-up records. */
export interface OrganizationUseCases {
  listWarehouses: ListWarehouses;
}
