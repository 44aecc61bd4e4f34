import { path } from '../admin-api.js';
import { str, type CliCommand } from '../command.js';

/** Tenants and their branches, fiscal years and warehouses. */
export const organizationCommands: CliCommand[] = [
  {
    name: 'tenant:create',
    summary: 'Create a tenant',
    flags: [{ name: 'name', required: true, help: 'display name' }],
    request: (v) => ({ method: 'POST', path: '/tenants', body: { name: v.name } }),
  },
  {
    name: 'tenant:update',
    summary: "Change a tenant's name or pricing mode (prices with or without tax)",
    flags: [
      { name: 'tenant', required: true, help: 'tenant id' },
      { name: 'name', help: 'display name' },
      {
        name: 'prices-include-tax',
        type: 'boolean',
        help: 'true: prices include tax (gross); false: tax is added on top (net, the default)',
      },
    ],
    request: (v) => ({
      method: 'PATCH',
      path: path`/tenants/${str(v, 'tenant')}`,
      body: { name: v.name, pricesIncludeTax: v['prices-include-tax'] },
    }),
  },
  {
    name: 'branch:create',
    summary: 'Create a branch of a tenant',
    flags: [
      { name: 'tenant', required: true, help: 'tenant id' },
      { name: 'name', required: true, help: 'display name' },
      { name: 'code', required: true, help: 'short code, e.g. HQ' },
    ],
    request: (v) => ({
      method: 'POST',
      path: path`/tenants/${str(v, 'tenant')}/branches`,
      body: { name: v.name, code: v.code },
    }),
  },
  {
    name: 'fiscal-year:create',
    summary: 'Create a fiscal year (must not overlap another of the tenant)',
    flags: [
      { name: 'tenant', required: true, help: 'tenant id' },
      { name: 'code', required: true, help: 'code used in document numbers, e.g. 2026' },
      { name: 'starts-on', required: true, help: 'first day, YYYY-MM-DD' },
      { name: 'ends-on', required: true, help: 'last day, YYYY-MM-DD' },
    ],
    request: (v) => ({
      method: 'POST',
      path: path`/tenants/${str(v, 'tenant')}/fiscal-years`,
      body: { code: v.code, startsOn: v['starts-on'], endsOn: v['ends-on'] },
    }),
  },
  {
    name: 'warehouse:create',
    summary: 'Create a warehouse in a branch',
    flags: [
      { name: 'tenant', required: true, help: 'tenant id' },
      { name: 'branch', required: true, help: 'branch id' },
      { name: 'name', required: true, help: 'display name' },
    ],
    request: (v) => ({
      method: 'POST',
      path: path`/tenants/${str(v, 'tenant')}/warehouses`,
      body: { branchId: v.branch, name: v.name },
    }),
  },
];
