import {
  Alert,
  Box,
  Button,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import {
  AutocompleteInput,
  Datagrid,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  ShowButton,
  useCreatePath,
  useExpanded,
  useGetOne,
  useListContext,
  useRecordContext,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { recordKey } from './dataProvider';
import { messageOf, useAdminRead } from './reads';

/*
 * What the pages of a tenant's records share: the tenant filter, lists that ask for a tenant
 * first, small labelled tables, and the names of the products, warehouses and invoices a
 * record refers to by id.
 */

export const tenantFilter = (
  <ReferenceInput key="tenantId" source="tenantId" reference="tenants" alwaysOn>
    <AutocompleteInput label="Tenant" optionText="name" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>
);

export const searchFilter = (placeholder: string) => (
  <SearchInput key="q" source="q" alwaysOn placeholder={placeholder} />
);

/** A status filter of the given statuses. */
export const statusFilter = (statuses: readonly string[]) => (
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={statuses.map((id) => ({ id, name: id }))}
    alwaysOn
  />
);

/** The tenant chosen in the list's filter, if any. */
function useListTenant(): string | undefined {
  const { filterValues } = useListContext();
  const tenantId = (filterValues as Record<string, unknown>).tenantId;
  return typeof tenantId === 'string' && tenantId !== '' ? tenantId : undefined;
}

/** The chosen tenant's warehouses, by name (`GET /tenants/:tenantId`). */
export function WarehouseFilter({ source = 'warehouseId' }: { source?: string; alwaysOn?: boolean }) {
  const tenantId = useListTenant();
  const { data } = useGetOne('tenants', { id: tenantId ?? '' }, { enabled: Boolean(tenantId) });
  const choices = ((data?.warehouses ?? []) as { id: string; name: string }[]).map((w) => ({ id: w.id, name: w.name }));
  return <SelectInput source={source} label="Warehouse" choices={choices} disabled={!tenantId} />;
}

/** One of the chosen tenant's products, found by name or SKU. */
export function ProductFilter({ source = 'productId' }: { source?: string; alwaysOn?: boolean }) {
  const tenantId = useListTenant();
  return (
    <ReferenceInput source={source} reference="products" filter={{ tenantId }}>
      <AutocompleteInput
        label="Product"
        optionText="name"
        filterToQuery={(q: string) => ({ q })}
        disabled={!tenantId}
      />
    </ReferenceInput>
  );
}

/** What an empty list says: choose a tenant first, or that the tenant has none. */
function NoRecords({ what }: { what: string }) {
  const tenantId = useListTenant();
  return (
    <Typography variant="body2" sx={{ p: 2 }}>
      {tenantId ? `No ${what}.` : `Choose a tenant to see its ${what}.`}
    </Typography>
  );
}

/**
 * A list of a tenant's records, paged and filtered by the admin API: the `Tenant` filter first,
 * then `filters`; each row opens its page with `Open`.
 */
export function TenantRecordList(props: {
  title: string;
  what: string;
  filters?: ReactElement[];
  children: ReactNode;
  expand?: ReactElement;
  open?: boolean;
}) {
  const { title, what, filters = [], children, expand, open = true } = props;
  return (
    <List
      filters={[tenantFilter, ...filters]}
      perPage={25}
      title={title}
      empty={false}
      storeKey={false}
      exporter={false}
    >
      <Datagrid rowClick={false} bulkActionButtons={false} expand={expand} empty={<NoRecords what={what} />}>
        {children}
        {open ? <ShowButton label="Open" /> : null}
      </Datagrid>
    </List>
  );
}

/** A record's read under its tenant (`/tenants/:tenantId/<resource>/:id`), for a panel under its row. */
export function useTenantRead<T>(resource: string) {
  const record = useRecordContext();
  const id = String(record?.recordId ?? '');
  const tenantId = String(record?.tenantId ?? '');
  const path = `/tenants/${encodeURIComponent(tenantId)}/${resource}/${encodeURIComponent(id)}`;
  return useAdminRead<T>([resource, tenantId, id], path, id !== '' && tenantId !== '');
}

/** Opens and closes the panel under a row: a labelled button in the tab order. */
export function DetailButton({ what }: { what: string }) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? 'products';
  const [expanded, toggle] = useExpanded(resource, record?.id ?? '');
  if (!record) return null;
  const name = String(record.name ?? record.billNumber ?? record.id);
  return (
    <Button
      size="small"
      aria-expanded={expanded}
      aria-label={`${expanded ? 'Hide' : 'Show'} ${what} of ${name}`}
      onClick={(e) => {
        e.stopPropagation();
        toggle();
      }}
    >
      {expanded ? 'Hide' : what}
    </Button>
  );
}

/** A small table with a name for screen readers: the first column left, the others right. */
export function SmallTable({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <Box sx={{ overflowX: 'auto', mb: 1 }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={h} align={i === 0 ? 'left' : 'right'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Box>
  );
}

/** A section of a record's page with its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2, minWidth: 0 }}>
      <Typography component="h2" variant="subtitle1" id={id} sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A failed read's message, or a line saying what is loading. */
export function ReadState({ error, what }: { error: unknown; what: string }) {
  if (error) return <Alert severity="error">{messageOf(error)}</Alert>;
  return <Typography variant="body2">Loading {what}…</Typography>;
}

/** A product of the tenant by name and SKU (its id until they are read). */
export function ProductName({ tenantId, productId }: { tenantId: string; productId: string }) {
  const { data } = useGetOne('products', { id: recordKey(tenantId, productId) }, { staleTime: 60_000 });
  return <>{data ? `${String(data.name)} (${String(data.sku)})` : productId}</>;
}

/** A warehouse of the tenant by name (its id until the tenant is read). */
export function WarehouseName({ tenantId, warehouseId }: { tenantId: string; warehouseId: string }) {
  const { data } = useGetOne('tenants', { id: tenantId }, { staleTime: 60_000 });
  const warehouse = ((data?.warehouses ?? []) as { id: string; name: string }[]).find((w) => w.id === warehouseId);
  return <>{warehouse?.name ?? warehouseId}</>;
}

/** The warehouse a row names in `source`, by name. */
export function WarehouseField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<RaRecord>();
  if (!record?.[source]) return <>—</>;
  return <WarehouseName tenantId={String(record.tenantId)} warehouseId={String(record[source])} />;
}

/** A link to a record of the same tenant's `resource`, named by `label` (read from its page's record). */
export function TenantRecordLink(props: { resource: string; tenantId: string; id: string; label: string }) {
  const createPath = useCreatePath();
  const to = createPath({ resource: props.resource, type: 'show', id: recordKey(props.tenantId, props.id) });
  return (
    <MuiLink component={Link} to={to} onClick={(e: MouseEvent) => e.stopPropagation()}>
      {props.label}
    </MuiLink>
  );
}

/** The invoice a row names in `invoiceId`: its number, linking to its page. */
export function InvoiceField(_: { label?: string; sortable?: boolean }) {
  const record = useRecordContext<RaRecord>();
  const tenantId = String(record?.tenantId ?? '');
  const invoiceId = record?.invoiceId ? String(record.invoiceId) : '';
  const { data } = useGetOne(
    'invoices',
    { id: recordKey(tenantId, invoiceId) },
    { enabled: invoiceId !== '', staleTime: 60_000 },
  );
  if (invoiceId === '') return <>—</>;
  return (
    <TenantRecordLink
      resource="invoices"
      tenantId={tenantId}
      id={invoiceId}
      label={data ? String(data.billNumber) : 'Invoice'}
    />
  );
}

/** The items of a stock document: each product by name, with its quantity. */
export function StockItems(props: {
  label: string;
  tenantId: string;
  items: { productId: string; quantity: number }[];
}) {
  return (
    <SmallTable label={props.label} head={['Product', 'Quantity']}>
      {props.items.map((item) => (
        <TableRow key={item.productId}>
          <TableCell>
            <ProductName tenantId={props.tenantId} productId={item.productId} />
          </TableCell>
          <TableCell align="right">{item.quantity}</TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
}

/** A record page's title component: the noun and one field of the record (`Reservation RSV-2026-000001`). */
export function titleOf(noun: string, field: string) {
  return function RecordTitle() {
    const record = useRecordContext();
    return <>{record ? `${noun} ${String(record[field])}` : noun}</>;
  };
}
